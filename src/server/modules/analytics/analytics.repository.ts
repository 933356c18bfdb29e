// SQL for first-party analytics: inserts on every route change and the grouped reads behind the
// staff report. Counts come back as strings from PostgreSQL, so every read converts them.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { AnalyticsEventsTable, PageTimesTable, PageViewsTable, VisitsTable } from '../../db/schema';

const TOP = 10;
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
      .executeTakeFirstOrThrow();
    return {
      visits: Number(visits.visits),
      sessions: Number(visits.sessions),
      pageViews: Number(views.n),
      signups: Number(signups.n),
    };
  },

  async byDay(db: Db, fromDay: string) {
    const rows = await db
      .selectFrom('visits')
      .select((eb) => [
        'day',
        eb.fn.countAll<string>().as('visits'),
        eb.fn.count<string>('session_id').distinct().as('sessions'),
      ])
      .where('day', '>=', fromDay)
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

  async visitsGroupedBy(db: Db, fromDay: string, column: 'referrer_host' | 'ref_id' | 'device_type') {
    const rows = await db
      .selectFrom('visits')
      .select((eb) => [eb.ref(column).as('key'), eb.fn.countAll<string>().as('count')])
      .where('day', '>=', fromDay)
      .where(column, '!=', '')
      .groupBy(column)
      .orderBy('count', 'desc')
      .orderBy(column)
      .limit(TOP)
      .execute();
    return counts(rows);
  },

  async signupsByRefId(db: Db, fromIso: string, refIds: string[]) {
    if (!refIds.length) return new Map<string, number>();
    const rows = await db
      .selectFrom('users')
      .select((eb) => [eb.ref('ref_id').as('key'), eb.fn.countAll<string>().as('count')])
      .where('created_at', '>=', fromIso)
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

  async timeOnPage(db: Db, fromDay: string) {
    const rows = await db
      .selectFrom('page_times')
      .select((eb) => [
        eb.ref('route').as('key'),
        eb.fn.avg<string>('seconds').as('average'),
        eb.fn.countAll<string>().as('views'),
      ])
      .where('day', '>=', fromDay)
      .groupBy('route')
      .orderBy('views', 'desc')
      .orderBy('route')
      .limit(TOP)
      .execute();
    return rows.map((r) => ({
      key: r.key,
      averageSeconds: Math.round(Number(r.average) * 10) / 10,
      views: Number(r.views),
    }));
  },
};
