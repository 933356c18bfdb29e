// Where the server's log lines go: gathered in memory and written to a file descriptor (stdout) by
// the thread pool, so the event loop never waits on the pipe (decision 096). It replaces pino's
// SonicBoom, which measured the UTF-8 length of its whole pending string again for every line: under
// a show-start load that was a tenth of a hot call's CPU.
import { write, writeSync } from 'node:fs';

/** A write the reader is not ready for is tried again after this long. */
export const RETRY_MS = 10;
/** How long a quiet server keeps a short tail of lines before writing them anyway. */
export const QUIET_FLUSH_MS = 1_000;
/** How long the synchronous flush on exit waits for a reader that takes nothing. */
const EXIT_WAIT_MS = 2_000;
/**
 * Lines gathered beyond this while the reader takes nothing are dropped, and counted in a line of
 * their own once it reads again: a stuck log reader must not take the server's memory with it.
 */
export const MAX_PENDING_CHARS = 16 * 1024 * 1024;

export type LogDestination = {
  /** pino's destination interface: one serialised line, newline included. */
  write(line: string): boolean;
  /** Writes out what is gathered, synchronously, and waits no longer for a write in flight. */
  flushSync(): void;
};

const isBusy = (error: NodeJS.ErrnoException) => error.code === 'EAGAIN' || error.code === 'EBUSY';

/** The two writes it makes: node:fs's, or a test's. */
export type DescriptorWrites = { write: typeof write; writeSync: typeof writeSync };

export function bufferedDestination(
  fd: number,
  minChars: number,
  io: DescriptorWrites = { write, writeSync },
  maxPendingChars = MAX_PENDING_CHARS,
): LogDestination {
  let lines: string[] = [];
  let chars = 0;
  let dropped = 0;
  let writing = false;
  let quietTimer: NodeJS.Timeout | null = null;

  function take(): Buffer {
    if (dropped > 0) {
      lines.push(
        `{"level":40,"time":${Date.now()},"msg":"log lines dropped: the reader took nothing","dropped":${dropped}}\n`,
      );
      dropped = 0;
    }
    const block = Buffer.from(lines.join(''));
    lines = [];
    chars = 0;
    return block;
  }

  /** One block to the descriptor, in as many writes as the reader needs; then the next block, if full. */
  function send(block: Buffer) {
    writing = true;
    io.write(fd, block, 0, block.length, null, (error, written) => {
      if (error && isBusy(error)) {
        setTimeout(() => send(block), RETRY_MS).unref();
        return;
      }
      // Anything else (the reader is gone: EPIPE, EBADF) drops the block: there is nowhere to write it.
      if (!error && written < block.length) return send(block.subarray(written));
      writing = false;
      schedule();
    });
  }

  /** A full block goes at once; a short tail once the server has been quiet for a while. */
  function schedule() {
    if (writing || chars === 0) return;
    if (chars >= minChars) return send(take());
    quietTimer ??= setTimeout(() => {
      quietTimer = null;
      if (!writing && chars > 0) send(take());
    }, QUIET_FLUSH_MS).unref();
  }

  return {
    write(line: string): boolean {
      if (chars + line.length > maxPendingChars) {
        dropped += 1;
        return true;
      }
      lines.push(line);
      chars += line.length;
      schedule();
      return true;
    },

    flushSync() {
      if (quietTimer) clearTimeout(quietTimer);
      quietTimer = null;
      if (chars === 0 && dropped === 0) return;
      let block = take();
      const giveUpAt = Date.now() + EXIT_WAIT_MS;
      const pause = new Int32Array(new SharedArrayBuffer(4));
      while (block.length > 0) {
        try {
          block = block.subarray(io.writeSync(fd, block));
        } catch (error) {
          if (!isBusy(error as NodeJS.ErrnoException) || Date.now() > giveUpAt) return;
          Atomics.wait(pause, 0, 0, RETRY_MS);
        }
      }
    },
  };
}
