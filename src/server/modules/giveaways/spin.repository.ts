// SQL for spin-to-win: the prize table per event, one spin per viewer per event and kind, and
// the reward points credited with it, and the stock left of prizes that have one.
import type { Selectable } from 'kysely';
import { everyColumn, placeholderRow, valuesInOrder } from '../../db/columns';
import { compiledPerCount, compiledRead } from '../../db/compiled';
import type { Db } from '../../db/database';
import type { SpinPrizesTable, SpinsTable } from '../../db/schema';
import { turnBatchedRows } from '../../db/turn-batch';

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

type Prize = Selectable<SpinPrizesTable>;
type Spin = Selectable<SpinsTable>;

// A giveaway's opening brings its spins and spin checks by the hundred, each reading the same prize
// table and its viewer's spin and entry: on PostgreSQL the reads of one turn share a query each
// (decision 111). SQLite reads them one by one. A show's wheel asks for the RSVP through the RSVP
// module's read, which is shared the same way.

/** An event's prize table, in wheel order. */
const prizesBatched = turnBatchedRows<Db, number, Prize>({
  key: String,
  keyOfRow: (row) => String(row.event_id),
  one: (db, eventId) => prizesOf(db, eventId),
  many: (db, eventIds) =>
    db
      .selectFrom('spin_prizes')
      .select(PRIZE_COLUMNS)
      .where('event_id', 'in', eventIds)
      .orderBy('event_id')
      .orderBy('position')
      .execute(),
});

type SpinAsk = { eventId: number; userId: number; kind: SpinsTable['kind'] };
const spinKey = (ask: SpinAsk) => `${ask.eventId}:${ask.userId}:${ask.kind}`;

/** A viewer's spin of an event and kind, if any. */
const spinsBatched = turnBatchedRows<Db, SpinAsk, Spin>({
  key: spinKey,
  keyOfRow: (row) => spinKey({ eventId: row.event_id, userId: row.user_id, kind: row.kind }),
  one: (db, ask) => spinOfViewer(db, ask.eventId, ask.userId, ask.kind),
  many: (db, asks) =>
    db
      .selectFrom('spins')
      .select(SPIN_COLUMNS)
      .where((eb) =>
        eb(
          eb.refTuple('event_id', 'user_id', 'kind'),
          'in',
          asks.map((ask) => eb.tuple(ask.eventId, ask.userId, ask.kind)),
        ),
      )
      .execute(),
});

const entryOfViewer = compiledRead<{ id: number }, [giveawayId: number, userId: number]>((db) =>
  db.selectFrom('giveaway_entries').select('id').where('giveaway_id', '=', 0).where('user_id', '=', 0),
);
const PLACEHOLDER_SPIN = placeholderRow<SpinsTable>(SPIN_COLUMNS);
/** A group's spins, their values in SPIN_COLUMNS' order: compiled once per count (decisions 115, 116). */
const insertSpinRows = compiledPerCount<{ event_id: number }>((db, count) =>
  db
    .insertInto('spins')
    .values(Array.from({ length: count }, () => PLACEHOLDER_SPIN))
    .onConflict((oc) => oc.columns(['event_id', 'user_id', 'kind']).doNothing())
    .returning('event_id'),
);

type Pair = { eventId: number; userId: number };
const pairKey = (pair: Pair) => `${pair.eventId}:${pair.userId}`;

/** Whether the viewer entered the giveaway: what a giveaway's wheel asks first. */
const entriesBatched = turnBatchedRows<Db, Pair, Pair>({
  key: pairKey,
  keyOfRow: pairKey,
  one: async (db, pair) => ((await entryOfViewer(db, pair.eventId, pair.userId)).length ? [pair] : []),
  many: async (db, pairs) =>
    (
      await db
        .selectFrom('giveaway_entries')
        .select(['giveaway_id', 'user_id'])
        .where((eb) =>
          eb(
            eb.refTuple('giveaway_id', 'user_id'),
            'in',
            pairs.map((pair) => eb.tuple(pair.eventId, pair.userId)),
          ),
        )
        .execute()
    ).map((row) => ({ eventId: row.giveaway_id, userId: row.user_id })),
});

export const spinRepository = {
  prizes: (db: Db, eventId: number) => prizesBatched(db, eventId),

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
    (await spinsBatched(db, { eventId, userId, kind }))[0],

  /** Inserts a group's spins; answers how many were new (a viewer who already spun for the event and kind is not). */
  insertSpins: async (db: Db, rows: readonly SpinsTable[]) =>
    (await insertSpinRows(db, rows.length, valuesInOrder(SPIN_COLUMNS, rows))).rows.length,

  hasEntry: async (db: Db, eventId: number, userId: number) =>
    (await entriesBatched(db, { eventId, userId })).length > 0,
};
