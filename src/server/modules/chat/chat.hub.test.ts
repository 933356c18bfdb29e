import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { CLOSE_CODES } from '../../../shared/contract/chat';
import { MESSAGES } from '../../../shared/messages';
import { memoryPubSub } from '../../platform/pubsub';
import {
  allowedFanOutShare,
  createChatHub,
  DEFAULT_HUB_OPTIONS,
  presenceDelayMs,
  textFrame,
  type ChatSocket,
} from './chat.hub';

/** Just enough of a socket for the hub: what it was sent, whether it was cut off. */
function fakeSocket(bufferedAmount: number) {
  const sent: string[] = [];
  let readyState = 1;
  let terminated = false;
  let closedWith: number | null = null;
  const socket: ChatSocket = {
    OPEN: 1,
    get readyState() {
      return readyState;
    },
    bufferedAmount,
    send: (data) => void sent.push(data.toString()),
    terminate: () => {
      terminated = true;
      readyState = 3;
    },
    close: (code) => {
      closedWith = code ?? null;
      readyState = 3;
    },
    ping: () => undefined,
    on: () => undefined,
  };
  return { socket, sent, isTerminated: () => terminated, closedWith: () => closedWith };
}

describe('chat hub', () => {
  it('drops a slow reader past the buffer limit instead of queueing more for it', async () => {
    const hub = createChatHub(memoryPubSub(), { ...DEFAULT_HUB_OPTIONS, maxBufferedBytes: 1024 });
    await hub.start();
    const room = { key: 'lobby', ref: 'lobby' as const, eventId: null, title: 'Lobby', closesAt: null };
    const fast = fakeSocket(0);
    const slow = fakeSocket(4096);
    for (const [fake, id] of [
      [fast, 1],
      [slow, 2],
    ] as const) {
      const conn = hub.accept(fake.socket);
      hub.enter(conn, { id, name: `V${id}`, isStaff: false }, room);
      hub.welcome(conn, { type: 'presence', members: 2 });
    }
    hub.toRoom('lobby', { type: 'deleted', id: 7 });
    expect(fast.sent.at(-1)).toBe('{"type":"deleted","id":7}');
    expect(slow.isTerminated()).toBe(true);
    expect(slow.sent.filter((s) => s.includes('deleted'))).toEqual([]);
    await hub.stop();
  });
});

describe('chat hub: big rooms write their frames together (decision 106)', () => {
  const room = { key: 'lobby', ref: 'lobby' as const, eventId: null, title: 'Lobby', closesAt: null };
  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** The text frames in one write (short unmasked frames, as textFrame makes them). */
  const framesIn = (bytes: Buffer) => {
    const texts: string[] = [];
    for (let at = 0; at < bytes.length; at += 2 + (bytes[at + 1] ?? 0))
      texts.push(bytes.subarray(at + 2, at + 2 + (bytes[at + 1] ?? 0)).toString());
    return texts;
  };

  /**
   * A room of `members` sockets; each write takes `cost.ms` of the thread, as a slow machine's would.
   * The event loop reports itself busy `busy` of the time, whatever the test's own loop does.
   */
  async function roomOf(members: number, fanOutSlice = DEFAULT_HUB_OPTIONS.fanOutSlice, busy = 1) {
    const hub = createChatHub(memoryPubSub(), {
      ...DEFAULT_HUB_OPTIONS,
      roomBatchMs: 40,
      batchFromMembers: 3,
      fanOutSlice,
      fanOutShare: 0.25,
      busyCeiling: 0.8,
      loopTime: () => ({ activeMs: performance.now() * busy, idleMs: performance.now() * (1 - busy) }),
    });
    await hub.start();
    const cost = { ms: 0 };
    const writes = Array.from({ length: members }, () => [] as Buffer[]);
    writes.forEach((mine, i) => {
      const write = (data: Buffer) => {
        const until = performance.now() + cost.ms;
        while (performance.now() < until);
        return mine.push(data) > 0;
      };
      const stream = { write, writableLength: 0 };
      const conn = hub.accept(fakeSocket(0).socket, stream);
      hub.enter(conn, { id: i + 1, name: `V${i + 1}`, isStaff: false }, room);
      hub.welcome(conn, { type: 'presence', members });
    });
    await settle(DEFAULT_HUB_OPTIONS.presenceEveryMs + 100);
    // The member count went out when its timer fired, which a busy machine can make late: the
    // room's window is over 50 ms after this timer, which fires after that one.
    await settle(50);
    writes.forEach((mine) => (mine.length = 0));
    return { hub, writes, cost };
  }

  it("writes a quiet big room's first frame at once and gathers what follows in its window, in order", async () => {
    const { hub, writes } = await roomOf(3);
    hub.toRoom('lobby', { type: 'deleted', id: 1 });
    hub.toRoom('lobby', { type: 'deleted', id: 2 });
    hub.toRoom('lobby', { type: 'deleted', id: 3 });
    await settle(5);
    expect(writes.map((mine) => mine.map(framesIn))).toEqual(
      Array.from({ length: 3 }, () => [['{"type":"deleted","id":1}']]),
    );
    await settle(80);
    expect(writes.map((mine) => mine.length)).toEqual([2, 2, 2]);
    expect(framesIn(writes[0]![1]!)).toEqual(['{"type":"deleted","id":2}', '{"type":"deleted","id":3}']);
    // The same bytes for every socket: the batch is put together once.
    expect(writes[1]![1]).toBe(writes[0]![1]);
    await hub.stop();
  });

  it('writes a batch to a slice of the sockets per turn, and what comes meanwhile after it, in order (decision 109)', async () => {
    const { hub, writes } = await roomOf(5, 2);
    hub.toRoom('lobby', { type: 'deleted', id: 1 });
    // This turn: the first slice only.
    expect(writes.map((mine) => mine.length)).toEqual([1, 1, 0, 0, 0]);
    hub.toRoom('lobby', { type: 'deleted', id: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.map((mine) => mine.length)).toEqual([1, 1, 1, 1, 0]);
    await settle(80);
    expect(writes.map((mine) => mine.flatMap(framesIn))).toEqual(
      Array.from({ length: 5 }, () => ['{"type":"deleted","id":1}', '{"type":"deleted","id":2}']),
    );
    await hub.stop();
  });

  it('gathers longer after a batch that took long to write on a busy thread, so writing keeps to its share (decision 112)', async () => {
    const { hub, writes, cost } = await roomOf(3);
    cost.ms = 10;
    const start = performance.now();
    // Written at once, in 3 × 10 ms, on a loop busy all the time: at a quarter of the thread, the
    // next window is 120 ms, not 40.
    hub.toRoom('lobby', { type: 'deleted', id: 1 });
    hub.toRoom('lobby', { type: 'deleted', id: 2 });
    await settle(80);
    expect(writes.map((mine) => mine.length)).toEqual([1, 1, 1]);
    while (writes.some((mine) => mine.length < 2) && performance.now() - start < 2_000) await settle(5);
    expect(performance.now() - start).toBeGreaterThanOrEqual(115);
    expect(writes.map((mine) => mine.flatMap(framesIn))).toEqual(
      Array.from({ length: 3 }, () => ['{"type":"deleted","id":1}', '{"type":"deleted","id":2}']),
    );
    // Cheap writes again: after the next batch, the window is 40 ms once more.
    cost.ms = 0;
    hub.toRoom('lobby', { type: 'deleted', id: 3 });
    while (writes[0]!.length < 3 && performance.now() - start < 2_000) await settle(5);
    hub.toRoom('lobby', { type: 'deleted', id: 4 });
    await settle(80);
    expect(writes[0]!.flatMap(framesIn).slice(2)).toEqual(['{"type":"deleted","id":3}', '{"type":"deleted","id":4}']);
    await hub.stop();
  });

  it('keeps the short window after a slow batch when the thread has time to spare (decision 114)', async () => {
    const { hub, writes, cost } = await roomOf(3, DEFAULT_HUB_OPTIONS.fanOutSlice, 0);
    cost.ms = 10;
    const start = performance.now();
    // The same 3 × 10 ms batch, on a loop otherwise idle: writing may take up to 0.8 of the thread,
    // so the next window is 40 ms (30 / 0.8 is less), not 120.
    hub.toRoom('lobby', { type: 'deleted', id: 1 });
    const written = performance.now();
    hub.toRoom('lobby', { type: 'deleted', id: 2 });
    while (writes.some((mine) => mine.length < 2) && performance.now() - start < 2_000) await settle(5);
    expect(performance.now() - written).toBeLessThan(100);
    expect(writes.map((mine) => mine.flatMap(framesIn))).toEqual(
      Array.from({ length: 3 }, () => ['{"type":"deleted","id":1}', '{"type":"deleted","id":2}']),
    );
    await hub.stop();
  });

  it('lets a batch take more of the thread only as far as the rest of the work leaves room (decision 114)', () => {
    const options = { fanOutShare: 0.25, busyCeiling: 0.8 };
    const at = (activeMs: number, idleMs: number) => ({ activeMs, idleMs });
    // A 100 ms cycle: 20 ms of writing and nothing else, so up to 0.8 may be writing.
    expect(allowedFanOutShare(options, at(0, 0), at(20, 80), 20)).toBeCloseTo(0.8);
    // Requests took 40 of the 100 ms beside 20 of writing: 0.8 − 0.4 is left for writing.
    expect(allowedFanOutShare(options, at(1000, 500), at(1060, 540), 20)).toBeCloseTo(0.4);
    // Requests took 70 ms: never below the floor of a quarter.
    expect(allowedFanOutShare(options, at(0, 0), at(90, 10), 20)).toBe(0.25);
    // No time passed (a clock that does not move): the floor.
    expect(allowedFanOutShare(options, at(5, 5), at(5, 5), 0)).toBe(0.25);
  });

  it("writes a small room's frames at once", async () => {
    const { hub, writes } = await roomOf(2);
    hub.toRoom('lobby', { type: 'deleted', id: 1 });
    await settle(5);
    expect(writes.map((mine) => mine.map(framesIn))).toEqual([
      [['{"type":"deleted","id":1}']],
      [['{"type":"deleted","id":1}']],
    ]);
    await hub.stop();
  });
});

describe('chat hub: ended sessions (decision 089)', () => {
  const room = { key: 'lobby', ref: 'lobby' as const, eventId: null, title: 'Lobby', closesAt: null };

  async function threeSockets() {
    const hub = createChatHub(memoryPubSub());
    await hub.start();
    const fakes = [fakeSocket(0), fakeSocket(0), fakeSocket(0)] as const;
    const users = [
      { id: 1, name: 'V1', isStaff: false, sessionId: 10 },
      { id: 1, name: 'V1', isStaff: false, sessionId: 11 },
      { id: 2, name: 'V2', isStaff: false, sessionId: 20 },
    ];
    fakes.forEach((fake, i) => {
      const conn = hub.accept(fake.socket);
      hub.enter(conn, users[i] ?? users[0]!, room);
      hub.welcome(conn, { type: 'presence', members: 3 });
    });
    return { hub, fakes };
  }

  it('tells and closes only the sockets of the session that ended', async () => {
    const { hub, fakes } = await threeSockets();
    hub.revoked({ scope: 'session', userId: 1, sessionId: 11, tokenHash: 'h' });
    expect(fakes.map((fake) => fake.closedWith())).toEqual([null, CLOSE_CODES.signedOut, null]);
    expect(JSON.parse(fakes[1].sent.at(-1) ?? '{}')).toEqual({ type: 'signed_out', message: MESSAGES.sessionExpired });
    await hub.stop();
  });

  it('closes every socket of an account that ended, and only reconnects them when its rights changed', async () => {
    const ended = await threeSockets();
    ended.hub.revoked({ scope: 'account', userId: 1 });
    expect(ended.fakes.map((fake) => fake.closedWith())).toEqual([CLOSE_CODES.signedOut, CLOSE_CODES.signedOut, null]);
    await ended.hub.stop();
    const changed = await threeSockets();
    changed.hub.revoked({ scope: 'rights', userId: 2 });
    expect(changed.fakes.map((fake) => fake.closedWith())).toEqual([null, null, CLOSE_CODES.goingAway]);
    expect(changed.fakes[2].sent.some((text) => text.includes('signed_out'))).toBe(false);
    await changed.hub.stop();
  });
});

describe('textFrame', () => {
  it('frames text as a ws client reads it, for every length class', async () => {
    const lengths = [5, 125, 126, 300, 65_535, 65_536, 70_000];
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    server.on('connection', (_socket, request) => {
      for (const length of lengths) request.socket.write(textFrame(Buffer.from('x'.repeat(length))));
    });
    const address = server.address();
    const client = new WebSocket(`ws://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`);
    const received: number[] = [];
    await new Promise<void>((resolve) =>
      client.on('message', (data: Buffer, isBinary) => {
        if (!isBinary && data.every((byte) => byte === 120)) received.push(data.length);
        if (received.length === lengths.length) resolve();
      }),
    );
    expect(received).toEqual(lengths);
    client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('holds what reaches a room while a joiner waits for its welcome, and sends it after the welcome', async () => {
    const hub = createChatHub(memoryPubSub(), DEFAULT_HUB_OPTIONS);
    await hub.start();
    const room = { key: 'show:4', ref: 4, eventId: 4, title: 'Opal Hour', closesAt: null };
    const fake = fakeSocket(0);
    const conn = hub.accept(fake.socket);
    hub.enter(conn, { id: 1, name: 'V1', isStaff: false }, room);
    hub.toRoom('show:4', { type: 'winners', userIds: [3] });
    expect(fake.sent).toEqual([]);
    hub.welcome(conn, {
      type: 'welcome',
      room: { room: 4, title: 'Opal Hour', isOpen: true, slowModeSeconds: 20 },
      me: { userId: 1, name: 'V1', isStaff: false, mutedUntil: null },
      history: [],
      reset: true,
      deleted: [],
      pinned: null,
      members: 1,
      winners: [],
    });
    expect(fake.sent.map((frame) => JSON.parse(frame).type)).toEqual(['welcome', 'winners']);
    expect(hub.slowModeOf('show:4')).toBe(20);
    await hub.stop();
  });

  it('writes one framed copy of a broadcast to each stream', async () => {
    const hub = createChatHub(memoryPubSub(), DEFAULT_HUB_OPTIONS);
    await hub.start();
    const room = { key: 'lobby', ref: 'lobby' as const, eventId: null, title: 'Lobby', closesAt: null };
    const written: Buffer[] = [];
    const fake = fakeSocket(0);
    const conn = hub.accept(fake.socket, { write: (data) => written.push(data) > 0, writableLength: 0 });
    hub.enter(conn, { id: 1, name: 'V1', isStaff: false }, room);
    hub.welcome(conn, { type: 'presence', members: 1 });
    hub.toRoom('lobby', { type: 'deleted', id: 9 });
    expect(written).toEqual([
      textFrame(Buffer.from('{"type":"presence","members":1}')),
      textFrame(Buffer.from('{"type":"deleted","id":9}')),
    ]);
    expect(fake.sent).toEqual([]);
    await hub.stop();
  });
});

describe('chat hub: a message the welcome already carried (decision 092)', () => {
  const room = { key: 'lobby', ref: 'lobby' as const, eventId: null, title: 'Lobby', closesAt: null };
  const message = (id: number) => ({
    id,
    room: 'lobby' as const,
    userId: 2,
    name: 'V2',
    isStaff: false,
    text: `message ${id}`,
    createdAt: '2026-11-28T08:00:00.000Z',
  });
  const welcomeWith = (ids: number[]) => ({
    type: 'welcome' as const,
    room: { room: 'lobby' as const, title: 'Lobby', isOpen: true, slowModeSeconds: 0 },
    me: { userId: 1, name: 'V1', isStaff: false, mutedUntil: null },
    history: ids.map(message),
    reset: true,
    deleted: [],
    pinned: null,
    members: 1,
    winners: [],
  });
  /** A hub and one socket that has entered the room, its welcome not yet sent. */
  async function joining() {
    const hub = createChatHub(memoryPubSub());
    await hub.start();
    const fake = fakeSocket(0);
    const conn = hub.accept(fake.socket);
    hub.enter(conn, { id: 1, name: 'V1', isStaff: false }, room);
    return { hub, fake, conn };
  }
  const messageIds = (sent: string[]) =>
    sent.map((frame) => JSON.parse(frame)).flatMap((frame) => (frame.type === 'message' ? [frame.message.id] : []));

  it('sends each message once when it arrives live during the join and is in the history too', async () => {
    const { hub, fake, conn } = await joining();
    // Stored before the history was read, published while the welcome was being prepared.
    hub.toRoom('lobby', { type: 'message', message: message(7) });
    hub.toRoom('lobby', { type: 'message', message: message(8) });
    hub.welcome(conn, welcomeWith([6, 7]));
    expect(JSON.parse(fake.sent[0] ?? '{}').history.map((m: { id: number }) => m.id)).toEqual([6, 7]);
    expect(messageIds(fake.sent.slice(1))).toEqual([8]);
    await hub.stop();
  });

  it('does not send again a message of the history whose live copy comes after the welcome', async () => {
    const { hub, fake, conn } = await joining();
    hub.welcome(conn, welcomeWith([3, 5, 9]));
    // Another process's publish reaches this one late, out of order with a newer message.
    for (const id of [10, 5, 9, 4, 11]) hub.toRoom('lobby', { type: 'message', message: message(id) });
    expect(messageIds(fake.sent.slice(1))).toEqual([10, 4, 11]);
    await hub.stop();
  });

  it('still sends every live message to a socket whose welcome had no history', async () => {
    const { hub, fake, conn } = await joining();
    hub.toRoom('lobby', { type: 'message', message: message(1) });
    hub.welcome(conn, welcomeWith([]));
    hub.toRoom('lobby', { type: 'message', message: message(2) });
    expect(messageIds(fake.sent.slice(1))).toEqual([1, 2]);
    await hub.stop();
  });
});

describe('chat hub: changes to a room history (decision 104)', () => {
  it("tells its listeners of every process's messages, deletes and clears, even in rooms with no socket here", async () => {
    const pubsub = memoryPubSub();
    const here = createChatHub(pubsub);
    const elsewhere = createChatHub(pubsub);
    await here.start();
    await elsewhere.start();
    const heard: Array<string | null> = [];
    here.onHistoryChange((roomKey) => heard.push(roomKey));
    const message = {
      id: 7,
      room: 4,
      userId: 2,
      name: 'V2',
      isStaff: false,
      text: 'hello',
      createdAt: '2026-11-28T08:00:00.000Z',
    };
    elsewhere.toRoom('show:4', { type: 'message', message });
    elsewhere.toRoom('show:4', { type: 'reaction', reaction: 'heart' });
    elsewhere.toRoom('show:4', { type: 'pinned', message: null });
    elsewhere.toRoom('show:4', { type: 'room', slowModeSeconds: 5, isOpen: true });
    elsewhere.toRoom('lobby', { type: 'deleted', id: 3 });
    elsewhere.toRoom('show:5', { type: 'cleared' });
    expect(heard).toEqual(['show:4', 'lobby', 'show:5']);
    await here.stop();
    await elsewhere.stop();
  });
});

describe('chat hub: member counts in big rooms (decision 104)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits once a second up to the write budget, then longer with the room, up to the slowest', () => {
    const options = { ...DEFAULT_HUB_OPTIONS, presenceWritesPerSecond: 1_000, presenceSlowestEveryMs: 5_000 };
    expect([1, 1_000, 2_500, 5_000, 20_000].map((members) => presenceDelayMs(members, options))).toEqual([
      1_000, 1_000, 2_500, 5_000, 5_000,
    ]);
  });

  it('sends a big room its count less often than a small one', async () => {
    vi.useFakeTimers();
    const options = {
      ...DEFAULT_HUB_OPTIONS,
      presenceEveryMs: 1_000,
      presenceWritesPerSecond: 10,
      presenceSlowestEveryMs: 5_000,
    };
    const hub = createChatHub(memoryPubSub(), options);
    await hub.start();
    const roomOf = (id: number) => ({ key: `show:${id}`, ref: id, eventId: id, title: 'Opal Hour', closesAt: null });
    /** One socket in the room; its welcome is sent, so counts reach it as they go. */
    const join = (roomId: number, userId: number) => {
      const fake = fakeSocket(0);
      const conn = hub.accept(fake.socket);
      hub.enter(conn, { id: userId, name: `V${userId}`, isStaff: false }, roomOf(roomId));
      hub.welcome(conn, { type: 'presence', members: 0 });
      return fake;
    };
    const counts = (fake: ReturnType<typeof fakeSocket>) =>
      fake.sent
        .slice(1)
        .map((frame) => JSON.parse(frame))
        .flatMap((frame) => (frame.type === 'presence' ? [frame.members] : []));
    const small = join(1, 1);
    const big = join(2, 2);
    for (let id = 3; id <= 30; id++) join(2, id);
    // The first count of each room was due a second after its first socket came.
    await vi.advanceTimersByTimeAsync(1_000);
    expect([counts(small), counts(big)]).toEqual([[1], [29]]);
    join(1, 100);
    join(2, 101);
    // A second later the small room has its new count; the big one (30 sockets, 10 writes a second) waits 3 s.
    await vi.advanceTimersByTimeAsync(1_000);
    expect([counts(small), counts(big)]).toEqual([[1, 2], [29]]);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(counts(big)).toEqual([29]);
    await vi.advanceTimersByTimeAsync(1);
    expect(counts(big)).toEqual([29, 30]);
    await hub.stop();
  });
});
