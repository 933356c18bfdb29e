// The one HTTP client for Gemcast's /api: adds the token header, parses the envelope with the
// contract's schema and turns every failure into an ApiError with a message a person can read.
import {
  pathWith,
  type AnswerParser,
  type CallAnswer,
  type CallDescriptor,
  type CallInput,
  type CallRef,
} from '../../shared/contract/call';
import type { Envelope, FieldIssue } from '../../shared/contract/envelope';
import { STATUS } from '../../shared/contract/status';
import { SPEC_MESSAGES } from '../../shared/messages';
import { currentCredentials } from './credentials';
import { takeEarlyAnswer } from './early-answers';

export type { AnswerParser } from '../../shared/contract/call';

function asEnvelope(body: unknown): Envelope<unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  if (!('status' in body) || !('statusCode' in body) || !('message' in body) || !('data' in body)) return null;
  const { status, statusCode, message, data } = body;
  if (
    typeof status !== 'number' ||
    typeof statusCode !== 'number' ||
    typeof message !== 'string' ||
    !Array.isArray(data)
  )
    return null;
  return { status, statusCode, message, data };
}

/** Any envelope, its records unread: the base of the hand-written checks below. */
export const anyEnvelope: AnswerParser<Envelope<unknown>> = {
  safeParse: (body) => {
    const envelope = asEnvelope(body);
    return envelope ? { success: true, data: envelope } : { success: false };
  },
};

/**
 * An answer whose records each pass `isRecord`: the check of a callRef, for code that keeps zod out
 * of its bundle (the first screen, the account menu). Any other record refuses the answer.
 */
export function recordsOf<T>(isRecord: (value: unknown) => value is T): AnswerParser<Envelope<T>> {
  return {
    safeParse: (body) => {
      const parsed = anyEnvelope.safeParse(body);
      if (!parsed.success) return parsed;
      const { data, ...envelope } = parsed.data;
      return data.every(isRecord) ? { success: true, data: { ...envelope, data } } : { success: false };
    },
  };
}

/** An answer that is only a message (logout, analytics writes): any record refuses it. */
export const noRecords = recordsOf((_record: unknown): _record is never => false);

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
        typeof item === 'object' &&
        item !== null &&
        'field' in item &&
        'message' in item &&
        typeof item.field === 'string' &&
        typeof item.message === 'string',
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

/**
 * Another channel (the chat socket's signed-out frame) says the stored user's session is over:
 * the same sign-out as a refused token. Nothing happens when no user is signed in here any more.
 */
export function reportSessionEnded(message: string): void {
  if (!currentCredentials().isUserToken) return;
  for (const listener of sessionEndedListeners) listener(message);
}

/** What a staff call's 403 asks for when it wants the second factor (decision 086), else null. */
export function secondFactorNeedOf(error: unknown): 'required' | 'step_up' | null {
  if (!(error instanceof ApiError) || error.httpStatus !== 403) return null;
  const [item] = error.data;
  if (typeof item !== 'object' || item === null || !('second_factor' in item)) return null;
  return item.second_factor === 'required' || item.second_factor === 'step_up' ? item.second_factor : null;
}

/** Resolves true when the person passed the second factor and the call may be sent again. */
type SecondFactorHandler = (need: 'required' | 'step_up') => Promise<boolean>;
let secondFactorHandler: SecondFactorHandler | null = null;

/** Staff screens install the prompt that answers a call refused for want of the second factor. */
export function handleSecondFactor(handler: SecondFactorHandler): () => void {
  secondFactorHandler = handler;
  return () => {
    if (secondFactorHandler === handler) secondFactorHandler = null;
  };
}

type Answer = { httpStatus: number; statusText: string; body: unknown; retryAfter: string | null };

function settle<T>(answer: Answer, schema: AnswerParser<T>, sentUserToken: boolean): T {
  const { httpStatus, body } = answer;
  const envelope = asEnvelope(body);
  if (httpStatus >= 200 && httpStatus < 300) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ApiError(SPEC_MESSAGES.thrownFallback, httpStatus, STATUS.error);
    if (envelope?.status === STATUS.ok) return parsed.data;
  }
  const message = envelope?.message || answer.statusText || SPEC_MESSAGES.thrownFallback;
  const retryAfter = answer.retryAfter === null ? null : Number(answer.retryAfter);
  if (httpStatus === 401 && sentUserToken) for (const listener of sessionEndedListeners) listener(message);
  throw new ApiError(
    message,
    httpStatus,
    envelope?.status ?? STATUS.error,
    envelope?.data ?? [],
    Number.isFinite(retryAfter) ? retryAfter : null,
  );
}

function networkError(): ApiError {
  return new ApiError(SPEC_MESSAGES.networkError, 0, STATUS.error);
}

type Transport = {
  /** Lets the request finish after the page is gone (the watch log's stop on leaving). */
  keepalive?: boolean;
  signal?: AbortSignal;
};

/** Query parameters as the URL carries them; undefined and null are left out. */
function queryStrings(query: unknown): Record<string, string> {
  const strings: Record<string, string> = {};
  if (typeof query !== 'object' || query === null) return strings;
  for (const [key, value] of Object.entries(query))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      strings[key] = String(value);
  return strings;
}

function urlFor(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

type CallShape = { method: string; path: string; response: AnswerParser<unknown> };

type Request = { method: string; path: string; query: Record<string, string>; body: unknown } & Transport;

/** Sends the call; one refused for want of a recent second factor is sent once more after the prompt. */
async function send<T>(request: Request, parser: AnswerParser<T>): Promise<T> {
  try {
    return await sendOnce(request, parser);
  } catch (error) {
    const need = secondFactorNeedOf(error);
    if (need && secondFactorHandler && (await secondFactorHandler(need))) return sendOnce(request, parser);
    throw error;
  }
}

async function sendOnce<T>(request: Request, parser: AnswerParser<T>): Promise<T> {
  const early = request.method === 'GET' ? takeEarlyAnswer(request.path, request.query) : undefined;
  if (early !== undefined)
    return settle({ httpStatus: 200, statusText: 'OK', body: early, retryAfter: null }, parser, false);
  const credentials = currentCredentials();
  const headers: Record<string, string> = { accept: 'application/json', token: credentials.token };
  if (credentials.visitor) headers.visitor = credentials.visitor;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(urlFor(request.path, request.query), {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      keepalive: request.keepalive,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw networkError();
  }
  const body: unknown = await response.json().catch(() => null);
  // Cancelled while its answer was read (a logout clears the queries, which cancels theirs): nobody
  // waits for it, and its unread body must not speak for the session as a bare "Unauthorized".
  if (request.signal?.aborted) throw request.signal.reason;
  return settle(
    {
      httpStatus: response.status,
      statusText: response.statusText,
      body,
      retryAfter: response.headers.get('retry-after'),
    },
    parser,
    credentials.isUserToken,
  );
}

/**
 * Makes a call of the contract: its method and path come from the descriptor, the parameters,
 * query and body must be what its schemas accept, and the answer is checked by its response schema
 * (or by a CallRef's own check).
 */
export function apiCall<C extends CallDescriptor>(
  call: C | CallRef<C>,
  ...[input]: object extends CallInput<C> ? [input?: CallInput<C> & Transport] : [input: CallInput<C> & Transport]
): Promise<CallAnswer<C>>;
// The signature above types each call; this one only moves its parts into the request.
export function apiCall(call: CallShape, input?: object): Promise<unknown> {
  const parts = new Map<string, unknown>(Object.entries(input ?? {}));
  const signal = parts.get('signal');
  return send(
    {
      method: call.method,
      path: pathWith(call.path, parts.get('params')),
      query: queryStrings(parts.get('query')),
      body: parts.get('body'),
      signal: signal instanceof AbortSignal ? signal : undefined,
      keepalive: parts.get('keepalive') === true,
    },
    call.response,
  );
}

/** A call whose request is the multipart form alone: no path parameters, query or JSON body. */
type UploadCall = CallDescriptor & { readonly params?: never; readonly query?: never; readonly body?: never };

type UploadOptions = {
  /** Called with the share of the upload sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
};

/**
 * Sends multipart form data to the call's path with upload progress (fetch cannot report it;
 * XMLHttpRequest can); the answer is checked like apiCall's.
 */
export function apiUpload<C extends UploadCall>(
  call: C | CallRef<C>,
  form: FormData,
  options?: UploadOptions,
): Promise<CallAnswer<C>>;
// The signature above types the answer; this one sends the form.
export function apiUpload(call: CallShape, form: FormData, options: UploadOptions = {}): Promise<unknown> {
  const credentials = currentCredentials();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(call.method, call.path);
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
        const answer = {
          httpStatus: request.status,
          statusText: request.statusText,
          body,
          retryAfter: request.getResponseHeader('retry-after'),
        };
        resolve(settle(answer, call.response, credentials.isUserToken));
      } catch (error) {
        reject(error);
      }
    });
    request.addEventListener('error', () => reject(networkError()));
    request.addEventListener('timeout', () => reject(networkError()));
    request.send(form);
  });
}
