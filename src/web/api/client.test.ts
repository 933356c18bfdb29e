import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserResponse } from '../../shared/contract/user';
import { MESSAGES, SPEC_MESSAGES } from '../../shared/messages';
import { EARLY_ANSWERS_ID } from '../../shared/first-screen';
import { ApiError, anyEnvelope, apiCall, onSessionEnded, recordOf } from './client';

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

function sentToken(): string | undefined {
  const init = fetchMock.mock.calls[0]?.[1];
  const headers = init?.headers;
  return headers && !(headers instanceof Headers) && !Array.isArray(headers) ? headers.token : undefined;
}

describe('the token header', () => {
  it('carries the stored user token first', async () => {
    memory.set('user', JSON.stringify({ tokenvalue: 'user-token' }));
    memory.set('tkn', 'visitor-token');
    fetchMock.mockResolvedValue(answer(200, { status: 1, statusCode: 200, message: 'OK', data: [] }));
    await apiCall('/api/logout', { method: 'POST', schema: anyEnvelope });
    expect(sentToken()).toBe('user-token');
  });

  it('falls back to the visitor tkn, then to empty', async () => {
    memory.set('tkn', 'visitor-token');
    fetchMock.mockImplementation(async () => answer(200, { status: 1, statusCode: 200, message: 'OK', data: [] }));
    await apiCall('/api/visitortoken', { method: 'POST', schema: anyEnvelope });
    expect(sentToken()).toBe('visitor-token');
    memory.clear();
    fetchMock.mockClear();
    await apiCall('/api/visitortoken', { method: 'POST', schema: anyEnvelope });
    expect(sentToken()).toBe('');
  });
});

describe('errors', () => {
  it('turns a network failure into "Network error!"', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiCall('/api/profile_v1', { schema: UserResponse })).rejects.toMatchObject({ message: SPEC_MESSAGES.networkError, httpStatus: 0 });
  });

  it('keeps the server message, status, field issues and Retry-After', async () => {
    fetchMock.mockResolvedValue(
      answer(429, { status: 0, statusCode: 429, message: MESSAGES.codeSendWait, data: [{ retryAfterSeconds: 42 }] }, { 'retry-after': '42' }),
    );
    const error = await apiCall('/api/getloginotp', { schema: anyEnvelope }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: MESSAGES.codeSendWait, httpStatus: 429, status: 0, retryAfterSeconds: 42 });
  });

  it('marks status -1 as a bad request and lists its field issues', async () => {
    fetchMock.mockResolvedValue(answer(400, { status: -1, statusCode: 400, message: MESSAGES.weakPassword, data: [{ field: 'password', message: MESSAGES.weakPassword }] }));
    const error = await apiCall('/api/registeruser_v1', { method: 'POST', body: {}, schema: anyEnvelope }).catch((e: unknown) => e);
    expect(error instanceof ApiError && error.isBadRequest).toBe(true);
    expect(error instanceof ApiError && error.fieldIssues).toEqual([{ field: 'password', message: MESSAGES.weakPassword }]);
  });

  it('uses the status text when the body is not an envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiCall('/api/profile_v1', { schema: UserResponse })).rejects.toMatchObject({ message: 'Bad Gateway', httpStatus: 502 });
  });

  it('falls back to "Network error occurred" for an answer it cannot read', async () => {
    fetchMock.mockResolvedValue(answer(200, { status: 1, statusCode: 200, message: 'OK', data: [{ id: 'not a user' }] }));
    await expect(apiCall('/api/profile_v1', { schema: UserResponse })).rejects.toMatchObject({ message: SPEC_MESSAGES.thrownFallback });
  });

  it('says the session ended when the stored user token is refused', async () => {
    memory.set('user', JSON.stringify({ tokenvalue: 'revoked' }));
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    fetchMock.mockResolvedValue(answer(401, { status: 0, statusCode: 401, message: MESSAGES.sessionExpired, data: [] }));
    await expect(apiCall('/api/profile_v1', { schema: UserResponse })).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(ended).toHaveBeenCalledWith(MESSAGES.sessionExpired);
  });

  it('does not end anything when a visitor gets a 401 (a wrong password)', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    fetchMock.mockResolvedValue(answer(401, { status: 0, statusCode: 401, message: MESSAGES.badCredentials, data: [] }));
    await expect(apiCall('/api/login_v1', { method: 'POST', body: {}, schema: anyEnvelope })).rejects.toMatchObject({ message: MESSAGES.badCredentials });
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
  let pageAge = 1000;

  beforeEach(() => {
    pageAge = 1000;
    const element = { textContent: JSON.stringify({ [listKey]: pageAnswer, '/api/siteconfig': { not: 'an envelope' } }) };
    // A new page for every test: the client reads each page's answers once.
    vi.stubGlobal('document', { getElementById: (id: string) => (id === EARLY_ANSWERS_ID ? element : null) });
    vi.stubGlobal('performance', { now: () => pageAge });
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, networkAnswer)));
  });

  it('answers the first matching read from the page, whatever the order of its parameters, and only once', async () => {
    const first = await apiCall('/api/eventlist_v1', { query: { limit: '1', type: 'show', on: 'live' }, schema: anyEnvelope });
    expect(first.data).toEqual([{ from: 'page' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    const second = await apiCall('/api/eventlist_v1', { query: liveShow, schema: anyEnvelope });
    expect(second.data).toEqual([{ from: 'network' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server once the page is more than ten seconds old', async () => {
    pageAge = 10_001;
    const result = await apiCall('/api/eventlist_v1', { query: liveShow, schema: anyEnvelope });
    expect(result.data).toEqual([{ from: 'network' }]);
  });

  it('never answers a write, or a read with other parameters, from the page', async () => {
    await apiCall('/api/eventlist_v1', { method: 'POST', query: liveShow, schema: anyEnvelope });
    await apiCall('/api/eventlist_v1', { query: { ...liveShow, limit: '2' }, schema: anyEnvelope });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('checks a page answer like any other: one it cannot read is an error', async () => {
    await expect(apiCall('/api/siteconfig', { schema: anyEnvelope })).rejects.toMatchObject({ message: SPEC_MESSAGES.thrownFallback });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes to the network when the page holds no answers', async () => {
    vi.stubGlobal('document', { getElementById: () => null });
    const result = await apiCall('/api/eventlist_v1', { query: liveShow, schema: anyEnvelope });
    expect(result.data).toEqual([{ from: 'network' }]);
  });
});
