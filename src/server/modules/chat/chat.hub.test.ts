import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { memoryPubSub } from '../../platform/pubsub';
import { createChatHub, DEFAULT_HUB_OPTIONS } from './chat.hub';

/** Just enough of a ws socket for the hub: what it sends, whether it was cut off. */
function fakeSocket(bufferedAmount: number) {
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    sent: [] as string[],
    terminated: false,
    send(data: Buffer) {
      socket.sent.push(data.toString());
    },
    terminate() {
      socket.terminated = true;
      socket.readyState = 3;
    },
    close() {
      socket.readyState = 3;
    },
    ping() {},
  });
  return socket;
}

describe('chat hub', () => {
  it('drops a slow reader past the buffer limit instead of queueing more for it', async () => {
    const hub = createChatHub(memoryPubSub(), { ...DEFAULT_HUB_OPTIONS, maxBufferedBytes: 1024 });
    await hub.start();
    const room = { key: 'lobby', ref: 'lobby' as const, eventId: null, title: 'Lobby', closesAt: null };
    const fast = fakeSocket(0);
    const slow = fakeSocket(4096);
    for (const [socket, id] of [[fast, 1], [slow, 2]] as const) {
      const conn = hub.accept(socket as unknown as WebSocket);
      hub.enter(conn, { id, name: `V${id}`, isStaff: false }, room, 0);
      hub.welcome(conn, { type: 'presence', members: 2 });
    }
    hub.toRoom('lobby', { type: 'deleted', id: 7 });
    expect(fast.sent.at(-1)).toBe('{"type":"deleted","id":7}');
    expect(slow.terminated).toBe(true);
    expect(slow.sent.filter((s) => s.includes('deleted'))).toEqual([]);
    await hub.stop();
  });
});
