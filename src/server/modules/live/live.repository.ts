// SQL for live presence: check-ins (live_checkins, one per viewer and show), the watch log
// (watch_logs, one row per viewer and show that heartbeats update) and the counts staff read.
import type { Insertable, Selectable } from 'kysely';
import { everyColumn, placeholderRow, valuesInOrder } from '../../db/columns';
import { compiledPerCount, compiledRead } from '../../db/compiled';
import type { Db, Dialect } from '../../db/database';
import type { LiveCheckinsTable, WatchLogsTable } from '../../db/schema';
import { turnBatchedRows } from '../../db/turn-batch';

/** A watch log's columns, named so its reads run as named statements on PostgreSQL (decision 113). */
const WATCH_LOG_COLUMNS = everyColumn<WatchLogsTable>()([
  'event_id',
  'user_id',
  'reachby',
  'seconds',
  'watching',
  'started_at',
  'last_seen_at',
]);

/** Read on every check-in and heartbeat: compiled once. */
const watchLogOf = compiledRead<Selectable<WatchLogsTable>, [eventId: number, userId: number]>((db) =>
  db.selectFrom('watch_logs').select(WATCH_LOG_COLUMNS).where('event_id', '=', 0).where('user_id', '=', 0),
);

export type Viewing = { eventId: number; userId: number };

/** The key of a viewer's watch log of a show, as `lockWatchLogs` answers them. */
export const viewingKey = (viewing: Viewing) => `${viewing.eventId}:${viewing.userId}`;
const keyOfWatchLog = (row: Pick<WatchLogsTable, 'event_id' | 'user_id'>) => `${row.event_id}:${row.user_id}`;

const watchLogsWhere = (db: Db, viewings: readonly Viewing[]) =>
  db
    .selectFrom('watch_logs')
    .select(WATCH_LOG_COLUMNS)
    .where((eb) =>
      eb(
        eb.refTuple('event_id', 'user_id'),
        'in',
        viewings.map((viewing) => eb.tuple(viewing.eventId, viewing.userId)),
      ),
    );

/**
 * Every check-in's answer reads the viewer's watch log: on PostgreSQL, a turn's reads share a query
 * (decision 111). Heartbeats read theirs in their transaction, a group's in one go (lockWatchLogs).
 */
const watchLogsOf = turnBatchedRows<Db, Viewing, Selectable<WatchLogsTable>>({
  key: viewingKey,
  keyOfRow: keyOfWatchLog,
  one: (db, viewing) => watchLogOf(db, viewing.eventId, viewing.userId),
  many: (db, viewings) => watchLogsWhere(db, viewings).execute(),
});

// A group of heartbeats' statements (decision 116), compiled once per number of viewings.
type WatchLog = Selectable<WatchLogsTable>;
const placeholderViewings = (count: number) => Array.from({ length: count }, () => ({ eventId: 0, userId: 0 }));
const viewingValues = (viewings: readonly Viewing[]) => viewings.flatMap((v) => [v.eventId, v.userId]);
const watchLogsInKeyOrder = (db: Db, count: number) =>
  watchLogsWhere(db, placeholderViewings(count)).orderBy('event_id').orderBy('user_id');
/** On PostgreSQL the rows are locked, in key order; SQLite's write lock is the transaction's own. */
const readWatchLogsToMove = {
  postgres: compiledPerCount<WatchLog>((db, count) => watchLogsInKeyOrder(db, count).forUpdate()),
  sqlite: compiledPerCount<WatchLog>(watchLogsInKeyOrder),
};
const PLACEHOLDER_WATCH_LOG = placeholderRow<WatchLog>(WATCH_LOG_COLUMNS);
const insertWatchLogs = (db: Db, count: number) =>
  db.insertInto('watch_logs').values(Array.from({ length: count }, () => PLACEHOLDER_WATCH_LOG));
const startWatchLogs = compiledPerCount<never>((db, count) =>
  insertWatchLogs(db, count).onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing()),
);
const moveWatchLogs = compiledPerCount<never>((db, count) =>
  insertWatchLogs(db, count).onConflict((oc) =>
    oc.columns(['event_id', 'user_id']).doUpdateSet((eb) => ({
      seconds: eb.ref('excluded.seconds'),
      watching: eb.ref('excluded.watching'),
      last_seen_at: eb.ref('excluded.last_seen_at'),
    })),
  ),
);
/** In key order, as the rows were locked: two groups writing the same rows take them in one order. */
const inKeyOrder = (rows: WatchLog[]) => rows.sort((a, b) => a.event_id - b.event_id || a.user_id - b.user_id);

export const liveRepository = {
  /**
   * Check-ins written together (the grouped commit): the first check-in of a viewer for a show
   * stands, a second changes nothing. Answers the rows that were new.
   */
  insertCheckIns: (db: Db, rows: Insertable<LiveCheckinsTable>[]) =>
    db
      .insertInto('live_checkins')
      .values(rows)
      .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
      .returning(['event_id', 'user_id'])
      .execute(),

  /** Viewers of the show still watching whose last sign of life came after `sinceIso`. */
  watchingSince: async (db: Db, eventId: number, sinceIso: string) =>
    Number(
      (
        await db
          .selectFrom('watch_logs')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('event_id', '=', eventId)
          .where('watching', '=', 1)
          .where('last_seen_at', '>', sinceIso)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  watchLog: async (db: Db, eventId: number, userId: number) => (await watchLogsOf(db, { eventId, userId }))[0],

  /**
   * The watch logs of a group of heartbeats' viewings in one read, by viewingKey, null for a viewing
   * with none yet (decision 116). On PostgreSQL they are locked, in key order, until the group commits.
   */
  async lockWatchLogs(db: Db, dialect: Dialect, viewings: readonly Viewing[]): Promise<Map<string, WatchLog | null>> {
    const rows = new Map<string, WatchLog | null>(viewings.map((v) => [viewingKey(v), null]));
    const read = readWatchLogsToMove[dialect];
    for (const row of (await read(db, viewings.length, viewingValues(viewings))).rows)
      rows.set(keyOfWatchLog(row), row);
    return rows;
  },

  /** Writes a group's new watch logs and moves the others, a statement each; a new one already there stands. */
  async writeWatchLogs(db: Db, started: WatchLog[], moved: WatchLog[]) {
    if (started.length) await startWatchLogs(db, started.length, valuesInOrder(WATCH_LOG_COLUMNS, inKeyOrder(started)));
    if (moved.length) await moveWatchLogs(db, moved.length, valuesInOrder(WATCH_LOG_COLUMNS, inKeyOrder(moved)));
  },

  /** Rows of the show in rsvps or live_checkins. */
  countFor: async (db: Db, table: 'rsvps' | 'live_checkins', eventId: number) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('event_id', '=', eventId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** How many viewers ever watched the show and their watched seconds together. */
  watchTotals: async (db: Db, eventId: number) => {
    const row = await db
      .selectFrom('watch_logs')
      .select((eb) => [eb.fn.countAll<string>().as('watchers'), eb.fn.sum<string>('seconds').as('seconds')])
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    return { watchers: Number(row.watchers), seconds: Number(row.seconds ?? 0) };
  },

  /** Check-ins by how the viewer came, most first. */
  checkInsByReach: async (db: Db, eventId: number) =>
    (
      await db
        .selectFrom('live_checkins')
        .select((eb) => [eb.ref('reachby').as('key'), eb.fn.countAll<string>().as('count')])
        .where('event_id', '=', eventId)
        .groupBy('reachby')
        .orderBy('count', 'desc')
        .orderBy('reachby')
        .execute()
    ).map((r) => ({ key: r.key, count: Number(r.count) })),
};
