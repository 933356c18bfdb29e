import { describe, expect, it } from 'vitest';
import { memoryPubSub } from '../../platform/pubsub';
import { createChatHub, DEFAULT_HUB_OPTIONS, type ChatSocket } from './chat.hub';

/** Just enough of a socket for the hub: what it was sent, whether it was cut off. */
function fakeSocket(bufferedAmount: number) {
  const sent: string[] = [];
  let readyState = 1;
  let terminated = false;
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
    close: () => {
      readyState = 3;
    },
    ping: () => undefined,
    on: () => undefined,
  };
  return { socket, sent, isTerminated: () => terminated };
}

describe('chat hub', () => {
  it('drops a slow reader past the buffer limit instead of queueing more for it', async () => {
    const hub = createChatHub(memoryPubSub(), { ...DEFAULT_HUB_OPTIONS, maxBufferedBytes: 1024 });
    await hub.start();
    const room = { key: 'lobby', ref: 'lobby' as const, eventId: null, title: 'Lobby', closesAt: null };
    const fast = fakeSocket(0);
    const slow = fakeSocket(4096);
    for (const [fake, id] of [[fast, 1], [slow, 2]] as const) {
      const conn = hub.accept(fake.socket);
      hub.enter(conn, { id, name: `V${id}`, isStaff: false }, room, 0);
      hub.welcome(conn, { type: 'presence', members: 2 });
    }
    hub.toRoom('lobby', { type: 'deleted', id: 7 });
    expect(fast.sent.at(-1)).toBe('{"type":"deleted","id":7}');
    expect(slow.isTerminated()).toBe(true);
    expect(slow.sent.filter((s) => s.includes('deleted'))).toEqual([]);
    await hub.stop();
  });
});
