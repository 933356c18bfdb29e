import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const memory = new Map<string, string>();
const storage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
};
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let page: { window: EventTarget; document: EventTarget & { visibilityState: DocumentVisibilityState; cookie: string } };

/** A fresh route tracker (its state is module-level) in a faked browser page. */
async function browser(sendBeacon?: (url: string, data: Blob) => boolean) {
  vi.resetModules();
  const window = Object.assign(new EventTarget(), {
    localStorage: storage,
    sessionStorage: storage,
    screen: { width: 390, height: 844 },
    innerWidth: 390,
    innerHeight: 844,
    location: { href: 'http://localhost:3000/live' },
  });
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
    cookie: '',
  });
  page = { window, document };
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', document);
  vi.stubGlobal('navigator', sendBeacon ? { sendBeacon } : {});
  return import('./route-tracker');
}

function hide() {
  page.document.visibilityState = 'hidden';
  page.document.dispatchEvent(new Event('visibilitychange'));
}

const ptvlFetches = () => fetchMock.mock.calls.filter(([url]) => url === '/api/ptvl');

beforeEach(() => {
  memory.clear();
  vi.useFakeTimers({ toFake: ['performance', 'Date', 'setTimeout'] });
  fetchMock = vi
    .fn<typeof fetch>()
    .mockImplementation(async () => Response.json({ status: 1, statusCode: 200, message: 'OK', data: [] }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the page time beacon', () => {
  it('sends the visible seconds as a JSON beacon to our own ptvl when the page is hidden', async () => {
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    const { trackRouteChange } = await browser(beacon);
    trackRouteChange({ key: 'a', pathname: '/live', title: 'Live' });
    vi.advanceTimersByTime(42_300);
    hide();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/ptvl');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({
      session_id: memory.get('analyticsID'),
      route: '/live',
      seconds: 42,
    });
    expect(ptvlFetches()).toHaveLength(0);

    page.window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('falls back to fetch keepalive when sendBeacon refuses or is missing', async () => {
    const refusing = vi.fn(() => false);
    const first = await browser(refusing);
    first.trackRouteChange({ key: 'a', pathname: '/home', title: 'Home' });
    vi.advanceTimersByTime(3_000);
    first.trackRouteChange({ key: 'b', pathname: '/faq', title: 'FAQ' });
    expect(refusing).toHaveBeenCalledTimes(1);

    const second = await browser();
    second.trackRouteChange({ key: 'c', pathname: '/about', title: 'About' });
    vi.advanceTimersByTime(2_000);
    page.window.dispatchEvent(new Event('pagehide'));

    expect(ptvlFetches().map(([, init]) => [init?.keepalive, JSON.parse(String(init?.body))])).toEqual([
      [true, { session_id: memory.get('analyticsID'), route: '/home', seconds: 3 }],
      [true, { session_id: memory.get('analyticsID'), route: '/about', seconds: 2 }],
    ]);
  });

  it('sends page paths of at most 200 characters', async () => {
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    const { trackRouteChange } = await browser(beacon);
    trackRouteChange({ key: 'a', pathname: `/${'x'.repeat(300)}`, title: 'Long' });
    vi.advanceTimersByTime(1_000);
    hide();
    const body = JSON.parse(await beacon.mock.calls[0]![1].text());
    expect(body.route).toHaveLength(200);
  });
});
