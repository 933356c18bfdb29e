// SQL for events: the public reads, and the staff writes and lists (private events included).
import type { Insertable, Selectable, Updateable } from 'kysely';
import { everyColumn } from '../../db/columns';
import { compiledRead } from '../../db/compiled';
import type { Db } from '../../db/database';
import type { EventsTable } from '../../db/schema';
import { turnBatchedRead } from '../../db/turn-batch';

/** An event's columns, named so the hot reads below run as named statements on PostgreSQL (decision 113). */
const EVENT_COLUMNS = everyColumn<EventsTable>()([
  'id',
  'type',
  'title',
  'description',
  'image',
  'cust_start',
  'cust_end',
  'is_public',
  'platform',
  'stream_url',
  'replay_url',
  'created_at',
  'rehearsal_of',
]);

/** Read on nearly every viewer call about a show (several times each at a show start): compiled once. */
const eventById = compiledRead<Selectable<EventsTable>, [id: number]>((db) =>
  db.selectFrom('events').select(EVENT_COLUMNS).where('id', '=', 0),
);
/** On PostgreSQL, the reads of one turn by id share a query (decision 111): a show start asks thousands. */
const eventByIdBatched = turnBatchedRead<Db, number, Selectable<EventsTable>>({
  keyOf: (row) => row.id,
  one: async (db, id) => (await eventById(db, id))[0],
  many: (db, ids) => db.selectFrom('events').select(EVENT_COLUMNS).where('id', 'in', ids).execute(),
});

type When = 'upcoming' | 'live' | 'past' | 'all';

export const eventsRepository = {
  insert: (db: Db, row: Insertable<EventsTable>) =>
    db.insertInto('events').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: Updateable<EventsTable>) =>
    db.updateTable('events').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),

  /** Every event for staff, newest start first, with its RSVP count. */
  staffList: (db: Db, type: EventsTable['type'] | undefined, when: When, nowIso: string) => {
    let query = db
      .selectFrom('events')
      .selectAll('events')
      .select((eb) =>
        eb
          .selectFrom('rsvps')
          .select((r) => r.fn.countAll<string>().as('n'))
          .whereRef('rsvps.event_id', '=', 'events.id')
          .as('rsvp_count'),
      );
    if (type) query = query.where('type', '=', type);
    if (when === 'upcoming') query = query.where('cust_start', '>', nowIso);
    if (when === 'live') query = query.where('cust_start', '<', nowIso).where('cust_end', '>', nowIso);
    if (when === 'past') query = query.where('cust_end', '<=', nowIso);
    return query.orderBy('cust_start', 'desc').orderBy('id', 'desc').limit(200).execute();
  },

  rsvpList: (db: Db, eventId: number) =>
    db
      .selectFrom('rsvps')
      .innerJoin('users', 'users.id', 'rsvps.user_id')
      .select(['users.id as user_id', 'users.first_name', 'users.last_name', 'users.email', 'rsvps.created_at'])
      .where('rsvps.event_id', '=', eventId)
      .orderBy('rsvps.created_at')
      .orderBy('rsvps.id')
      .execute(),

  byId: (db: Db, id: number) => eventByIdBatched(db, id),

  /** Public events of one type in a time bucket: soonest first for upcoming and live, newest first otherwise. */
  list: (db: Db, type: EventsTable['type'], when: When, nowIso: string, limit: number) => {
    let query = db.selectFrom('events').selectAll().where('type', '=', type).where('is_public', '=', 1);
    if (when === 'upcoming') query = query.where('cust_start', '>', nowIso);
    if (when === 'live') query = query.where('cust_start', '<', nowIso).where('cust_end', '>', nowIso);
    if (when === 'past') query = query.where('cust_end', '<=', nowIso);
    const ascending = when === 'upcoming' || when === 'live';
    return query
      .orderBy('cust_start', ascending ? 'asc' : 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  },
};
