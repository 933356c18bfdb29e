// The console's event stream (decision 080): `counters` at once and every two seconds, `changed`
// whenever anyone acts on the show. One counters timer per show per process, shared by every open
// console of that show here: the counters are read and serialised once per tick whatever the number
// of consoles. Changes travel on the pub/sub channel `console:<eventid>` (memory, or Redis across
// processes), so staff on different processes see each other's actions. While the show is on air
// the timer also stores the viewers-over-time sample of each 15-second step.
import { CONSOLE_LIMITS, type ConsoleChange, type ConsoleTick } from '../../../shared/contract/console';
import type { PubSub } from '../../platform/pubsub';
import { consoleChannel } from '../pieces/pieces.service';

export const STREAM_CLOSING = 'Gemcast is restarting. The console will be back in a moment.';

/** Tells every console of the show, on every process, that something changed. */
export function publishChange(
  pubsub: PubSub,
  log: { warn: (obj: object, msg: string) => void },
  eventId: number,
  change: ConsoleChange,
): void {
  pubsub
    .publish(consoleChannel(eventId), JSON.stringify(change))
    .catch((error: unknown) => log.warn({ err: error }, 'console publish failed'));
}

export type ConsoleStreamOptions = {
  countersEveryMs: number;
  sampleEveryMs: number;
  /** How often each stream gets a comment line, so proxies keep it open. */
  heartbeatMs: number;
};

export const DEFAULT_CONSOLE_STREAM_OPTIONS: ConsoleStreamOptions = {
  countersEveryMs: CONSOLE_LIMITS.countersEveryMs,
  sampleEveryMs: CONSOLE_LIMITS.sampleEveryMs,
  heartbeatMs: 25_000,
};

export type ConsolePulse = (eventId: number) => Promise<{ tick: ConsoleTick; isLive: boolean }>;
export type ConsoleSampler = (eventId: number, viewers: number) => Promise<void>;

/** What a stream needs of its HTTP response (a ServerResponse; a fake in unit tests). */
export type ConsoleSink = {
  write: (text: string) => unknown;
  end: () => unknown;
  on: (event: 'close', listener: () => void) => unknown;
  readonly writableEnded: boolean;
};

type Show = {
  streams: Set<ConsoleSink>;
  timer: NodeJS.Timeout;
  /** The last tick's event, sent at once to a console that opens between ticks. */
  last: string | null;
  reading: Promise<void> | null;
  lastSampleAt: number;
  unsubscribe: Promise<() => Promise<void>>;
};

export type ConsoleStreams = {
  /** Takes over `raw` as a console of the show: 'open', or 'closing' once the server is shutting down. */
  open: (eventId: number, raw: ConsoleSink) => 'open' | 'closing';
  /** Streams open here now. */
  size: () => number;
  /** Shows with a counters timer running here now. */
  timers: () => number;
  close: () => Promise<void>;
};

export function createConsoleStreams(
  pubsub: PubSub,
  pulse: ConsolePulse,
  sample: ConsoleSampler,
  log: { warn: (obj: object, msg: string) => void },
  options: ConsoleStreamOptions = DEFAULT_CONSOLE_STREAM_OPTIONS,
): ConsoleStreams {
  const shows = new Map<number, Show>();
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;

  const writeAll = (show: Show, text: string) => {
    for (const raw of show.streams) if (!raw.writableEnded) raw.write(text);
  };

  function read(eventId: number, show: Show): Promise<void> {
    show.reading ??= pulse(eventId)
      .then(async ({ tick, isLive }) => {
        show.last = `event: counters\ndata: ${JSON.stringify(tick)}\n\n`;
        writeAll(show, show.last);
        const now = Date.now();
        if (isLive && now - show.lastSampleAt >= options.sampleEveryMs) {
          show.lastSampleAt = now;
          await sample(eventId, tick.counters.viewers_now);
        }
      })
      .catch((error: unknown) => log.warn({ err: error, eventId }, 'console counters failed'))
      .finally(() => (show.reading = null));
    return show.reading;
  }

  function start(eventId: number): Show {
    const timer = setInterval(() => {
      const show = shows.get(eventId);
      if (show && !show.reading) void read(eventId, show);
    }, options.countersEveryMs);
    timer.unref();
    const unsubscribe = pubsub.subscribe(consoleChannel(eventId), (payload) => {
      const show = shows.get(eventId);
      if (show) writeAll(show, `event: changed\ndata: ${payload}\n\n`);
    });
    const show: Show = { streams: new Set(), timer, last: null, reading: null, lastSampleAt: 0, unsubscribe };
    shows.set(eventId, show);
    heartbeat ??= setInterval(() => {
      for (const each of shows.values()) writeAll(each, ': still here\n\n');
    }, options.heartbeatMs);
    heartbeat.unref();
    return show;
  }

  async function stop(eventId: number, show: Show) {
    clearInterval(show.timer);
    shows.delete(eventId);
    if (!shows.size && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
    await (
      await show.unsubscribe
    )();
  }

  return {
    open(eventId, raw) {
      if (closed) return 'closing';
      const show = shows.get(eventId) ?? start(eventId);
      show.streams.add(raw);
      raw.on('close', () => {
        show.streams.delete(raw);
        if (!show.streams.size && shows.get(eventId) === show)
          stop(eventId, show).catch((error: unknown) => log.warn({ err: error }, 'console unsubscribe failed'));
      });
      // At once, once changes will be heard: the last tick when there is one, else a read (shared by
      // every console waiting for it).
      void show.unsubscribe.then(
        () => {
          if (!show.streams.has(raw) || raw.writableEnded) return;
          if (show.last) raw.write(show.last);
          else void read(eventId, show);
        },
        () => undefined,
      );
      return 'open';
    },
    size: () => [...shows.values()].reduce((sum, show) => sum + show.streams.size, 0),
    timers: () => shows.size,
    async close() {
      closed = true;
      const all = [...shows.entries()];
      for (const [, show] of all) for (const raw of show.streams) raw.end();
      await Promise.all(all.map(([eventId, show]) => stop(eventId, show)));
      await Promise.all(all.map(([, show]) => show.reading));
    },
  };
}
