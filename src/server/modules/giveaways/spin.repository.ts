// SQL for spin-to-win: the prize table per event, one spin per viewer per event and kind, and
// the reward points credited with it, and the stock left of prizes that have one.
import type { Selectable } from 'kysely';
import { everyColumn } from '../../db/columns';
import { compiledRead } from '../../db/compiled';
import type { Db } from '../../db/database';
import type { SpinPrizesTable, SpinsTable } from '../../db/schema';

// The columns of the reads below, named so they run as named statements on PostgreSQL (decision 113).
const PRIZE_COLUMNS = everyColumn<SpinPrizesTable>()([
  'id',
  'event_id',
  'position',
  'label',
  'weight',
  'points',
  'image',
  'stock',
]);
const SPIN_COLUMNS = everyColumn<SpinsTable>()([
  'event_id',
  'user_id',
  'kind',
  'prize_id',
  'label',
  'points',
  'created_at',
]);

/** Read on every spin and spin check: compiled once. */
const prizesOf = compiledRead<Selectable<SpinPrizesTable>, [eventId: number]>((db) =>
  db.selectFrom('spin_prizes').select(PRIZE_COLUMNS).where('event_id', '=', 0).orderBy('position'),
);
const spinOfViewer = compiledRead<Selectable<SpinsTable>, [eventId: number, userId: number, kind: SpinsTable['kind']]>(
  (db) =>
    db
      .selectFrom('spins')
      .select(SPIN_COLUMNS)
      .where('event_id', '=', 0)
      .where('user_id', '=', 0)
      .where('kind', '=', 'rsvp'),
);

export const spinRepository = {
  prizes: (db: Db, eventId: number) => prizesOf(db, eventId),

  async replacePrizes(
    db: Db,
    eventId: number,
    prizes: { label: string; weight: number; points: number; image: string | null; stock?: number | null }[],
  ) {
    await db.deleteFrom('spin_prizes').where('event_id', '=', eventId).execute();
    if (prizes.length)
      await db
        .insertInto('spin_prizes')
        .values(prizes.map((p, position) => ({ event_id: eventId, position, ...p })))
        .execute();
  },

  /**
   * Takes one of a prize with a stock, only while some is left: false when another spin took the last
   * one first (the update re-reads the row under its lock, so two spins never take the same last one).
   */
  async takeOne(db: Db, prizeId: number): Promise<boolean> {
    const result = await db
      .updateTable('spin_prizes')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .where('id', '=', prizeId)
      .where('stock', '>', 0)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  wonCounts: (db: Db, eventId: number) =>
    db
      .selectFrom('spins')
      .select(['prize_id'])
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_id', '=', eventId)
      .groupBy('prize_id')
      .execute(),

  spinOf: async (db: Db, eventId: number, userId: number, kind: SpinsTable['kind']) =>
    (await spinOfViewer(db, eventId, userId, kind))[0],

  /** Inserts the spin; undefined when this viewer already spun for this event and kind. */
  insertSpin: (db: Db, row: SpinsTable) =>
    db
      .insertInto('spins')
      .values(row)
      .onConflict((oc) => oc.columns(['event_id', 'user_id', 'kind']).doNothing())
      .returning(SPIN_COLUMNS)
      .executeTakeFirst(),

  hasRsvp: (db: Db, eventId: number, userId: number) =>
    db
      .selectFrom('rsvps')
      .select('id')
      .where('event_id', '=', eventId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  hasEntry: (db: Db, eventId: number, userId: number) =>
    db
      .selectFrom('giveaway_entries')
      .select('id')
      .where('giveaway_id', '=', eventId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
};
