// Durable SQLite commits without holding the event loop (decision 110). SQLite runs in WAL mode with
// `synchronous=NORMAL`: a commit writes its frames into the WAL file (the operating system's cache)
// and returns. Before a write is answered, the WAL file is flushed to disk with fdatasync on
// libuv's thread pool. A flush covers every commit written before it started, so commits made while
// one flush runs share the next one. With `synchronous=FULL` SQLite flushed once per commit, on the
// event loop, where nothing else could run in the meantime.
import { open, type FileHandle } from 'node:fs/promises';

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

export type WalSync = {
  /** Resolves once everything committed before the call is on disk. */
  afterCommit(): Promise<void>;
  /** Waits for a flush in hand, then lets the file go. */
  close(): Promise<void>;
};

/** `flush` stands in for fdatasync in tests. */
export function createWalSync(walFile: string, flush?: () => Promise<void>): WalSync {
  let file: Promise<FileHandle> | null = null;
  let waiting: Waiter[] = [];
  let isFlushing = false;
  let flushing: Promise<void> = Promise.resolve();

  const datasync =
    flush ??
    (async () => {
      // Opened at the first flush: by then a commit has made the WAL file. A read-only handle can
      // flush it: fdatasync acts on the file, whoever wrote its pages.
      file ??= open(walFile, 'r');
      file.catch(() => (file = null));
      await (await file).datasync();
    });

  async function flushAll() {
    isFlushing = true;
    // The last look at `waiting` and the end of the flushing are one step: a commit made after it
    // starts a flush of its own.
    while (waiting.length) {
      const covered = waiting;
      waiting = [];
      try {
        await datasync();
        for (const waiter of covered) waiter.resolve();
      } catch (error) {
        for (const waiter of covered) waiter.reject(error);
      }
    }
    isFlushing = false;
  }

  return {
    afterCommit() {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        if (!isFlushing) flushing = flushAll();
      });
    },
    async close() {
      await flushing;
      const handle = await file?.catch(() => null);
      file = null;
      await handle?.close();
    },
  };
}
