// The console's event stream (decision 079): read with fetch so the staff token travels in its
// header, parsed as text/event-stream, handed on as named events, reconnected with backoff.
import { reconnectDelayMs } from '../../notifications/unread-stream';

/**
 * Feeds text as it arrives and calls `onEvent` with each complete event's name and data (lines end
 * in LF, CRLF or CR; a blank line ends an event; `:` starts a comment; `data:` lines join with LF).
 */
export function eventStreamParser(onEvent: (name: string, data: string) => void): (text: string) => void {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  let isAfterCr = false;

  function takeLine(line: string) {
    if (line === '') {
      if (data.length) onEvent(name || 'message', data.join('\n'));
      name = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const raw = colon === -1 ? '' : line.slice(colon + 1);
    const value = raw.startsWith(' ') ? raw.slice(1) : raw;
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }

  return (text) => {
    // A CR that ended the last piece may be the first half of a CRLF.
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

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

type FollowOptions = {
  path: string;
  token: string;
  signal: AbortSignal;
  onEvent: (name: string, data: string) => void;
  onStatus: (status: StreamStatus) => void;
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

/** Follows the stream until `signal` aborts or the server refuses the token (401 or 403). */
export async function followEventStream({ path, token, signal, onEvent, onStatus }: FollowOptions): Promise<void> {
  let attempt = 1;
  while (!signal.aborted) {
    let gotEvent = false;
    try {
      const response = await fetch(path, {
        headers: { accept: 'text/event-stream', token },
        cache: 'no-store',
        signal,
      });
      if (response.status === 401 || response.status === 403 || response.status === 404) {
        onStatus('ended');
        return;
      }
      if (response.ok && response.body) {
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const feed = eventStreamParser((name, data) => {
          if (!gotEvent) onStatus('live');
          gotEvent = true;
          onEvent(name, data);
        });
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          feed(value);
        }
      }
    } catch {
      // A cut connection or an abort: the loop decides whether to go on.
    }
    if (signal.aborted) return;
    onStatus('reconnecting');
    attempt = gotEvent ? 1 : attempt + 1;
    await pause(reconnectDelayMs(attempt), signal);
  }
}
