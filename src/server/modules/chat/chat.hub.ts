// The chat broadcaster: this process's sockets by room and by viewer, fan-out of every room event
// through pub/sub (so other processes deliver it too), topics followed outside rooms (a giveaway's
// draw, decision 041), member counts, pings and slow readers.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { CLOSE_CODES, type ServerFrame } from '../../../shared/contract/chat';
import type { PubSub } from '../../platform/pubsub';
import type { SessionRevocation } from '../../platform/session-revocation';
import { MESSAGES } from '../../../shared/messages';
import type { ChatUser, Room } from './chat.service';

export const CHAT_CHANNEL = 'gemcast:chat';

export type HubOptions = {
  /** How often sockets are pinged; one that has not answered the previous ping is dropped. */
  pingIntervalMs: number;
  /** A socket whose unsent data passes this is dropped; its client reconnects and catches up. */
  maxBufferedBytes: number;
  /** Presence counts from another process older than this are ignored (it died). */
  presenceStaleMs: number;
  /** Member counts are sent to a room at most this often... */
  presenceEveryMs: number;
  /**
   * ...and, in a room with many sockets here, only as often as keeps the count's socket writes to
   * about this many a second (each count is one write per socket, decision 104)...
   */
  presenceWritesPerSecond: number;
  /** ...but at least this often, however big the room. */
  presenceSlowestEveryMs: number;
  /**
   * In a room with at least `batchFromMembers` sockets here, a room's frames go out at most once per
   * `roomBatchMs`: the first after a quiet spell at once, what follows within the window together at
   * its end, as one write per socket for several frames.
   */
  roomBatchMs: number;
  batchFromMembers: number;
  /**
   * The share of the process's time a big room's batches may always take: the next window is at
   * least the last batch's writing time divided by the share allowed, so on a busy machine that
   * writes slowly the room's frames are gathered longer and requests keep theirs (decisions 112
   * and 120).
   */
  fanOutShare: number;
  /**
   * When the event loop has time to spare, the share allowed grows up to what keeps this much of
   * the loop's time busy in all (the requests' share, measured over the last cycle, plus the
   * fan-out's): a room does not wait longer on a machine that is not short of time (decision 114).
   */
  busyCeiling: number;
  /** The event loop's time so far, busy and idle (performance.eventLoopUtilization; a test's own). */
  loopTime: () => LoopTime;
  /**
   * A batch goes to at most this many sockets per turn of the event loop; the rest in the turns
   * after, so requests are answered in between (decision 109).
   */
  fanOutSlice: number;
};

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  pingIntervalMs: 30_000,
  maxBufferedBytes: 256 * 1024,
  presenceStaleMs: 30_000,
  presenceEveryMs: 1_000,
  // Once a second up to 1,000 sockets here, then less often: every 5 s from 5,000 (decision 104).
  presenceWritesPerSecond: 1_000,
  presenceSlowestEveryMs: 5_000,
  roomBatchMs: 100,
  batchFromMembers: 200,
  // Two fifths (decision 120): a quarter kept a 6,300-viewer room's deliveries waiting 290–320 ms.
  fanOutShare: 0.4,
  busyCeiling: 0.9,
  loopTime: () => {
    const { active, idle } = performance.eventLoopUtilization();
    return { activeMs: active, idleMs: idle };
  },
  fanOutSlice: 1000,
};

/** The event loop's busy and idle time since it started, in milliseconds. */
export type LoopTime = { activeMs: number; idleMs: number };

/**
 * The share of the thread a batch's writing may take, given the loop's time when the last batch was
 * written and now, and how long this batch took to write: `fanOutShare`, or more when the rest of
 * the cycle's work leaves room under `busyCeiling` (decision 114).
 */
export function allowedFanOutShare(
  options: Pick<HubOptions, 'fanOutShare' | 'busyCeiling'>,
  since: LoopTime,
  now: LoopTime,
  writingMs: number,
): number {
  const activeMs = now.activeMs - since.activeMs;
  const elapsedMs = activeMs + now.idleMs - since.idleMs;
  if (elapsedMs <= 0) return options.fanOutShare;
  const othersShare = Math.max(0, activeMs - writingMs) / elapsedMs;
  return Math.max(options.fanOutShare, options.busyCeiling - othersShare);
}

/** What the hub needs of a socket (a `ws` WebSocket has all of it). */
export type ChatSocket = {
  readonly readyState: number;
  readonly OPEN: number;
  readonly bufferedAmount: number;
  send: (data: Buffer, options: { binary: boolean }) => void;
  close: (code?: number, reason?: string) => void;
  terminate: () => void;
  ping: () => void;
  on: (event: 'pong', listener: () => void) => unknown;
};

/** The TCP stream under a socket, written to directly for broadcasts (see textFrame). */
export type WireStream = { write: (data: Buffer) => boolean; readonly writableLength: number };

/**
 * A complete unmasked WebSocket text frame (RFC 6455 §5.2). A broadcast is framed once and the
 * same bytes are written to every socket's stream, instead of ws framing it per socket. Safe
 * beside ws's own writes: without compression ws writes each frame whole and at once.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN + text
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** One frame on its way: its JSON, and the wire bytes, built once on first use. */
class Outgoing {
  private wire: Buffer | null = null;
  /** `messageId`: the chat message a `message` frame carries, so a socket that has it already is skipped. */
  constructor(
    readonly payload: Buffer,
    readonly messageId: number | null = null,
  ) {}
  get frame(): Buffer {
    this.wire ??= textFrame(this.payload);
    return this.wire;
  }
}

export type Conn = {
  socket: ChatSocket;
  stream: WireStream | null;
  user: ChatUser | null;
  room: LocalRoom | null;
  isAlive: boolean;
  /** Frames that arrive for the room while the welcome is being prepared. */
  pending: Outgoing[] | null;
  /**
   * Ids of the messages the welcome's history carried, ascending. A message stored before the
   * history was read can still be on its way live (pub/sub, another process): it is not sent again.
   */
  shown: readonly number[] | null;
  /** Topics this socket follows besides its room ('giveaway:7', 'show:3'). */
  topics: Set<string>;
};

type LocalRoom = {
  room: Room;
  conns: Set<Conn>;
  /** Null until the first welcome here brings the stored value; a settings frame replaces it. */
  slowModeSeconds: number | null;
  /** Whether staff paused the room (decision 080); null until the first welcome here brings it. */
  paused: boolean | null;
  lastMembers: number;
  presenceTimer: NodeJS.Timeout | null;
  /** Room frames waiting to be written together (a big room's, see HubOptions.roomBatchMs). */
  batch: Outgoing[];
  batchTimer: NodeJS.Timeout | null;
  /** When the room's frames were last written (performance.now()), which starts the next window. */
  flushedAt: number;
  /** The window after the last batch: roomBatchMs, or longer when that batch took long to write. */
  windowMs: number;
  /** The event loop's time when the last batch was written (or the room began here): the next cycle's start. */
  loopAt: LoopTime;
  /** Whether a batch is still on its way to the room's sockets, a slice per turn. */
  fanningOut: boolean;
};

/** Whether an ascending list holds an id (binary search: a welcome's history holds up to 50). */
function holds(ids: readonly number[], id: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = ids[middle] as number;
    if (at === id) return true;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** Whether a socket's welcome already carried the message a frame brings. */
function alreadyShown(conn: Conn, out: Outgoing): boolean {
  const shown = conn.shown;
  if (!shown || out.messageId === null) return false;
  // Live messages are newer than the history, so most are told apart by the last id alone.
  const last = shown[shown.length - 1];
  return last !== undefined && out.messageId <= last && holds(shown, out.messageId);
}

/**
 * Pub/sub payloads, parsed only as far as routing needs: `r|<room>|<frame>` (to a room),
 * `m|<room>|<message id>|<frame>` (a chat message to a room), `t|<topic>|<frame>`
 * (to a followed topic), `s|<room>|<frame>`
 * (a room's settings changed), `u|<user id>|<frame>`, `b|<user id>|<frame>` (banned: closes their
 * sockets) and `p|<node>|<counts>` (a process's member counts per room).
 */
type Kind = 'r' | 'm' | 't' | 's' | 'u' | 'b' | 'p';

/** Room frames besides a message that change what a welcome's history holds. */
const HISTORY_FRAMES: ReadonlySet<string> = new Set(['deleted', 'cleared']);

/** Told of a change to a room's stored messages; null: to any room's (frames may have been missed). */
export type HistoryListener = (roomKey: string | null) => void;

/** How long a room waits between member counts: longer as its sockets here grow past the write budget. */
export function presenceDelayMs(localMembers: number, options: HubOptions): number {
  const budgetMs = (localMembers / options.presenceWritesPerSecond) * 1000;
  return Math.min(Math.max(options.presenceEveryMs, budgetMs), options.presenceSlowestEveryMs);
}

export function createChatHub(pubsub: PubSub, options: HubOptions = DEFAULT_HUB_OPTIONS) {
  const node = randomUUID();
  const rooms = new Map<string, LocalRoom>();
  const byUser = new Map<number, Set<Conn>>();
  const byTopic = new Map<string, Set<Conn>>();
  const all = new Set<Conn>();
  const remote = new Map<string, { at: number; counts: Record<string, number> }>();
  const historyListeners = new Set<HistoryListener>();
  let unsubscribe: (() => Promise<void>) | null = null;
  let presenceHeartbeat: NodeJS.Timeout | null = null;
  let pinger: NodeJS.Timeout | null = null;

  function sendRaw(conn: Conn, out: Outgoing) {
    const socket = conn.socket;
    if (socket.readyState !== socket.OPEN) return;
    if ((conn.stream ? conn.stream.writableLength : socket.bufferedAmount) > options.maxBufferedBytes) {
      // A close frame would queue behind the backlog it is meant to end: drop the socket now.
      socket.terminate();
      return;
    }
    if (conn.stream) conn.stream.write(out.frame);
    else socket.send(out.payload, { binary: false });
  }

  function deliver(conn: Conn, out: Outgoing) {
    if (conn.pending) conn.pending.push(out);
    else if (!alreadyShown(conn, out)) sendRaw(conn, out);
  }

  /**
   * A frame to every socket of a room here. In a big room it waits for the batch: at a show start a
   * socket write cost more than building the frame, and thousands of sockets each got every
   * message and member count as a write of its own (decision 106). A frame that finds the last
   * window over goes at once (decision 107): a quiet room's message does not wait for company.
   */
  function toRoomHere(local: LocalRoom, out: Outgoing) {
    const isSmall = options.roomBatchMs <= 0 || local.conns.size < options.batchFromMembers;
    if (isSmall && !local.fanningOut) {
      // A room that shrank below the size keeps its order: what waits goes first.
      flushBatch(local);
      for (const conn of local.conns) deliver(conn, out);
      return;
    }
    local.batch.push(out);
    scheduleFlush(local);
  }

  /** Writes the room's waiting frames when its window is over, or at once if it is. */
  function scheduleFlush(local: LocalRoom) {
    if (local.batchTimer || local.fanningOut || !local.batch.length) return;
    const wait = local.flushedAt + local.windowMs - performance.now();
    if (wait <= 0) flushBatch(local);
    else local.batchTimer = setTimeout(() => flushBatch(local), wait);
  }

  /**
   * Writes a room's waiting frames: the same bytes to every socket that needs each of them. Writing
   * to thousands of sockets takes tens of milliseconds, so the sockets are taken a slice per turn
   * of the event loop (decision 109); frames that come meanwhile wait for the next batch, so every
   * socket gets the room's frames in order.
   */
  function flushBatch(local: LocalRoom) {
    if (local.batchTimer) clearTimeout(local.batchTimer);
    local.batchTimer = null;
    const batch = local.batch;
    if (!batch.length || local.fanningOut) return;
    local.batch = [];
    local.flushedAt = performance.now();
    const fanOut = { batch, conns: [...local.conns], together: null as Buffer | null };
    let writingMs = 0;
    const writeSlice = (from: number) => {
      const began = performance.now();
      const to = Math.min(fanOut.conns.length, from + options.fanOutSlice);
      for (let i = from; i < to; i++) {
        const conn = fanOut.conns[i] as Conn;
        // A socket that left, or moved rooms, since the batch set out.
        if (conn.room === local) writeBatch(conn, fanOut);
      }
      writingMs += performance.now() - began;
      if (to < fanOut.conns.length) {
        local.fanningOut = true;
        setImmediate(writeSlice, to);
        return;
      }
      local.fanningOut = false;
      // The cycle since the last batch was written: its window's requests, then this batch's writing.
      const loopNow = options.loopTime();
      const share = allowedFanOutShare(options, local.loopAt, loopNow, writingMs);
      local.loopAt = loopNow;
      local.windowMs = Math.max(options.roomBatchMs, writingMs / share);
      scheduleFlush(local);
    };
    writeSlice(0);
  }

  function writeBatch(conn: Conn, fanOut: { batch: Outgoing[]; together: Buffer | null }) {
    const batch = fanOut.batch;
    if (conn.pending) {
      conn.pending.push(...batch);
    } else if (batch.some((out) => alreadyShown(conn, out))) {
      const outs = batch.filter((out) => !alreadyShown(conn, out));
      if (outs.length) sendFrames(conn, Buffer.concat(outs.map((out) => out.frame)), outs);
    } else {
      fanOut.together ??= Buffer.concat(batch.map((out) => out.frame));
      sendFrames(conn, fanOut.together, batch);
    }
  }

  /** Several frames to one socket: one write of their wire bytes when its stream is at hand. */
  function sendFrames(conn: Conn, bytes: Buffer, outs: readonly Outgoing[]) {
    if (!conn.stream) {
      for (const out of outs) sendRaw(conn, out);
      return;
    }
    const socket = conn.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (conn.stream.writableLength > options.maxBufferedBytes) {
      socket.terminate();
      return;
    }
    conn.stream.write(bytes);
  }

  function encode(frame: ServerFrame): Outgoing {
    return new Outgoing(Buffer.from(JSON.stringify(frame)));
  }

  function members(key: string): number {
    const now = Date.now();
    let total = rooms.get(key)?.conns.size ?? 0;
    for (const [peer, entry] of remote) {
      if (now - entry.at > options.presenceStaleMs) remote.delete(peer);
      else total += entry.counts[key] ?? 0;
    }
    return total;
  }

  function localCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [key, local] of rooms) counts[key] = local.conns.size;
    return counts;
  }

  function publish(kind: Kind, target: string | number, json: string) {
    void pubsub.publish(CHAT_CHANNEL, `${kind}|${target}|${json}`).catch(() => undefined);
  }

  function historyChanged(roomKey: string | null) {
    for (const listener of historyListeners) listener(roomKey);
  }

  /** Sends the member count to a room's local sockets, at most once per presenceDelayMs. */
  function schedulePresence(local: LocalRoom) {
    if (local.presenceTimer) return;
    const delayMs = presenceDelayMs(local.conns.size, options);
    local.presenceTimer = setTimeout(() => {
      local.presenceTimer = null;
      const count = members(local.room.key);
      if (count === local.lastMembers || !rooms.has(local.room.key)) return;
      local.lastMembers = count;
      toRoomHere(local, encode({ type: 'presence', members: count }));
    }, delayMs);
  }

  let presenceAnnounce: NodeJS.Timeout | null = null;
  function announcePresence() {
    if (presenceAnnounce) return;
    presenceAnnounce = setTimeout(() => {
      presenceAnnounce = null;
      publish('p', node, JSON.stringify(localCounts()));
    }, options.presenceEveryMs);
  }

  function onPayload(payload: string) {
    const first = payload.indexOf('|');
    const second = payload.indexOf('|', first + 1);
    const kind = payload.slice(0, first);
    const target = payload.slice(first + 1, second);
    const json = payload.slice(second + 1);
    if (kind === 'm') {
      // Before looking for sockets here: the room's history may be kept after its last socket left.
      historyChanged(target);
      const local = rooms.get(target);
      if (!local) return;
      const third = json.indexOf('|');
      toRoomHere(local, new Outgoing(Buffer.from(json.slice(third + 1)), Number(json.slice(0, third))));
    } else if (kind === 'r' || kind === 's') {
      if (kind === 'r') {
        const frame: { type: string } = JSON.parse(json);
        if (HISTORY_FRAMES.has(frame.type)) historyChanged(target);
      }
      const local = rooms.get(target);
      if (!local) return;
      if (kind === 's') {
        const frame: { slowModeSeconds: number; paused?: boolean } = JSON.parse(json);
        local.slowModeSeconds = frame.slowModeSeconds;
        if (frame.paused !== undefined) local.paused = frame.paused;
      }
      toRoomHere(local, new Outgoing(Buffer.from(json)));
    } else if (kind === 't') {
      const out = new Outgoing(Buffer.from(json));
      for (const conn of byTopic.get(target) ?? []) deliver(conn, out);
    } else if (kind === 'u' || kind === 'b') {
      const out = new Outgoing(Buffer.from(json));
      for (const conn of byUser.get(Number(target)) ?? []) {
        deliver(conn, out);
        if (kind === 'b') conn.socket.close(CLOSE_CODES.banned, 'banned');
      }
    } else if (kind === 'p' && target !== node) {
      const counts: Record<string, number> = JSON.parse(json);
      remote.set(target, { at: Date.now(), counts });
      // A room the peer no longer lists changed too, so every room here gets a fresh count.
      for (const local of rooms.values()) schedulePresence(local);
    }
  }

  /** Binds a socket to its viewer, so frames for that viewer reach it. */
  function identify(conn: Conn, user: ChatUser) {
    conn.user = user;
    let mine = byUser.get(user.id);
    if (!mine) {
      mine = new Set();
      byUser.set(user.id, mine);
    }
    mine.add(conn);
  }

  return {
    async start() {
      unsubscribe = await pubsub.subscribe(CHAT_CHANNEL, onPayload);
      // Messages of other processes may have been missed while Redis was away: every socket here is
      // told to reconnect, and rejoining with its last seen id catches it up from storage (decision 092).
      pubsub.onResubscribed(() => {
        historyChanged(null);
        for (const conn of all) conn.socket.close(CLOSE_CODES.goingAway, 'catch up');
      });
      presenceHeartbeat = setInterval(() => {
        if (rooms.size) publish('p', node, JSON.stringify(localCounts()));
      }, options.presenceStaleMs / 3);
      pinger = setInterval(() => {
        for (const conn of all) {
          if (!conn.isAlive) {
            conn.socket.terminate();
            continue;
          }
          conn.isAlive = false;
          conn.socket.ping();
        }
      }, options.pingIntervalMs);
    },

    async stop() {
      if (presenceHeartbeat) clearInterval(presenceHeartbeat);
      if (pinger) clearInterval(pinger);
      if (presenceAnnounce) clearTimeout(presenceAnnounce);
      for (const local of rooms.values()) {
        if (local.presenceTimer) clearTimeout(local.presenceTimer);
        if (local.batchTimer) clearTimeout(local.batchTimer);
      }
      for (const conn of all) conn.socket.close(CLOSE_CODES.goingAway, 'server restarting');
      await unsubscribe?.().catch(() => undefined);
    },

    /** `stream` is the socket's TCP stream, for broadcasts framed once (see textFrame). */
    accept(socket: ChatSocket, stream: WireStream | null = null): Conn {
      const conn: Conn = {
        socket,
        stream,
        user: null,
        room: null,
        isAlive: true,
        pending: null,
        shown: null,
        topics: new Set(),
      };
      all.add(conn);
      socket.on('pong', () => {
        conn.isAlive = true;
      });
      return conn;
    },

    /** Puts a joined socket in its room; broadcasts wait in `pending` until the welcome is sent. */
    enter(conn: Conn, user: ChatUser, room: Room): number {
      let local = rooms.get(room.key);
      if (!local) {
        local = {
          room,
          conns: new Set(),
          slowModeSeconds: null,
          paused: null,
          lastMembers: 0,
          presenceTimer: null,
          batch: [],
          batchTimer: null,
          flushedAt: -Infinity,
          windowMs: options.roomBatchMs,
          loopAt: options.loopTime(),
          fanningOut: false,
        };
        rooms.set(room.key, local);
      }
      conn.room = local;
      conn.pending = [];
      local.conns.add(conn);
      identify(conn, user);
      announcePresence();
      schedulePresence(local);
      return members(room.key);
    },

    /**
     * Adds topics a socket follows (joined to a room or not). It counts in no room's members, and
     * hears its viewer's own frames (toUser) like a joined socket.
     */
    follow(conn: Conn, user: ChatUser, topics: readonly string[]) {
      identify(conn, user);
      for (const topic of topics) {
        conn.topics.add(topic);
        let conns = byTopic.get(topic);
        if (!conns) {
          conns = new Set();
          byTopic.set(topic, conns);
        }
        conns.add(conn);
      }
    },

    /** Sends the welcome, then whatever arrived for the room meanwhile that its history does not hold. */
    welcome(conn: Conn, frame: ServerFrame) {
      if (frame.type === 'welcome' && conn.room && conn.room.slowModeSeconds === null)
        conn.room.slowModeSeconds = frame.room.slowModeSeconds;
      if (frame.type === 'welcome' && conn.room && conn.room.paused === null)
        conn.room.paused = frame.room.paused ?? false;
      if (frame.type === 'welcome' && frame.history.length > 0) conn.shown = frame.history.map((message) => message.id);
      const queued = conn.pending ?? [];
      conn.pending = null;
      sendRaw(conn, encode(frame));
      for (const out of queued) if (!alreadyShown(conn, out)) sendRaw(conn, out);
    },

    leave(conn: Conn) {
      all.delete(conn);
      for (const topic of conn.topics) {
        const conns = byTopic.get(topic);
        conns?.delete(conn);
        if (conns?.size === 0) byTopic.delete(topic);
      }
      conn.topics.clear();
      const local = conn.room;
      if (local) {
        local.conns.delete(conn);
        if (local.conns.size === 0) {
          if (local.presenceTimer) clearTimeout(local.presenceTimer);
          if (local.batchTimer) clearTimeout(local.batchTimer);
          rooms.delete(local.room.key);
        } else {
          schedulePresence(local);
        }
        announcePresence();
      }
      if (conn.user) {
        const mine = byUser.get(conn.user.id);
        mine?.delete(conn);
        if (mine?.size === 0) byUser.delete(conn.user.id);
      }
      conn.room = null;
      conn.shown = null;
    },

    /** One frame to one socket. */
    send(conn: Conn, frame: ServerFrame) {
      sendRaw(conn, encode(frame));
    },

    /** A frame to everyone in a room, on every process. */
    toRoom(roomKey: string, frame: ServerFrame) {
      if (frame.type === 'message') publish('m', roomKey, `${frame.message.id}|${JSON.stringify(frame)}`);
      else publish(frame.type === 'room' ? 's' : 'r', roomKey, JSON.stringify(frame));
    },

    /** A frame to every socket following a topic, on every process. */
    toTopic(topic: string, frame: ServerFrame) {
      publish('t', topic, JSON.stringify(frame));
    },

    /** A frame to every socket of one viewer, on every process; a ban closes them too. */
    toUser(userId: number, frame: ServerFrame, options: { ban?: boolean } = {}) {
      publish(options.ban ? 'b' : 'u', userId, JSON.stringify(frame));
    },

    /**
     * Sessions ended on some process (decision 089): this process's sockets of those sessions are
     * told and closed. Rights changed: the sockets close as on a restart, so they join again with
     * the account as it is now.
     */
    revoked(revocation: SessionRevocation) {
      const conns = [...(byUser.get(revocation.userId) ?? [])];
      if (revocation.scope === 'rights') {
        for (const conn of conns) conn.socket.close(CLOSE_CODES.goingAway, 'rights changed');
        return;
      }
      const out = encode({ type: 'signed_out', message: MESSAGES.sessionExpired });
      for (const conn of conns) {
        if (revocation.scope === 'session' && conn.user?.sessionId !== revocation.sessionId) continue;
        sendRaw(conn, out);
        conn.socket.close(CLOSE_CODES.signedOut, 'signed out');
      }
    },

    /** Slow mode of a room this process serves, as last announced. */
    slowModeOf(roomKey: string): number {
      return rooms.get(roomKey)?.slowModeSeconds ?? 0;
    },

    /** Whether staff paused a room this process serves, as last announced (decision 080). */
    pausedOf(roomKey: string): boolean {
      return rooms.get(roomKey)?.paused ?? false;
    },

    /** Listens for changes to rooms' stored messages heard through pub/sub, this process's own included. */
    onHistoryChange(listener: HistoryListener) {
      historyListeners.add(listener);
    },

    members,
    get connections() {
      return all.size;
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;
