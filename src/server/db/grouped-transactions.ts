// Grouped transactions (decision 106): short pieces of work that arrive together run in one
// transaction, so one commit (one flush of the WAL file on SQLite, decision 110; one WAL flush on
// PostgreSQL) covers them all, as the grouped commit does for inserts (grouped-writer.ts). Each
// caller is answered only after that commit returned. If the group fails, each piece runs again in a
// transaction of its own, so one bad piece cannot fail the others: nothing of the failed group was
// committed, so running a piece again writes it once.
//
// A piece must only touch the database through the transaction it is given, and must not wait on
// anything else in the meantime: the group's other pieces wait for it.
// Used by the watch log's heartbeats (live/live.service.ts) and spins (giveaways/spin.service.ts).
import type { Db } from './database';
import { createGroupQueue } from './group-queue';

type Piece = {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type GroupedTransactionsOptions = {
  /** Groups committing at once: one on SQLite (one writer), a few on PostgreSQL (see groupsInFlightFor). */
  groupsInFlight?: number;
  maxGroup?: number;
};

export function createGroupedTransactions(db: Db, options: GroupedTransactionsOptions = {}) {
  const { groupsInFlight = 1, maxGroup = 200 } = options;

  async function runGroup(group: Piece[]) {
    let results: unknown[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const done: unknown[] = [];
        for (const piece of group) done.push(await piece.work(trx));
        return done;
      });
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const piece of group) {
        try {
          piece.resolve(await db.transaction().execute(piece.work));
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
    /** Runs `work` in a transaction shared with the pieces around it; resolves once it is committed. */
    run<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        groups.push({ work, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}
export type GroupedTransactions = ReturnType<typeof createGroupedTransactions>;
