// The bell's live unread count (decision 073): the server's event stream read with fetch (so the
// token travels in its header, as on every call), parsed line by line, reconnected with backoff.
import type { NOTIFICATION_STREAM_PATH } from '../../../shared/contract/notifications';

/** The contract's path, checked against it by type: importing the value would bring zod into the header's code. */
const STREAM_PATH: typeof NOTIFICATION_STREAM_PATH = '/api/notifications/stream';

/**
 * Feeds text as it arrives and calls `onUnread` with the count of each complete `unread` event
 * (the event-stream format: lines ending in LF, CRLF or CR; a blank line ends an event; `:` starts
 * a comment; several `data:` lines join with LF). Anything else is skipped.
 */
export function unreadEventParser(onUnread: (unread: number) => void): (text: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function dispatch() {
    if (event === 'unread' && data.length) {
      const unread = unreadOf(data.join('\n'));
      if (unread !== null) onUnread(unread);
    }
    event = '';
    data = [];
  }

  function takeLine(line: string) {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const rawValue = colon === -1 ? '' : line.slice(colon + 1);
    const value = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue;
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }

  // A CR that ended the last piece may be the first half of a CRLF: its LF is not a second line end.
  let isAfterCr = false;
  return (text) => {
    buffer += isAfterCr && text.startsWith('\n') ? text.slice(1) : text;
    isAfterCr = buffer.endsWith('\r');
    const pattern = /\r\n|\r|\n/g;
    let start = 0;
    for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
      takeLine(buffer.slice(start, match.index));
      start = match.index + match[0].length;
    }
    buffer = buffer.slice(start);
  };
}

function unreadOf(json: string): number | null {
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || !('unread' in parsed)) return null;
    const { unread } = parsed;
    return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : null;
  } catch {
    return null;
  }
}

/** How long to wait before reconnect number `attempt` (from 1): doubling from 1 s to at most 30 s, with jitter. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + random() / 2));
}

type WatchOptions = {
  token: string;
  onUnread: (unread: number) => void;
  /** Called once the server refuses the token (401): the stream stops for good. */
  onRefused?: () => void;
  signal: AbortSignal;
};

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Reads one connection to its end; answers how long to wait before the next one (null: stop). */
async function readOnce(options: WatchOptions, attempt: number): Promise<{ waitMs: number | null; gotCount: boolean }> {
  const { token, onUnread, onRefused, signal } = options;
  let gotCount = false;
  try {
    const response = await fetch(STREAM_PATH, {
      headers: { accept: 'text/event-stream', token },
      cache: 'no-store',
      signal,
    });
    if (response.status === 401) {
      onRefused?.();
      return { waitMs: null, gotCount };
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    if (!response.ok || !response.body) {
      const waitMs = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : reconnectDelayMs(attempt);
      return { waitMs, gotCount };
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const feed = unreadEventParser((unread) => {
      gotCount = true;
      onUnread(unread);
    });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(value);
    }
  } catch {
    // A cut connection or an abort: the loop below decides whether to go on.
  }
  return { waitMs: reconnectDelayMs(gotCount ? 1 : attempt), gotCount };
}

/** Follows the viewer's unread count until `signal` aborts or the server refuses the token. */
export async function watchUnread(options: WatchOptions): Promise<void> {
  let attempt = 1;
  while (!options.signal.aborted) {
    const { waitMs, gotCount } = await readOnce(options, attempt);
    if (waitMs === null || options.signal.aborted) return;
    attempt = gotCount ? 1 : attempt + 1;
    await pause(waitMs, options.signal);
  }
}
