// The grouped commit (decision 023), for any table with a "once" key: rows that arrive together are
// written with one multi-row INSERT … ON CONFLICT DO NOTHING, so one commit (one flush of the WAL
// file on SQLite, decision 110; one WAL flush on PostgreSQL with synchronous_commit=on) covers the
// whole group; each caller is answered only after that commit returned. The unique constraint still
// decides who is new; duplicates inside one group are settled in arrival order. If the group
// statement fails, its rows are retried one by one so one bad row cannot fail the others.
//
// SQLite writes one group at a time. PostgreSQL may have a few groups in flight: each waits for its
// WAL flush, and flushes of concurrent commits overlap, so more groups in flight mean more rows per
// second. A key whose two requests land in different groups still gets one row: the unique
// constraint makes the second insert wait for the first to commit, then do nothing.
// Used by giveaway entries (giveaways/entry-writer.ts), guesses (guessing/, decision 058) and live
// check-ins (live/live.service.ts, decision 056).

import { createGroupQueue } from './group-queue';

type Pending<Row, Written> = {
  row: Row;
  resolve: (written: Written | undefined) => void;
  reject: (error: unknown) => void;
};

export type GroupedWriterOptions<Row, Stored, Written> = {
  /** Inserts every row in one statement, skipping conflicts; answers the rows that were new. */
  insertMany: (rows: Row[]) => Promise<Stored[]>;
  /** Inserts one row, skipping a conflict; answers it when new. */
  insertOne: (row: Row) => Promise<Written | undefined>;
  /** The "once" key of a row to write and of a stored one (the unique constraint's columns). */
  keyOfRow: (row: Row) => string;
  keyOfStored: (stored: Stored) => string;
  /** What a caller is answered with from a stored row. */
  written: (stored: Stored) => Written;
  groupsInFlight?: number;
  maxGroup?: number;
};

/** Groups committing at once: one on SQLite; on PostgreSQL four of the pool's ten connections. */
export const groupsInFlightFor = (dialect: 'sqlite' | 'postgres') => (dialect === 'postgres' ? 4 : 1);

export function createGroupedWriter<Row, Stored, Written>(options: GroupedWriterOptions<Row, Stored, Written>) {
  const { insertMany, insertOne, keyOfRow, keyOfStored, written, groupsInFlight = 1, maxGroup = 1000 } = options;

  async function writeGroup(group: Pending<Row, Written>[]) {
    const rows = await insertMany(group.map((p) => p.row));
    const inserted = new Map(rows.map((r) => [keyOfStored(r), r]));
    for (const pending of group) {
      const key = keyOfRow(pending.row);
      const row = inserted.get(key);
      // The first request for a key gets the new row; any other in the same group was already in.
      inserted.delete(key);
      pending.resolve(row ? written(row) : undefined);
    }
  }

  async function writeOneByOne(group: Pending<Row, Written>[]) {
    for (const pending of group) {
      try {
        pending.resolve(await insertOne(pending.row));
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  async function writeSafely(group: Pending<Row, Written>[]) {
    try {
      await writeGroup(group);
    } catch {
      await writeOneByOne(group);
    }
  }

  // Rows that arrive while this turn of the event loop runs join the same group.
  const groups = createGroupQueue(writeSafely, { groupsInFlight, maxGroup });

  return {
    /** Resolves with the new row once it is committed, or undefined when its key was already there. */
    write(row: Row): Promise<Written | undefined> {
      return new Promise((resolve, reject) => {
        groups.push({ row, resolve, reject });
      });
    },
  };
}
