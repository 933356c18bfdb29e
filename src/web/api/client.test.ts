// The one API client: the token header, descriptor calls (method, path, parameters, query and body
// as declared; the answer checked by the response schema or a callRef's own check), errors, page answers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { authCalls } from '../../shared/contract/auth';
import { callRef, defineCall } from '../../shared/contract/call';
import { envelopeOf } from '../../shared/contract/envelope';
import { queryId } from '../../shared/contract/ids';
import { profileCalls } from '../../shared/contract/profile';
import { siteCalls } from '../../shared/contract/site';
import { MESSAGES, SPEC_MESSAGES } from '../../shared/messages';
import { EARLY_ANSWERS_ID } from '../../shared/first-screen';
import { ApiError, apiCall, apiUpload, onSessionEnded, recordOf } from './client';

const memory = new Map<string, string>();
const storage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  clear: () => memory.clear(),
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  memory.clear();
  vi.stubGlobal('window', { localStorage: storage, sessionStorage: storage });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function sentHeaders(): Record<string, string> {
  const headers = fetchMock.mock.calls[0]?.[1]?.headers;
  return headers && !(headers instanceof Headers) && !Array.isArray(headers) ? headers : {};
}

const sentToken = () => sentHeaders().token;

const noRecords = { status: 1, statusCode: 200, message: 'OK', data: [] };

/** A call of the test's own, with every part a descriptor can declare. */
const shelfItemCall = defineCall({
  method: 'PUT',
  path: '/api/shelves/:shelf/items/:id',
  params: z.object({ shelf: z.string(), id: queryId('id') }),
  query: z.object({ dryRun: z.enum(['true', 'false']).optional(), page: z.number().optional() }),
  body: z.object({ name: z.string(), eventid: z.number() }),
  response: envelopeOf(z.object({ id: z.number(), name: z.string() })),
});

describe('the token header', () => {
  it('carries the stored user token first', async () => {
    memory.set('user', JSON.stringify({ tokenvalue: 'user-token' }));
    memory.set('tkn', 'visitor-token');
    fetchMock.mockResolvedValue(answer(200, noRecords));
    await apiCall(authCalls.logout);
    expect(sentToken()).toBe('user-token');
    // The browser's visitor token rides beside it, for the contest vote checks (decision 063).
    expect(sentHeaders().visitor).toBe('visitor-token');
  });

  it('falls back to the visitor tkn, then to empty', async () => {
    memory.set('tkn', 'visitor-token');
    fetchMock.mockImplementation(async () => answer(200, noRecords));
    await apiCall(authCalls.visitorToken);
    expect(sentToken()).toBe('visitor-token');
    expect(sentHeaders().visitor).toBeUndefined();
    memory.clear();
    fetchMock.mockClear();
    await apiCall(authCalls.visitorToken);
    expect(sentToken()).toBe('');
  });
});

describe('a descriptor call', () => {
  const savedItem = { status: 1, statusCode: 200, message: 'Saved.', data: [{ id: 7, name: 'Opal' }] };

  it('sends the method, path, parameters, query and body as the descriptor declares them', async () => {
    fetchMock.mockResolvedValue(answer(200, savedItem));
    const result = await apiCall(shelfItemCall, {
      params: { shelf: 'rings', id: 7 },
      query: { dryRun: 'true', page: 2 },
      body: { name: 'Opal', eventid: 3 },
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/shelves/rings/items/7?dryRun=true&page=2');
    expect(init).toMatchObject({ method: 'PUT', body: JSON.stringify({ name: 'Opal', eventid: 3 }) });
    expect(sentHeaders()['content-type']).toBe('application/json');
    expect(result).toEqual(savedItem);
  });

  it('fills each path parameter in, encoded, and leaves out an unset query field', async () => {
    fetchMock.mockResolvedValue(answer(200, savedItem));
    await apiCall(shelfItemCall, {
      params: { shelf: 'rings & pins/2?#', id: '7' },
      query: { dryRun: undefined, page: 1 },
      body: { name: 'Opal', eventid: 3 },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/shelves/rings%20%26%20pins%2F2%3F%23/items/7?page=1');
  });

  it('sends no body, and no content type, for a call that declares none', async () => {
    fetchMock.mockResolvedValue(answer(200, noRecords));
    await apiCall(authCalls.logout);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/logout');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: undefined });
    expect(sentHeaders()['content-type']).toBeUndefined();
  });

  it("refuses an answer that the call's response schema does not accept", async () => {
    fetchMock.mockResolvedValue(answer(200, { ...savedItem, data: [{ id: 'seven', name: 'Opal' }] }));
    const error = await apiCall(shelfItemCall, {
      params: { shelf: 'rings', id: 7 },
      query: {},
      body: { name: 'Opal', eventid: 3 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: SPEC_MESSAGES.thrownFallback, httpStatus: 200 });
  });

  it("checks the answer of a callRef with the callRef's own parser, not the schema", async () => {
    const parse = vi.fn((body: unknown) =>
      typeof body === 'object' && body !== null && 'message' in body && body.message === 'Saved.'
        ? { success: true as const, data: { ...savedItem, data: [{ id: 70, name: 'read by hand' }] } }
        : { success: false as const },
    );
    const handChecked = callRef<typeof shelfItemCall>({
      method: 'PUT',
      path: '/api/shelves/:shelf/items/:id',
      response: { safeParse: parse },
    });
    const input = { params: { shelf: 'rings', id: 7 }, query: {}, body: { name: 'Opal', eventid: 3 } };
    fetchMock.mockResolvedValue(answer(200, savedItem));
    expect((await apiCall(handChecked, input)).data).toEqual([{ id: 70, name: 'read by hand' }]);
    expect(parse).toHaveBeenCalledWith(savedItem);
    // An answer the schema would take, refused by the hand parser.
    fetchMock.mockResolvedValue(answer(200, { ...savedItem, message: 'Other.' }));
    await expect(apiCall(handChecked, input)).rejects.toMatchObject({ message: SPEC_MESSAGES.thrownFallback });
  });
});

describe('an upload', () => {
  /** XMLHttpRequest as apiUpload uses it, answering `reply` once the form is sent. */
  class FakeRequest {
    static sent: { method: string; url: string; body: unknown; token: string | undefined }[] = [];
    static reply = '';
    status = 200;
    statusText = 'OK';
    responseText = '';
    upload = { addEventListener: () => undefined };
    private method = '';
    private url = '';
    private token: string | undefined;
    private onLoad: () => void = () => undefined;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      if (name === 'token') this.token = value;
    }
    addEventListener(type: string, listener: () => void) {
      if (type === 'load') this.onLoad = listener;
    }
    getResponseHeader() {
      return null;
    }
    send(body: unknown) {
      FakeRequest.sent.push({ method: this.method, url: this.url, body, token: this.token });
      this.responseText = FakeRequest.reply;
      queueMicrotask(this.onLoad);
    }
  }

  beforeEach(() => {
    FakeRequest.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
  });

  it("posts the form to the descriptor's path and checks the answer with its schema", async () => {
    memory.set('user', JSON.stringify({ tokenvalue: 'user-token' }));
    const form = new FormData();
    FakeRequest.reply = JSON.stringify({ status: 1, statusCode: 200, message: 'OK', data: [{ id: 'not a user' }] });
    await expect(apiUpload(profileCalls.picture, form)).rejects.toMatchObject({
      message: SPEC_MESSAGES.thrownFallback,
    });
    expect(FakeRequest.sent).toEqual([
      { method: 'POST', url: '/api/profileimage_v1', body: form, token: 'user-token' },
    ]);
  });
});

describe('errors', () => {
  it('turns a network failure into "Network error!"', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiCall(profileCalls.view)).rejects.toMatchObject({
      message: SPEC_MESSAGES.networkError,
      httpStatus: 0,
    });
  });

  it('keeps the server message, status, field issues and Retry-After', async () => {
    fetchMock.mockResolvedValue(
      answer(
        429,
        { status: 0, statusCode: 429, message: MESSAGES.codeSendWait, data: [{ retryAfterSeconds: 42 }] },
        { 'retry-after': '42' },
      ),
    );
    const error = await apiCall(authCalls.sendLoginCode, { query: { emailid: 'amber@example.com' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: MESSAGES.codeSendWait, httpStatus: 429, status: 0, retryAfterSeconds: 42 });
  });

  it('marks status -1 as a bad request and lists its field issues', async () => {
    fetchMock.mockResolvedValue(
      answer(400, {
        status: -1,
        statusCode: 400,
        message: MESSAGES.weakPassword,
        data: [{ field: 'password', message: MESSAGES.weakPassword }],
      }),
    );
    const body = { first_name: 'Amber', last_name: 'Nakamura', email: 'amber@example.com', phone: '5550104321' };
    const error = await apiCall(authCalls.register, { body: { ...body, password: 'password' } }).catch(
      (e: unknown) => e,
    );
    expect(error instanceof ApiError && error.isBadRequest).toBe(true);
    expect(error instanceof ApiError && error.fieldIssues).toEqual([
      { field: 'password', message: MESSAGES.weakPassword },
    ]);
  });

  it('uses the status text when the body is not an envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiCall(profileCalls.view)).rejects.toMatchObject({
      message: 'Bad Gateway',
      httpStatus: 502,
    });
  });

  it('falls back to "Network error occurred" for an answer it cannot read', async () => {
    fetchMock.mockResolvedValue(
      answer(200, { status: 1, statusCode: 200, message: 'OK', data: [{ id: 'not a user' }] }),
    );
    await expect(apiCall(profileCalls.view)).rejects.toMatchObject({
      message: SPEC_MESSAGES.thrownFallback,
    });
  });

  it('says the session ended when the stored user token is refused', async () => {
    memory.set('user', JSON.stringify({ tokenvalue: 'revoked' }));
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    fetchMock.mockResolvedValue(
      answer(401, { status: 0, statusCode: 401, message: MESSAGES.sessionExpired, data: [] }),
    );
    await expect(apiCall(profileCalls.view)).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(ended).toHaveBeenCalledWith(MESSAGES.sessionExpired);
  });

  it('lets a call cancelled while its answer is read settle nothing, so the session ends in the server’s words', async () => {
    memory.set('user', JSON.stringify({ tokenvalue: 'revoked' }));
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const controller = new AbortController();
    // The body cannot be read once the call is cancelled (a logout clears the queries meanwhile).
    const refused = new Response(
      new ReadableStream({
        start(stream) {
          controller.abort();
          stream.error(new DOMException('The operation was aborted.', 'AbortError'));
        },
      }),
      { status: 401, statusText: 'Unauthorized' },
    );
    fetchMock.mockResolvedValue(refused);
    await expect(apiCall(profileCalls.view, { signal: controller.signal })).rejects.not.toBeInstanceOf(ApiError);
    stop();
    expect(ended).not.toHaveBeenCalled();
  });

  it('does not end anything when a visitor gets a 401 (a wrong password)', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    fetchMock.mockResolvedValue(
      answer(401, { status: 0, statusCode: 401, message: MESSAGES.badCredentials, data: [] }),
    );
    await expect(
      apiCall(authCalls.login, { body: { email: 'amber@example.com', password: 'wrong' } }),
    ).rejects.toMatchObject({
      message: MESSAGES.badCredentials,
    });
    stop();
    expect(ended).not.toHaveBeenCalled();
  });

  it('reads the record of data[0], or says no response came', () => {
    expect(recordOf({ status: 1, statusCode: 200, message: 'OK', data: [{ id: 1 }] })).toEqual({ id: 1 });
    expect(() => recordOf({ status: 1, statusCode: 200, message: 'OK', data: [] })).toThrow(SPEC_MESSAGES.noResponse);
  });
});

describe('answers in the page (decision 034)', () => {
  const listKey = '/api/eventlist_v1?limit=1&on=live&type=show';
  const pageAnswer = { status: 1, statusCode: 200, message: 'OK', data: [{ from: 'page' }] };
  const networkAnswer = { status: 1, statusCode: 200, message: 'OK', data: [{ from: 'network' }] };
  const liveShow = { type: 'show', on: 'live', limit: '1' };
  const ListQuery = z.object({ type: z.string(), on: z.string(), limit: z.string() });
  const ListAnswer = envelopeOf(z.object({ from: z.string() }));
  const listCall = defineCall({ method: 'GET', path: '/api/eventlist_v1', query: ListQuery, response: ListAnswer });
  const postToListCall = defineCall({
    method: 'POST',
    path: '/api/eventlist_v1',
    query: ListQuery,
    response: ListAnswer,
  });
  let pageAge = 1000;

  beforeEach(() => {
    pageAge = 1000;
    const element = {
      textContent: JSON.stringify({ [listKey]: pageAnswer, '/api/siteconfig': { not: 'an envelope' } }),
    };
    // A new page for every test: the client reads each page's answers once.
    vi.stubGlobal('document', { getElementById: (id: string) => (id === EARLY_ANSWERS_ID ? element : null) });
    vi.stubGlobal('performance', { now: () => pageAge });
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, networkAnswer)));
  });

  it('answers the first matching read from the page, whatever the order of its parameters, and only once', async () => {
    const first = await apiCall(listCall, { query: { limit: '1', type: 'show', on: 'live' } });
    expect(first.data).toEqual([{ from: 'page' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    const second = await apiCall(listCall, { query: liveShow });
    expect(second.data).toEqual([{ from: 'network' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server once the page is more than ten seconds old', async () => {
    pageAge = 10_001;
    const result = await apiCall(listCall, { query: liveShow });
    expect(result.data).toEqual([{ from: 'network' }]);
  });

  it('never answers a write, or a read with other parameters, from the page', async () => {
    await apiCall(postToListCall, { query: liveShow });
    await apiCall(listCall, { query: { ...liveShow, limit: '2' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('checks a page answer like any other: one it cannot read is an error', async () => {
    await expect(apiCall(siteCalls.config)).rejects.toMatchObject({
      message: SPEC_MESSAGES.thrownFallback,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes to the network when the page holds no answers', async () => {
    vi.stubGlobal('document', { getElementById: () => null });
    const result = await apiCall(listCall, { query: liveShow });
    expect(result.data).toEqual([{ from: 'network' }]);
  });
});
