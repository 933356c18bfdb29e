// The bell's stream reader: `unread` events parsed however the text is cut, other events and
// comments skipped, reconnects with growing waits, and a refused token stops it for good.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelayMs, unreadEventParser, watchUnread } from './unread-stream';

function countsOf(...pieces: string[]): number[] {
  const counts: number[] = [];
  const feed = unreadEventParser((unread) => counts.push(unread));
  for (const piece of pieces) feed(piece);
  return counts;
}

describe('unreadEventParser', () => {
  it('reads the count of each unread event', () => {
    expect(
      countsOf('retry: 5000\n\nevent: unread\ndata: {"unread":3}\n\nevent: unread\ndata: {"unread":0}\n\n'),
    ).toEqual([3, 0]);
  });

  it('waits for the blank line, whatever the pieces the network cuts the text into', () => {
    const text = 'event: unread\r\ndata: {"unread":12}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++)
      expect(countsOf(text.slice(0, cut), text.slice(cut)), `cut at ${cut}`).toEqual([12]);
    expect(countsOf(...text)).toEqual([12]);
  });

  it('takes lines ending in CR alone, and fields without the space after the colon', () => {
    expect(countsOf('event:unread\rdata:{"unread":4}\r\r')).toEqual([4]);
  });

  it('skips comments, other events, data without an event and counts that are not whole numbers', () => {
    expect(
      countsOf(
        ': keep-alive\n\n',
        'event: other\ndata: {"unread":9}\n\n',
        'data: {"unread":8}\n\n',
        'event: unread\ndata: {"unread":-1}\n\n',
        'event: unread\ndata: {"unread":"2"}\n\n',
        'event: unread\ndata: not json\n\n',
        'event: unread\ndata: {"unread":5}\n\n',
      ),
    ).toEqual([5]);
  });

  it('does not dispatch an event until its blank line has come', () => {
    expect(countsOf('event: unread\ndata: {"unread":1}\n')).toEqual([]);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from about a second up to about thirty', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => reconnectDelayMs(attempt, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(1, () => 0)).toBe(750);
    expect(reconnectDelayMs(1, () => 1)).toBe(1_250);
  });
});

function streamOf(text: string): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}

describe('watchUnread', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the token header, reconnects after the stream ends and stops when refused', async () => {
    vi.useFakeTimers();
    const answers = [
      streamOf('event: unread\ndata: {"unread":2}\n\n'),
      streamOf('event: unread\ndata: {"unread":3}\n\n'),
      new Response(null, { status: 401 }),
    ];
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => answers.shift() ?? new Response(null, { status: 500 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const counts: number[] = [];
    const onRefused = vi.fn();
    const watching = watchUnread({
      token: 'secret-token',
      onUnread: (unread) => counts.push(unread),
      onRefused,
      signal: new AbortController().signal,
    });
    await vi.runAllTimersAsync();
    await watching;
    expect(counts).toEqual([2, 3]);
    expect(onRefused).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/notifications/stream');
    expect(new Headers(init?.headers).get('token')).toBe('secret-token');
  });

  it('waits as the server asks when it has too many streams, and stops when aborted', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => new Response(null, { status: 429, headers: { 'retry-after': '60' } }));
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const watching = watchUnread({ token: 't', onUnread: () => undefined, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    controller.abort();
    await watching;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
