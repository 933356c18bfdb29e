// SQL behind the staff show reports: who took each funnel step of a show (real viewers only), the
// shows of a range, viewer samples and on-air marks. Counting and the funnel itself are the service's.
import type { Db } from '../../db/database';
import { ON_AIR_MARKS } from '../../../shared/contract/staff-reports';

const SHOW_TYPES = ['show', 'specialshow'] as const;

/** The first time a viewer took a step (one row per viewer). */
export type StepTime = { user_id: number; at: string };
export type WatchRow = { user_id: number; seconds: number; started_at: string };

/**
 * Rows that count: real viewers only. Rehearsals' synthetic viewers (decision 084) and staff
 * accounts (they try the live page while they run the show; decision 090) are left out.
 */
function realViewers(db: Db) {
  return db.selectFrom('users').select('id').where('rehearsal_id', 'is', null).where('is_staff', '=', 0);
}

const firstTimes = (rows: { user_id: number; at: string | null }[]): StepTime[] =>
  rows.map((r) => ({ user_id: Number(r.user_id), at: String(r.at) }));

const showColumns = ['id', 'title', 'type', 'cust_start', 'cust_end'] as const;

export const staffReportsRepository = {
  /** A real show or special event (never a rehearsal copy), or undefined. */
  show: (db: Db, eventId: number) =>
    db
      .selectFrom('events')
      .select(showColumns)
      .where('id', '=', eventId)
      .where('type', 'in', SHOW_TYPES)
      .where('rehearsal_of', 'is', null)
      .executeTakeFirst(),

  /** Real shows that start in [fromIso, toIso), in air order. */
  showsBetween: (db: Db, fromIso: string, toIso: string) =>
    db
      .selectFrom('events')
      .select(showColumns)
      .where('type', 'in', SHOW_TYPES)
      .where('rehearsal_of', 'is', null)
      .where('cust_start', '>=', fromIso)
      .where('cust_start', '<', toIso)
      .orderBy('cust_start')
      .orderBy('id')
      .execute(),

  /** Real shows that have started by `nowIso`, newest first. */
  startedShows: (db: Db, nowIso: string, limit: number) =>
    db
      .selectFrom('events')
      .select(showColumns)
      .where('type', 'in', SHOW_TYPES)
      .where('rehearsal_of', 'is', null)
      .where('cust_start', '<=', nowIso)
      .orderBy('cust_start', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),

  async rsvps(db: Db, showId: number): Promise<StepTime[]> {
    const rows = await db
      .selectFrom('rsvps')
      .select((eb) => ['user_id', eb.fn.min('created_at').as('at')])
      .where('event_id', '=', showId)
      .where('user_id', 'in', realViewers(db))
      .groupBy('user_id')
      .execute();
    return firstTimes(rows);
  },

  async checkins(db: Db, showId: number): Promise<StepTime[]> {
    const rows = await db
      .selectFrom('live_checkins')
      .select((eb) => ['user_id', eb.fn.min('created_at').as('at')])
      .where('event_id', '=', showId)
      .where('user_id', 'in', realViewers(db))
      .groupBy('user_id')
      .execute();
    return firstTimes(rows);
  },

  /** The watch log: one row per viewer and show, its seconds summed from heartbeats (decision 090). */
  async watchLogs(db: Db, showId: number): Promise<WatchRow[]> {
    const rows = await db
      .selectFrom('watch_logs')
      .select(['user_id', 'seconds', 'started_at'])
      .where('event_id', '=', showId)
      .where('user_id', 'in', realViewers(db))
      .execute();
    return rows.map((r) => ({ user_id: Number(r.user_id), seconds: Number(r.seconds), started_at: r.started_at }));
  },

  /** The first entry into any of the show's giveaways. */
  async entries(db: Db, showId: number): Promise<StepTime[]> {
    const rows = await db
      .selectFrom('giveaway_entries')
      .innerJoin('giveaways', 'giveaways.event_id', 'giveaway_entries.giveaway_id')
      .select((eb) => ['giveaway_entries.user_id', eb.fn.min('giveaway_entries.created_at').as('at')])
      .where('giveaways.show_id', '=', showId)
      .where('giveaway_entries.user_id', 'in', realViewers(db))
      .groupBy('giveaway_entries.user_id')
      .execute();
    return firstTimes(rows);
  },

  /** The first spin of the show's RSVP wheel or of one of its giveaways' wheels. */
  async spins(db: Db, showId: number): Promise<StepTime[]> {
    const rows = await db
      .selectFrom('spins')
      .select((eb) => ['user_id', eb.fn.min('created_at').as('at')])
      .where((eb) =>
        eb.or([
          eb('event_id', '=', showId),
          eb('event_id', 'in', eb.selectFrom('giveaways').select('event_id').where('show_id', '=', showId)),
        ]),
      )
      .where('user_id', 'in', realViewers(db))
      .groupBy('user_id')
      .execute();
    return firstTimes(rows);
  },

  people: (db: Db, userIds: number[]) =>
    userIds.length
      ? db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('id', 'in', userIds).execute()
      : Promise.resolve([]),

  samples: (db: Db, showId: number) =>
    db.selectFrom('viewer_samples').select(['at', 'viewers']).where('event_id', '=', showId).orderBy('at').execute(),

  marks: (db: Db, showId: number) =>
    db
      .selectFrom('console_actions')
      .select(['action', 'detail', 'created_at'])
      .where('event_id', '=', showId)
      .where('action', 'in', ON_AIR_MARKS)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
};
