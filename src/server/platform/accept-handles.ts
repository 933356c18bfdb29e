// More accepts per event-loop turn (decision 107). Since libuv 1.45 (Node 20) a listening handle
// accepts one connection per turn of the loop. At a show start the turns are long (every ready socket
// is served in each), so viewers arriving faster than the loop turns wait in the kernel's queue, and
// once it is full their SYNs are dropped and retried seconds later. Each extra handle on a copy of
// the listening socket accepts one more connection per turn. Node 20 cannot duplicate a descriptor,
// so a short-lived child process receives the listening socket over IPC and sends it back, which
// hands this process a copy (SCM_RIGHTS); what the copies accept goes to the same HTTP server.
import { spawn } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import type { Server as NetServer, Socket } from 'node:net';

/** The echo: sends each listening socket back and closes its own copy. A connection that the copy
 * accepted meanwhile goes back too, unread (`pauseOnConnect`), and before the word that it is done. */
const ECHO = `
process.on('message', (message, server) => {
  if (message !== 'copy' || !server) return;
  server.pauseOnConnect = true;
  server.on('connection', (socket) => process.send('socket', socket));
  process.send('copy', server, () => {
    server.close();
    process.send('closed');
  });
});
process.on('disconnect', () => process.exit(0));
`;

const ECHO_TIMEOUT_MS = 5_000;

/** What a listening server applies to each socket it accepts (Node's net.Server keeps them). */
type AcceptOptions = {
  allowHalfOpen?: boolean;
  noDelay?: boolean;
  keepAlive?: boolean;
  keepAliveInitialDelay?: number;
};

export type AcceptHandles = {
  /** How many copies accept now: 0 until `ready`, and after `close`. */
  readonly count: number;
  /** Settles once the copies are made, or given up on (then `count` stays 0). Never rejects. */
  ready: Promise<void>;
  /** Stops accepting on the copies, including those that arrive after it is called. */
  close: () => void;
};

/**
 * Adds `copies` handles on copies of `server`'s listening socket, in the background: the server
 * accepts on its own handle meanwhile, so a start does not wait for the echo process (a second and
 * more on a busy machine). If the copies cannot be made (no child process, a timeout), the server
 * goes on with its own handle alone and `count` stays 0.
 */
export function addAcceptHandles(
  server: HttpServer,
  copies: number,
  onError: (error: Error) => void = () => undefined,
): AcceptHandles {
  const handles: NetServer[] = [];
  let isClosed = false;
  const close = () => {
    isClosed = true;
    for (const handle of handles.splice(0)) handle.close();
  };
  const ready =
    copies > 0
      ? copyListeningSocket(server, copies, { handles, isClosed: () => isClosed, close }, onError)
      : Promise.resolve();
  return {
    get count() {
      return handles.length;
    },
    ready,
    close,
  };
}

/** Where the copies go: kept in `handles` unless closed meanwhile; `close` gives them all up. */
type CopyKeeper = { handles: NetServer[]; isClosed: () => boolean; close: () => void };

async function copyListeningSocket(
  server: HttpServer,
  copies: number,
  { handles, isClosed, close }: CopyKeeper,
  onError: (error: Error) => void,
): Promise<void> {
  const echo = spawn(process.execPath, ['-e', ECHO], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: {} });
  /**
   * A copy comes back as a plain net.Server, and what the echo accepted was made by one: each socket
   * gets the HTTP server's accept options here, as its own accept would give them. Without `noDelay`
   * it would wait on Nagle's algorithm, and without `allowHalfOpen` close on a half-close.
   */
  const options = server as AcceptOptions;
  const handOver = (socket: Socket) => {
    socket.allowHalfOpen = Boolean(options.allowHalfOpen);
    if (options.noDelay) socket.setNoDelay(true);
    // The server keeps the keep-alive delay in seconds, as libuv takes it; the socket takes milliseconds.
    if (options.keepAlive) socket.setKeepAlive(true, (options.keepAliveInitialDelay ?? 0) * 1000);
    server.emit('connection', socket);
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let closed = 0;
      timer = setTimeout(() => reject(new Error('the echo process did not answer')), ECHO_TIMEOUT_MS);
      echo.on('error', reject);
      echo.on('exit', (code) => reject(new Error(`the echo process exited (${String(code)})`)));
      echo.on('message', (message, handle) => {
        if (message === 'socket' && handle) handOver(handle as Socket);
        else if (message === 'copy' && handle) {
          const copy = handle as NetServer;
          // A copy that comes back after the close (a shutdown during the start) never accepts.
          if (isClosed()) copy.close();
          else {
            copy.on('connection', handOver);
            handles.push(copy);
          }
        } else if (message === 'closed' && ++closed === copies) resolve();
      });
      for (let i = 0; i < copies; i++) echo.send('copy', server);
    });
  } catch (error) {
    close();
    onError(error instanceof Error ? error : new Error(String(error)));
  } finally {
    clearTimeout(timer);
    echo.removeAllListeners();
    echo.on('error', () => undefined);
    if (echo.connected) echo.disconnect();
  }
}
