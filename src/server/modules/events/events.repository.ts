// SQL for reading events. Writes (staff scheduling) arrive with the shows feature.
import type { Db } from '../../db/database';
import type { EventsTable } from '../../db/schema';

type When = 'upcoming' | 'live' | 'past' | 'all';

export const eventsRepository = {
  byId: (db: Db, id: number) => db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Public events of one type in a time bucket: soonest first for upcoming and live, newest first otherwise. */
  list: (db: Db, type: EventsTable['type'], when: When, nowIso: string, limit: number) => {
    let query = db.selectFrom('events').selectAll().where('type', '=', type).where('is_public', '=', 1);
    if (when === 'upcoming') query = query.where('cust_start', '>', nowIso);
    if (when === 'live') query = query.where('cust_start', '<', nowIso).where('cust_end', '>', nowIso);
    if (when === 'past') query = query.where('cust_end', '<=', nowIso);
    const ascending = when === 'upcoming' || when === 'live';
    return query.orderBy('cust_start', ascending ? 'asc' : 'desc').orderBy('id').limit(limit).execute();
  },
};
