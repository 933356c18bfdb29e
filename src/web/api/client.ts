// The one HTTP client for Gemcast's /api: adds the token header, parses the envelope with the
// contract's schema and turns every failure into an ApiError with a message a person can read.
import type { Envelope, FieldIssue } from '../../shared/contract/envelope';
import { STATUS } from '../../shared/contract/status';
import { SPEC_MESSAGES } from '../../shared/messages';
import { currentCredentials } from './credentials';
import { takeEarlyAnswer } from './early-answers';

/** What reads an answer: a contract schema (zod's safeParse fits), or anyEnvelope. */
export type AnswerParser<T extends Envelope<unknown>> = {
  safeParse: (body: unknown) => { success: true; data: T } | { success: false };
};

function asEnvelope(body: unknown): Envelope<unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  if (!('status' in body) || !('statusCode' in body) || !('message' in body) || !('data' in body)) return null;
  const { status, statusCode, message, data } = body;
  if (typeof status !== 'number' || typeof statusCode !== 'number' || typeof message !== 'string' || !Array.isArray(data)) return null;
  return { status, statusCode, message, data };
}

/** For calls whose answer carries nothing to read beyond the envelope (logout). */
export const anyEnvelope: AnswerParser<Envelope<unknown>> = {
  safeParse: (body) => {
    const envelope = asEnvelope(body);
    return envelope ? { success: true, data: envelope } : { success: false };
  },
};

export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the request never got an answer. */
    readonly httpStatus: number,
    /** The envelope status: 0/2 error, -1 bad request. */
    readonly status: number,
    readonly data: unknown[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isBadRequest(): boolean {
    return this.status === STATUS.badRequest;
  }

  /** The per-field problems the server lists in data ([{ field, message }]). */
  get fieldIssues(): FieldIssue[] {
    return this.data.filter(
      (item): item is FieldIssue =>
        typeof item === 'object' && item !== null && 'field' in item && 'message' in item && typeof item.field === 'string' && typeof item.message === 'string',
    );
  }
}

/** Any failure as a message: an ApiError's own, else the spec's thrown-error fallback. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : SPEC_MESSAGES.thrownFallback;
}

/** The record in data[0]; its absence is the spec's 'No response received from server'. */
export function recordOf<T>(envelope: Envelope<T>): T {
  const record = envelope.data[0];
  if (record === undefined) throw new ApiError(SPEC_MESSAGES.noResponse, 200, STATUS.error);
  return record;
}

type SessionEndedListener = (message: string) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Called when the server refuses the stored user's token (401): the session is over. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

type Answer = { httpStatus: number; statusText: string; body: unknown; retryAfter: string | null };

function settle<T extends Envelope<unknown>>(answer: Answer, schema: AnswerParser<T>, sentUserToken: boolean): T {
  const { httpStatus, body } = answer;
  if (httpStatus >= 200 && httpStatus < 300) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ApiError(SPEC_MESSAGES.thrownFallback, httpStatus, STATUS.error);
    if (parsed.data.status === STATUS.ok) return parsed.data;
  }
  const envelope = asEnvelope(body);
  const message = envelope?.message || answer.statusText || SPEC_MESSAGES.thrownFallback;
  const retryAfter = answer.retryAfter === null ? null : Number(answer.retryAfter);
  if (httpStatus === 401 && sentUserToken) for (const listener of sessionEndedListeners) listener(message);
  throw new ApiError(message, httpStatus, envelope?.status ?? STATUS.error, envelope?.data ?? [], Number.isFinite(retryAfter) ? retryAfter : null);
}

function networkError(): ApiError {
  return new ApiError(SPEC_MESSAGES.networkError, 0, STATUS.error);
}

type CallOptions<T extends Envelope<unknown>> = {
  schema: AnswerParser<T>;
  method?: 'GET' | 'POST';
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request finish after the page is gone (the watch log's stop on leaving). */
  keepalive?: boolean;
};

function urlFor(path: string, query: Record<string, string | undefined> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function apiCall<T extends Envelope<unknown>>(path: string, options: CallOptions<T>): Promise<T> {
  const early = (options.method ?? 'GET') === 'GET' ? takeEarlyAnswer(path, options.query) : undefined;
  if (early !== undefined) return settle({ httpStatus: 200, statusText: 'OK', body: early, retryAfter: null }, options.schema, false);
  const credentials = currentCredentials();
  const headers: Record<string, string> = { accept: 'application/json', token: credentials.token };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(urlFor(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError();
  }
  const body: unknown = await response.json().catch(() => null);
  return settle(
    { httpStatus: response.status, statusText: response.statusText, body, retryAfter: response.headers.get('retry-after') },
    options.schema,
    credentials.isUserToken,
  );
}

type UploadOptions<T extends Envelope<unknown>> = {
  schema: AnswerParser<T>;
  /** Called with the share of the upload sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
};

/** POSTs multipart form data with upload progress (fetch cannot report it; XMLHttpRequest can). */
export function apiUpload<T extends Envelope<unknown>>(path: string, form: FormData, options: UploadOptions<T>): Promise<T> {
  const credentials = currentCredentials();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('token', credentials.token);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      try {
        const answer = { httpStatus: request.status, statusText: request.statusText, body, retryAfter: request.getResponseHeader('retry-after') };
        resolve(settle(answer, options.schema, credentials.isUserToken));
      } catch (error) {
        reject(error);
      }
    });
    request.addEventListener('error', () => reject(networkError()));
    request.addEventListener('timeout', () => reject(networkError()));
    request.send(form);
  });
}
