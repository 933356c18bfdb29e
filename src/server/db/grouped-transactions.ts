// Grouped transactions (decision 106): short pieces of work that arrive together run in one
// transaction, so one commit (one flush of the WAL file on SQLite, decision 110; one WAL flush on
// PostgreSQL) covers them all, as the grouped commit does for inserts (grouped-writer.ts). Each
// caller is answered only after that commit returned. If the group fails, each piece runs again in a
// transaction of its own, so one bad piece cannot fail the others: nothing of the failed group was
// committed, so running a piece again writes it once.
//
// Two steps go around the pieces (decision 116): `prepare`, given the keys of the group's pieces,
// reads in one statement what they all need, and `finish` writes what they left in it. On
// PostgreSQL every statement a piece runs waits for a turn of the busy event loop while the
// transaction stays open, so a read or a write made once a group rather than once a piece shortens
// every group by that many round trips.
//
// A piece must only touch the database through the transaction it is given, and must not wait on
// anything else in the meantime: the group's other pieces wait for it.
// Used by the watch log's heartbeats (live/live.service.ts) and spins (giveaways/spin.service.ts).
import type { Db } from './database';
import { createGroupQueue } from './group-queue';

type Piece<Key, Prepared> = {
  key: Key;
  work: (trx: Db, prepared: Prepared) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type GroupedTransactionsOptions<Key, Prepared> = {
  /** Groups committing at once: one on SQLite (one writer), a few on PostgreSQL (see groupsInFlightFor). */
  groupsInFlight?: number;
  maxGroup?: number;
  /** First in each group's transaction, given its pieces' keys (each once); what it answers goes to every piece. */
  prepare: (trx: Db, keys: Key[]) => Promise<Prepared>;
  /** Last in each group's transaction, after every piece ran: writes what they left in `prepared`. */
  finish?: (trx: Db, prepared: Prepared) => Promise<void>;
};

export function createGroupedTransactions<Key, Prepared>(db: Db, options: GroupedTransactionsOptions<Key, Prepared>) {
  const { groupsInFlight = 1, maxGroup = 200, prepare, finish } = options;

  async function runPieces(trx: Db, group: Piece<Key, Prepared>[]) {
    const prepared = await prepare(trx, [...new Set(group.map((piece) => piece.key))]);
    const done: unknown[] = [];
    for (const piece of group) done.push(await piece.work(trx, prepared));
    await finish?.(trx, prepared);
    return done;
  }

  async function runGroup(group: Piece<Key, Prepared>[]) {
    let results: unknown[];
    try {
      results = await db.transaction().execute((trx) => runPieces(trx, group));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const piece of group) {
        try {
          const [result] = await db.transaction().execute((trx) => runPieces(trx, [piece]));
          piece.resolve(result);
        } catch (alone) {
          piece.reject(alone);
        }
      }
      return;
    }
    group.forEach((piece, i) => piece.resolve(results[i]));
  }

  // Pieces that arrive while this turn of the event loop runs, or while a group commits, join one group.
  const groups = createGroupQueue(runGroup, { groupsInFlight, maxGroup });

  return {
    /** Runs `work` in a transaction shared with the pieces around it, `key` among the group's; resolves once committed. */
    run<T>(key: Key, work: (trx: Db, prepared: Prepared) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        groups.push({ key, work, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}
