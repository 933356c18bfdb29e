// Group commit for hot, small writes (giveaway entries). On SQLite every commit waits for the disk
// (synchronous=FULL), so writes that arrive together are run in one transaction, each inside its
// own savepoint, and all are answered after that one commit: the same guarantee (nothing is
// acknowledged before it is on disk) for one flush instead of hundreds. PostgreSQL already groups
// concurrent commits' WAL flushes, so there each write simply runs on its own.
import { sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from './database';
import type { Database } from './schema';

export type Writer<T> = (trx: Transaction<Database> | DatabaseHandle['db']) => Promise<T>;
export type GroupCommit = { run: <T>(write: Writer<T>) => Promise<T> };

/** A queued write: runs inside the batch and hands back how to answer once the batch is committed. */
type Job = { attempt: (trx: Transaction<Database>) => Promise<{ ok: boolean; settle: () => void }>; fail: (error: unknown) => void };

const MAX_BATCH = 512;

export function createGroupCommit(handle: Pick<DatabaseHandle, 'db' | 'dialect'>): GroupCommit {
  if (handle.dialect === 'postgres') return { run: (write) => write(handle.db) };

  let queue: Job[] = [];
  let flushing = false;

  async function flushBatch(batch: Job[]) {
    const settles: (() => void)[] = [];
    await handle.db.transaction().execute(async (trx) => {
      for (const job of batch) {
        await sql`savepoint group_write`.execute(trx);
        const outcome = await job.attempt(trx);
        if (!outcome.ok) await sql`rollback to group_write`.execute(trx);
        await sql`release group_write`.execute(trx);
        settles.push(outcome.settle);
      }
    });
    // Only now, after the commit returned, does any write get its answer.
    for (const settle of settles) settle();
  }

  async function flush() {
    while (queue.length) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      try {
        await flushBatch(batch);
      } catch (error) {
        for (const job of batch) job.fail(error);
      }
    }
    flushing = false;
  }

  return {
    run<T>(write: Writer<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const attempt = async (trx: Transaction<Database>) => {
          try {
            const value = await write(trx);
            return { ok: true, settle: () => resolve(value) };
          } catch (error) {
            return { ok: false, settle: () => reject(error) };
          }
        };
        queue.push({ attempt, fail: reject });
        if (!flushing) {
          flushing = true;
          // Let the writes that arrive in this turn of the event loop join the batch.
          setImmediate(() => void flush());
        }
      });
    },
  };
}
