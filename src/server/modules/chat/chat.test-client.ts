// A chat client for tests and the bench (Node 20 has no global WebSocket): connects with `ws`,
// keeps every server frame, and waits for the next frame of a kind.
import WebSocket from 'ws';
import { ServerFrame, type ClientFrame, type RoomRef } from '../../../shared/contract/chat';

type Waiter = { test: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void; timer: NodeJS.Timeout };

export type ChatClient = Awaited<ReturnType<typeof connectChat>>;

export type ConnectOptions = {
  origin?: string;
  cookie?: string;
  autoPong?: boolean;
  /** Sent as X-Forwarded-For, for a server that trusts its proxy. */
  forwardedFor?: string;
};

/** Opens the socket; rejects with the HTTP status when the handshake is refused. */
export async function connectChat(baseUrl: string, options: ConnectOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.origin) headers.origin = options.origin;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/chat/ws`, {
    headers,
    autoPong: options.autoPong ?? true,
  });
  const frames: ServerFrame[] = [];
  const waiters = new Set<Waiter>();
  /** Frames a `next` call has already returned. */
  const taken = new Set<number>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );

  socket.on('message', (data) => {
    const frame = ServerFrame.parse(JSON.parse(data.toString()));
    frames.push(frame);
    for (const waiter of waiters) {
      if (waiter.test(frame)) {
        waiters.delete(waiter);
        clearTimeout(waiter.timer);
        taken.add(frames.length - 1);
        waiter.resolve(frame);
        return;
      }
    }
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`handshake refused: ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });

  /** The first frame of `type` (matching `where`) not yet returned; waits up to `timeoutMs` for it. */
  function next<T extends ServerFrame['type']>(
    type: T,
    where: (frame: Extract<ServerFrame, { type: T }>) => boolean = () => true,
    timeoutMs = 3000,
  ): Promise<Extract<ServerFrame, { type: T }>> {
    const isType = (frame: ServerFrame): frame is Extract<ServerFrame, { type: T }> => frame.type === type;
    const test = (frame: ServerFrame): frame is Extract<ServerFrame, { type: T }> => isType(frame) && where(frame);
    const index = frames.findIndex((frame, i) => !taken.has(i) && test(frame));
    const found = frames[index];
    if (found && test(found)) {
      taken.add(index);
      return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        test,
        resolve: (frame) => {
          if (test(frame)) resolve(frame);
        },
        timer: setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`no ${type} frame within ${timeoutMs} ms; last frames: ${JSON.stringify(frames.slice(-5))}`),
          );
        }, timeoutMs),
      };
      waiters.add(waiter);
    });
  }

  return {
    socket,
    frames,
    closed,
    next,
    send: (frame: ClientFrame) => socket.send(JSON.stringify(frame)),
    sendRaw: (data: string | Buffer, binary = false) => socket.send(data, { binary }),
    /** Joins and returns the welcome. */
    async join(token: string, room: RoomRef, lastSeenId?: number) {
      socket.send(JSON.stringify({ type: 'join', token, room, ...(lastSeenId ? { lastSeenId } : {}) }));
      return next('welcome');
    },
    async close() {
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
      await closed;
    },
  };
}
