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
