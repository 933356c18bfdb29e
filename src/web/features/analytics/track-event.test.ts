import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsEventError, eventProblem, trackEvent } from './track-event';

const memory = new Map<string, string>();
const storage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
};
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let gtag: ReturnType<typeof vi.fn>;

beforeEach(() => {
  memory.clear();
  gtag = vi.fn();
  vi.stubGlobal('window', { localStorage: storage, sessionStorage: storage, gtag });
  fetchMock = vi
    .fn<typeof fetch>()
    .mockImplementation(async () => Response.json({ status: 1, statusCode: 200, message: 'OK', data: [] }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function sentBody(): unknown {
  const body = fetchMock.mock.calls[0]?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : null;
}

describe('trackEvent', () => {
  it('rejects an event without a category or an action, sending nothing', () => {
    expect(() => trackEvent({ category: '', action: 'click' })).toThrow(AnalyticsEventError);
    expect(() => trackEvent({ category: 'show', action: '  ' })).toThrow('An analytics event needs an action.');
    expect(eventProblem({ action: 'click' })).toBe('An analytics event needs a category.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(gtag).not.toHaveBeenCalled();
  });

  it('posts a complete event with the session id, and forwards it to GA', async () => {
    await trackEvent({ category: 'show', action: 'watch-live', label: 'Spring gems', value: 3 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/trackevent');
    expect(sentBody()).toEqual({
      session_id: memory.get('analyticsID'),
      category: 'show',
      action: 'watch-live',
      label: 'Spring gems',
      value: 3,
    });
    expect(memory.get('analyticsID')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(gtag).toHaveBeenCalledWith('event', 'watch-live', {
      event_category: 'show',
      event_label: 'Spring gems',
      value: 3,
    });
  });

  it('keeps one session id for the whole browser session', async () => {
    await trackEvent({ category: 'a', action: 'b' });
    await trackEvent({ category: 'c', action: 'd' });
    const ids = fetchMock.mock.calls.map(([, init]) =>
      typeof init?.body === 'string' ? JSON.parse(init.body).session_id : null,
    );
    expect(ids[0]).toBe(ids[1]);
  });

  it('only logs a failed send at debug level', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(trackEvent({ category: 'a', action: 'b' })).resolves.toBeUndefined();
    expect(debug).toHaveBeenCalled();
    debug.mockRestore();
  });

  it('sends with keepalive, and only logs a refusal (429) at debug level', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(
      Response.json({ status: 0, statusCode: 429, message: 'Too many', data: [] }, { status: 429 }),
    );
    await expect(trackEvent({ category: 'a', action: 'b' })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(debug).toHaveBeenCalledWith('analytics: /api/trackevent answered 429');
    debug.mockRestore();
  });
});
