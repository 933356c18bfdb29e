// The SQLite driver runs statements at once, but never inside another request's transaction.
import { mkdtempSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compiledRead } from './compiled';
import { openDatabase, type DatabaseHandle, type Db } from './database';

let handle: DatabaseHandle;
let file: string;

beforeEach(async () => {
  file = path.join(mkdtempSync(path.join(tmpdir(), 'gemcast-driver-')), 'g.db');
  handle = openDatabase({ kind: 'sqlite', file });
  await sql`create table notes (key text primary key, value text not null)`.execute(handle.db);
});
afterEach(() => handle.close());

const tick = () => new Promise((resolve) => setImmediate(resolve));
const note = (db: Db, key: string, value: string) =>
  sql`insert into notes (key, value) values (${key}, ${value})`.execute(db);
const keys = async (db: Db) =>
  (await sql<{ key: string }>`select key from notes order by key`.execute(db)).rows.map((row) => row.key);

/**
 * Another connection to the file, on a thread of its own, holding the write lock for `ms` (as a
 * checkpoint or a backup does): answers once it holds the lock, with a promise of its release.
 */
async function holdWriteLock(ms: number) {
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const db = Number(process.versions.node.split('.')[0]) >= 24
       ? new (require('node:sqlite').DatabaseSync)(workerData.file)
       : new (require('better-sqlite3'))(workerData.file);
     db.exec("begin immediate; insert into notes (key, value) values ('held', '1')");
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
     db.exec('commit');
     db.close();`,
    { eval: true, workerData: { file, ms } },
  );
  const released = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { released };
}

describe('the SQLite driver', () => {
  it('waits for a write lock another connection holds, even in a transaction that read first', async () => {
    const { db } = handle;
    const { released } = await holdWriteLock(300);
    await db.transaction().execute(async (trx) => {
      await keys(trx);
      await note(trx, 'mine', '2');
    });
    await released;
    expect(await keys(db)).toEqual(['held', 'mine']);
  });

  it('keeps a statement from another request out of an open transaction until it ends', async () => {
    const { db } = handle;
    let release: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await note(trx, 'a', '1');
      await holding;
      await note(trx, 'b', '2');
    });
    await tick();
    let outsideSaw: string[] | null = null;
    const outside = keys(db).then((seen) => (outsideSaw = seen));
    await tick();
    expect(outsideSaw).toBeNull();
    release();
    await Promise.all([transaction, outside]);
    expect(outsideSaw).toEqual(['a', 'b']);
  });

  it('keeps a compiled read, run on its own prepared statement, out of an open transaction until it ends', async () => {
    const { db } = handle;
    const valueOf = compiledRead<{ value: string }, [key: string]>((db) =>
      db
        .selectFrom(sql<{ key: string; value: string }>`notes`.as('notes'))
        .select('value')
        .where('key', '=', ''),
    );
    await note(db, 'a', 'before');
    expect(await valueOf(db, 'a')).toEqual([{ value: 'before' }]);
    let release: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`update notes set value = 'after' where key = 'a'`.execute(trx);
      expect(await valueOf(trx, 'a')).toEqual([{ value: 'after' }]);
      await holding;
    });
    await tick();
    let outsideSaw: { value: string }[] | null = null;
    const outside = valueOf(db, 'a').then((seen) => (outsideSaw = seen));
    await tick();
    expect(outsideSaw).toBeNull();
    release();
    await Promise.all([transaction, outside]);
    expect(outsideSaw).toEqual([{ value: 'after' }]);
  });

  it('runs transactions one after another, and a failed one leaves nothing behind', async () => {
    const { db } = handle;
    const failing = db.transaction().execute(async (trx) => {
      await note(trx, 'c', '3');
      await tick();
      throw new Error('changed my mind');
    });
    const next = db.transaction().execute(async (trx) => {
      await note(trx, 'd', '4');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    await next;
    expect(await keys(db)).toEqual(['d']);
  });

  it('reports a failing statement as a rejection and keeps serving', async () => {
    const { db } = handle;
    await note(db, 'e', '5');
    await expect(note(db, 'e', '6')).rejects.toThrow(/UNIQUE/);
    expect((await sql<{ value: string }>`select value from notes where key = 'e'`.execute(db)).rows).toEqual([
      { value: '5' },
    ]);
  });
});

describe('the SQLite driver: answers on disk (decision 110)', () => {
  const settled = async (promise: Promise<unknown>) => {
    let state = 'waiting';
    promise.then(
      () => (state = 'answered'),
      () => (state = 'failed'),
    );
    await tick();
    return state;
  };

  it('answers a write only once the WAL file is flushed, and lets the next transaction commit meanwhile', async () => {
    const probe = await open(file, 'r');
    const fileHandle = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> };
    await probe.close();
    const flushes: (() => void)[] = [];
    const datasync = fileHandle.datasync;
    const held = vi.spyOn(fileHandle, 'datasync').mockImplementation(function (this: unknown) {
      return new Promise<void>((resolve) => flushes.push(() => void datasync.call(this).then(resolve)));
    });
    try {
      const alone = note(handle.db, 'a', '1');
      expect(await settled(alone)).toBe('waiting');
      expect(flushes.length).toBe(1);
      const inTransaction = handle.db.transaction().execute((trx) => note(trx, 'b', '2'));
      // Committed and seen by others while the first flush is in hand; answered after a flush of its own.
      expect(await keys(handle.db)).toEqual(['a', 'b']);
      expect(await settled(inTransaction)).toBe('waiting');
      flushes[0]!();
      await alone;
      expect(await settled(inTransaction)).toBe('waiting');
      expect(flushes.length).toBe(2);
      flushes[1]!();
      await inTransaction;
      // A read is answered at once.
      expect(await settled(keys(handle.db))).toBe('answered');
      expect(flushes.length).toBe(2);
    } finally {
      held.mockRestore();
    }
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    expect(rows[0]?.synchronous).toBe(1);
  });
});
