// SQL for live presence: check-ins (live_checkins, one per viewer and show), the watch log
// (watch_logs, one row per viewer and show that heartbeats update) and the counts staff read.
import type { Insertable, Selectable } from 'kysely';
import { everyColumn } from '../../db/columns';
import { compiledRead, compiledStatement } from '../../db/compiled';
import type { Db } from '../../db/database';
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

type Viewing = { eventId: number; userId: number };

/**
 * Every check-in's answer reads the viewer's watch log: on PostgreSQL, a turn's reads share a query
 * (decision 111). Heartbeats read it in their transaction, which is never batched.
 */
const watchLogsOf = turnBatchedRows<Db, Viewing, Selectable<WatchLogsTable>>({
  key: (viewing) => `${viewing.eventId}:${viewing.userId}`,
  keyOfRow: (row) => `${row.event_id}:${row.user_id}`,
  one: (db, viewing) => watchLogOf(db, viewing.eventId, viewing.userId),
  many: (db, viewings) =>
    db
      .selectFrom('watch_logs')
      .select(WATCH_LOG_COLUMNS)
      .where((eb) =>
        eb(
          eb.refTuple('event_id', 'user_id'),
          'in',
          viewings.map((viewing) => eb.tuple(viewing.eventId, viewing.userId)),
        ),
      )
      .execute(),
});

type WatchLogChange = Pick<WatchLogsTable, 'seconds' | 'watching' | 'last_seen_at'>;

// Every check-in starts a watch log and every heartbeat moves it: compiled once (decision 115).
const insertWatchLog = compiledStatement<
  never,
  [eventId: number, userId: number, reachby: string, seconds: 0, watching: 1, startedAt: string, lastSeenAt: string]
>((db) =>
  db
    .insertInto('watch_logs')
    .values({ event_id: 0, user_id: 0, reachby: '', seconds: 0, watching: 1, started_at: '', last_seen_at: '' })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing()),
);
const moveWatchLog = compiledStatement<
  never,
  [seconds: number, watching: number, lastSeenAt: string, eventId: number, userId: number]
>((db) =>
  db
    .updateTable('watch_logs')
    .set({ seconds: 0, watching: 0, last_seen_at: '' })
    .where('event_id', '=', 0)
    .where('user_id', '=', 0),
);

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

  /** A viewer's first watch of the show, watching from `nowIso`; a row already there stands. True when written. */
  startWatchLog: async (db: Db, eventId: number, userId: number, reachby: string, nowIso: string) =>
    ((await insertWatchLog(db, eventId, userId, reachby, 0, 1, nowIso, nowIso)).numAffectedRows ?? 0n) > 0n,

  updateWatchLog: async (db: Db, eventId: number, userId: number, change: WatchLogChange) => {
    await moveWatchLog(db, change.seconds, change.watching, change.last_seen_at, eventId, userId);
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
