// Errors a service throws to answer with the envelope: an HTTP status, the envelope status and
// a message the user can read. The app's one error handler turns them into responses.
import { STATUS } from '../../shared/contract/envelope';
import { MESSAGES } from '../../shared/messages';

export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly status: number = STATUS.error,
    readonly data: unknown[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data: unknown[] = []) =>
  new AppError(400, message, STATUS.badRequest, data);
export const unauthorized = (message: string = MESSAGES.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, STATUS.error, [{ retryAfterSeconds }], { 'retry-after': String(retryAfterSeconds) });
export const unavailable = (message: string) => new AppError(503, message);

/**
 * PostgreSQL refuses to store text holding NUL (22021) or a JSON `\u0000` (22P05); SQLite stores
 * both. The text came from the caller, so it is their invalid input, not our failure (decision 078).
 */
export function isUnstorableText(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  return code === '22021' || code === '22P05';
}

/** SQLSTATEs that mean the database can read but not store: disk full (53100), read-only (25006). */
const CANNOT_STORE_SQLSTATE = /^(53100|25006)$/;
/** Other SQLSTATEs that mean "the database cannot serve us now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATE = [
  /^08/, // connection exception
  /^53/, // insufficient resources: out of memory, too many connections
  /^57P0[1-3]$/, // admin shutdown, crash shutdown, cannot connect now (starting up or shutting down)
];
/** SQLite's primary result codes for a full disk, a read-only file and an I/O failure: nothing can be stored. */
const CANNOT_STORE_SQLITE = new Map([
  [13, 'SQLITE_FULL'],
  [8, 'SQLITE_READONLY'],
  [10, 'SQLITE_IOERR'],
]);
/** SQLite's lock held past the busy timeout. */
const SQLITE_BUSY = 5;
/** Node's socket errors on the way to PostgreSQL. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** What pg says when a socket closed under a query, a pool wait timed out, or the server went away. */
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * The 503 message when the database failed for a reason of its own, so the caller should try
 * again later rather than change the request (decision 092); null for every other error.
 * "Cannot save" for a full disk or a read-only database, where reads still work; "briefly
 * unavailable" for an unreachable, restarting or overloaded one. Either engine.
 */
export function unavailableMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (CANNOT_STORE_SQLSTATE.test(code)) return MESSAGES.cannotSave;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.some((pattern) => pattern.test(code)))
      return MESSAGES.unavailable;
    if (UNREACHABLE_CODES.has(code)) return MESSAGES.unavailable;
    // better-sqlite3 names the extended code (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED…).
    for (const name of CANNOT_STORE_SQLITE.values())
      if (code === name || code.startsWith(`${name}_`)) return MESSAGES.cannotSave;
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) return MESSAGES.unavailable;
  }
  // node:sqlite numbers the extended code; the primary code is its low byte.
  if (typeof errcode === 'number') {
    if (CANNOT_STORE_SQLITE.has(errcode & 0xff)) return MESSAGES.cannotSave;
    if ((errcode & 0xff) === SQLITE_BUSY) return MESSAGES.unavailable;
  }
  if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return MESSAGES.unavailable;
  return null;
}
