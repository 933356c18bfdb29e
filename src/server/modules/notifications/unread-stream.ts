// The live unread count (decision 068): each open event stream is a viewer waiting for their count.
// Works across server processes without a message from notify() (which writes in the caller's
// transaction and knows nothing of streams): while this process has streams open it polls about once
// a second for notifications above its high-water mark whose viewer has a stream here (a range on the
// primary key), and sends those viewers their new count. Read marks are published on the pub/sub
// channel (memory, or Redis across processes), so every process holding a stream of that viewer
// recounts at once.
import type { ServerResponse } from 'node:http';
import type { Db } from '../../db/database';
import type { PubSub } from '../../platform/pubsub';
import { inboxRepository as repo } from './inbox.repository';

export const UNREAD_CHANNEL = 'notifications:unread';

export type UnreadStreamOptions = {
  /** How often the new-notification poll runs while streams are open. */
  pollMs: number;
  /** How often each stream gets a comment line, so proxies keep it open. */
  heartbeatMs: number;
  /** Streams one viewer may hold open on one process (tabs and devices). */
  maxPerViewer: number;
};

export const DEFAULT_UNREAD_STREAM_OPTIONS: UnreadStreamOptions = {
  pollMs: 1_000,
  heartbeatMs: 25_000,
  maxPerViewer: 5,
};

/** Viewers per poll statement: well under both engines' bound-parameter limits. */
const POLL_CHUNK = 500;

type Stream = { raw: ServerResponse; last: number | null };

export type UnreadStreams = {
  /**
   * Takes over `raw` as viewer `userId`'s stream: 'open'; 'full' when they hold the most already,
   * 'closing' once the server is shutting down (nothing written either way).
   */
  open: (userId: number, raw: ServerResponse) => 'open' | 'full' | 'closing';
  /** Tells every process's streams of this viewer to recount (after a read mark). */
  changed: (userId: number) => void;
  /**
   * Ends this process's streams of the viewer (their sessions ended, decision 089): the bell
   * reconnects at once, and a session that is gone gets its 401, so an open page signs out.
   */
  endUser: (userId: number) => void;
  /** Streams open here now. */
  size: () => number;
  /** Ends every stream and stops the timers (shutdown). */
  close: () => Promise<void>;
};

export function createUnreadStreams(
  db: Db,
  pubsub: PubSub,
  log: { warn: (obj: object, msg: string) => void },
  options: UnreadStreamOptions = DEFAULT_UNREAD_STREAM_OPTIONS,
): UnreadStreams {
  const streams = new Map<number, Set<Stream>>();
  let highWater: number | null = null;
  let poll: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;
  /** Resolves once the high-water mark is set and read marks will be heard: then the first count is safe. */
  let primed: Promise<unknown> = Promise.resolve();
  let unsubscribe: Promise<() => Promise<void>> | null = null;
  let closed = false;

  const send = (stream: Stream, unread: number) => {
    if (stream.last === unread) return;
    stream.last = unread;
    stream.raw.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
  };

  async function recount(userId: number): Promise<void> {
    const held = streams.get(userId);
    if (!held?.size) return;
    const unread = await repo.unreadCount(db, userId);
    for (const stream of held) send(stream, unread);
  }

  const recountLogged = (userId: number) =>
    recount(userId).catch((error: unknown) => log.warn({ err: error }, 'unread count failed'));

  async function pollOnce(): Promise<void> {
    const top = await repo.maxId(db);
    if (highWater === null || top <= highWater) {
      highWater = Math.max(highWater ?? 0, top);
      return;
    }
    const after = highWater;
    highWater = top;
    const userIds = [...streams.keys()];
    for (let start = 0; start < userIds.length; start += POLL_CHUNK) {
      const rows = await repo.viewersWithNew(db, after, top, userIds.slice(start, start + POLL_CHUNK));
      await Promise.all(rows.map((row) => (row.user_id === null ? undefined : recount(row.user_id))));
    }
  }

  function startTimers() {
    if (poll) return;
    polling = pollOnce().catch((error: unknown) => log.warn({ err: error }, 'unread poll failed'));
    unsubscribe ??= pubsub.subscribe(UNREAD_CHANNEL, (payload) => {
      const userId = Number(payload);
      if (Number.isInteger(userId)) void recountLogged(userId);
    });
    primed = Promise.all([polling, unsubscribe]).catch(() => undefined);
    poll = setInterval(() => {
      if (polling) return;
      polling = pollOnce()
        .catch((error: unknown) => log.warn({ err: error }, 'unread poll failed'))
        .finally(() => (polling = null));
    }, options.pollMs);
    poll.unref();
    void polling.finally(() => (polling = null));
    heartbeat = setInterval(() => {
      for (const held of streams.values()) for (const stream of held) stream.raw.write(': still here\n\n');
    }, options.heartbeatMs);
    heartbeat.unref();
  }

  function stopTimers() {
    if (poll) clearInterval(poll);
    if (heartbeat) clearInterval(heartbeat);
    poll = heartbeat = null;
    // The mark is kept only while polling: a stream opened later starts from the top again.
    highWater = null;
  }

  function remove(userId: number, stream: Stream) {
    const held = streams.get(userId);
    if (!held) return;
    held.delete(stream);
    if (!held.size) streams.delete(userId);
    if (!streams.size) stopTimers();
  }

  return {
    open(userId, raw) {
      if (closed) return 'closing';
      const held = streams.get(userId) ?? new Set<Stream>();
      if (held.size >= options.maxPerViewer) return 'full';
      const stream: Stream = { raw, last: null };
      held.add(stream);
      streams.set(userId, held);
      raw.on('close', () => remove(userId, stream));
      startTimers();
      // The count on connect, once the poll holds its mark: nothing recorded after the count is missed.
      void primed.then(() => recountLogged(userId));
      return 'open';
    },
    changed(userId) {
      pubsub
        .publish(UNREAD_CHANNEL, String(userId))
        .catch((error: unknown) => log.warn({ err: error }, 'unread publish failed'));
    },
    endUser(userId) {
      for (const stream of [...(streams.get(userId) ?? [])]) stream.raw.end();
    },
    size: () => [...streams.values()].reduce((sum, held) => sum + held.size, 0),
    async close() {
      closed = true;
      stopTimers();
      for (const held of streams.values()) for (const stream of held) stream.raw.end();
      streams.clear();
      await polling;
      if (unsubscribe) await (await unsubscribe)();
    },
  };
}
