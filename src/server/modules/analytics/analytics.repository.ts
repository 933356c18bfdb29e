// SQL for first-party analytics: inserts on every route change and the grouped reads behind the
// staff report. Counts come back as strings from PostgreSQL, so every read converts them.
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { AnalyticsEventsTable, PageTimesTable, PageViewsTable, VisitsTable } from '../../db/schema';

const TOP = 10;
/** No upper bound: the report of the last days runs to today. */
const OPEN_END = '9999-12-31';
type Counted = { key: string; count: string | number | bigint };
const counts = (rows: Counted[]) => rows.map((r) => ({ key: r.key, count: Number(r.count) }));

export const analyticsRepository = {
  insertVisit: (db: Db, row: Insertable<VisitsTable>) => db.insertInto('visits').values(row).execute(),
  insertPageView: (db: Db, row: Insertable<PageViewsTable>) => db.insertInto('page_views').values(row).execute(),
  insertEvent: (db: Db, row: Insertable<AnalyticsEventsTable>) =>
    db.insertInto('analytics_events').values(row).execute(),
  insertPageTime: (db: Db, row: Insertable<PageTimesTable>) => db.insertInto('page_times').values(row).execute(),

  async totals(db: Db, fromDay: string, fromIso: string) {
    const visits = await db
      .selectFrom('visits')
      .select((eb) => [
        eb.fn.countAll<string>().as('visits'),
        eb.fn.count<string>('session_id').distinct().as('sessions'),
      ])
      .where('day', '>=', fromDay)
      .executeTakeFirstOrThrow();
    const views = await db
      .selectFrom('page_views')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('day', '>=', fromDay)
      .executeTakeFirstOrThrow();
    const signups = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_at', '>=', fromIso)
      // A rehearsal's synthetic viewers never signed up (decision 084).
      .where('rehearsal_id', 'is', null)
      .executeTakeFirstOrThrow();
    return {
      visits: Number(visits.visits),
      sessions: Number(visits.sessions),
      pageViews: Number(views.n),
      signups: Number(signups.n),
    };
  },

  async byDay(db: Db, fromDay: string, toDay = OPEN_END) {
    const rows = await db
      .selectFrom('visits')
      .select((eb) => [
        'day',
        eb.fn.countAll<string>().as('visits'),
        eb.fn.count<string>('session_id').distinct().as('sessions'),
      ])
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .groupBy('day')
      .orderBy('day')
      .execute();
    return rows.map((r) => ({ day: r.day, visits: Number(r.visits), sessions: Number(r.sessions) }));
  },

  async topPages(db: Db, fromDay: string) {
    const rows = await db
      .selectFrom('page_views')
      .select((eb) => [eb.ref('path').as('key'), eb.fn.countAll<string>().as('count')])
      .where('day', '>=', fromDay)
      .groupBy('path')
      .orderBy('count', 'desc')
      .orderBy('path')
      .limit(TOP)
      .execute();
    return counts(rows);
  },

  async visitsGroupedBy(db: Db, fromDay: string, column: 'referrer_host' | 'ref_id' | 'device_type', toDay = OPEN_END) {
    const rows = await db
      .selectFrom('visits')
      .select((eb) => [eb.ref(column).as('key'), eb.fn.countAll<string>().as('count')])
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .where(column, '!=', '')
      .groupBy(column)
      .orderBy('count', 'desc')
      .orderBy(column)
      .limit(TOP)
      .execute();
    return counts(rows);
  },

  async signupsByRefId(db: Db, fromIso: string, refIds: string[], toIso = OPEN_END) {
    if (!refIds.length) return new Map<string, number>();
    const rows = await db
      .selectFrom('users')
      .select((eb) => [eb.ref('ref_id').as('key'), eb.fn.countAll<string>().as('count')])
      .where('created_at', '>=', fromIso)
      .where('created_at', '<', toIso)
      .where('ref_id', 'in', refIds)
      .groupBy('ref_id')
      .execute();
    return new Map(rows.map((r) => [r.key ?? '', Number(r.count)]));
  },

  async events(db: Db, fromDay: string) {
    const rows = await db
      .selectFrom('analytics_events')
      .select((eb) => ['category', 'action', eb.fn.countAll<string>().as('count')])
      .where('day', '>=', fromDay)
      .groupBy(['category', 'action'])
      .orderBy('count', 'desc')
      .orderBy('category')
      .orderBy('action')
      .limit(TOP)
      .execute();
    return rows.map((r) => ({ key: `${r.category} / ${r.action}`, count: Number(r.count) }));
  },

  /**
   * The viewer of the session's latest visit since `fromDay`, or null: a beacon carries no token
   * header, and the visit records of the same session do (decision 077).
   */
  async latestVisitUser(db: Db, sessionId: string, fromDay: string): Promise<number | null> {
    const row = await db
      .selectFrom('visits')
      .select('user_id')
      .where('day', '>=', fromDay)
      .where('session_id', '=', sessionId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.user_id ?? null;
  },

  /**
   * The median seconds per page, for the pages with the most timed views. Portable SQL (SQLite has
   * no percentile_cont): each view is ranked within its page, and the middle one (odd count) or the
   * middle two (even count, averaged) are kept; (n + 1) / 2 and (n + 2) / 2 are integer divisions.
   */
  async timeOnPage(db: Db, fromDay: string, toDay = OPEN_END) {
    const rows = await db
      .with('ranked', (qb) =>
        qb
          .selectFrom('page_times')
          .select((eb) => [
            'route',
            'seconds',
            eb.fn
              .agg<number>('row_number')
              .over((ob) => ob.partitionBy('route').orderBy('seconds').orderBy('id'))
              .as('row_in_page'),
            eb.fn
              .countAll<number>()
              .over((ob) => ob.partitionBy('route'))
              .as('views'),
          ])
          .where('day', '>=', fromDay)
          .where('day', '<=', toDay),
      )
      .selectFrom('ranked')
      .select((eb) => [
        eb.ref('route').as('key'),
        eb.fn.avg<string | number>('seconds').as('median'),
        eb.fn.max('views').as('views'),
      ])
      // Written as literals: a bound 1 or 2 is a real number in SQLite, and the division would not truncate.
      .where(sql<boolean>`row_in_page in ((views + 1) / 2, (views + 2) / 2)`)
      .groupBy('route')
      .orderBy((eb) => eb.fn.max('views'), 'desc')
      .orderBy('route')
      .limit(TOP)
      .execute();
    return rows.map((r) => ({ key: r.key, medianSeconds: Number(r.median), views: Number(r.views) }));
  },
};
