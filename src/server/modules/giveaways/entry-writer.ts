// Entries arrive in surges when the host says "enter now". They go through the grouped commit
// (db/grouped-writer.ts, decision 023): entries that arrive together share one INSERT and one
// commit, and each viewer is answered only after that commit returned. The unique (giveaway,
// viewer) constraint still decides who is new.
import type { Db } from '../../db/database';
import { createGroupedWriter } from '../../db/grouped-writer';
import { giveawaysRepository, type NewEntry } from './giveaways.repository';

export type WrittenEntry = { id: number; created_at: string };

const keyOf = (giveawayId: number, userId: number) => `${giveawayId}:${userId}`;

export function createEntryWriter(db: Db, { groupsInFlight = 1 } = {}) {
  return createGroupedWriter({
    insertMany: (rows: NewEntry[]) => giveawaysRepository.insertEntries(db, rows),
    insertOne: (row: NewEntry) => giveawaysRepository.insertEntry(db, row),
    keyOfRow: (row) => keyOf(row.giveaway_id, row.user_id),
    keyOfStored: (row) => keyOf(row.giveaway_id, row.user_id),
    written: (row): WrittenEntry => ({ id: row.id, created_at: row.created_at }),
    groupsInFlight,
  });
}
export type EntryWriter = ReturnType<typeof createEntryWriter>;
