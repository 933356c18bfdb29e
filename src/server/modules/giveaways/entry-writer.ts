// Entries arrive in surges when the host says "enter now". Entries that arrive together are
// written with one multi-row INSERT … ON CONFLICT DO NOTHING, so one commit (one disk flush on
// SQLite with synchronous=FULL, one WAL flush on PostgreSQL with synchronous_commit=on) covers
// the whole group; each viewer is answered only after that commit returned. The unique
// (giveaway, viewer) constraint still decides who is new; duplicates inside one group are settled
// in arrival order. If the group statement fails, its rows are retried one by one so one bad row
// cannot fail the others.
//
// SQLite writes one group at a time. PostgreSQL may have a few groups in flight: each waits for its
// WAL flush, and flushes of concurrent commits overlap, so more groups in flight mean more entries
// per second. A viewer whose two requests land in different groups still gets one row: the unique
// constraint makes the second insert wait for the first to commit, then do nothing.
import type { Db } from '../../db/database';
import { giveawaysRepository, type NewEntry } from './giveaways.repository';

export type WrittenEntry = { id: number; created_at: string };
type Pending = {
  row: NewEntry;
  resolve: (written: WrittenEntry | undefined) => void;
  reject: (error: unknown) => void;
};

const MAX_GROUP = 1000;
const keyOf = (giveawayId: number, userId: number) => `${giveawayId}:${userId}`;

export function createEntryWriter(db: Db, { groupsInFlight = 1 } = {}) {
  const queue: Pending[] = [];
  let inFlight = 0;
  let isScheduled = false;

  async function writeGroup(group: Pending[]) {
    const rows = await giveawaysRepository.insertEntries(
      db,
      group.map((p) => p.row),
    );
    const inserted = new Map(rows.map((r) => [keyOf(r.giveaway_id, r.user_id), r]));
    for (const pending of group) {
      const key = keyOf(pending.row.giveaway_id, pending.row.user_id);
      const row = inserted.get(key);
      // The first request for a key gets the new row; any other in the same group was already in.
      inserted.delete(key);
      pending.resolve(row ? { id: row.id, created_at: row.created_at } : undefined);
    }
  }

  async function writeOneByOne(group: Pending[]) {
    for (const pending of group) {
      try {
        pending.resolve(await giveawaysRepository.insertEntry(db, pending.row));
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  async function writeSafely(group: Pending[]) {
    try {
      await writeGroup(group);
    } catch {
      await writeOneByOne(group);
    }
  }

  function startGroups() {
    isScheduled = false;
    while (queue.length && inFlight < groupsInFlight) {
      const group = queue.splice(0, MAX_GROUP);
      inFlight += 1;
      void writeSafely(group).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  }

  /** Entries that arrive while this turn of the event loop runs join the same group. */
  function schedule() {
    if (isScheduled || !queue.length || inFlight >= groupsInFlight) return;
    isScheduled = true;
    setImmediate(startGroups);
  }

  return {
    /** Resolves with the new entry once it is committed, or undefined when the viewer was already in. */
    write(row: NewEntry): Promise<WrittenEntry | undefined> {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        schedule();
      });
    },
  };
}
export type EntryWriter = ReturnType<typeof createEntryWriter>;
