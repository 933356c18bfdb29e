// SQL for RSVPs and their reminders. The unique (user_id, event_id) constraints decide races.
import { compiledRead } from '../../db/compiled';
import type { Db } from '../../db/database';
import { turnBatchedRows } from '../../db/turn-batch';

/** Asked by every viewer at show start: compiled once. */
const findRsvp = compiledRead<{ id: number }, [userId: number, eventId: number]>((db) =>
  db.selectFrom('rsvps').select('id').where('user_id', '=', 0).where('event_id', '=', 0),
);

type Pair = { userId: number; eventId: number };
const rsvpKey = (pair: Pair) => `${pair.userId}:${pair.eventId}`;

/** On PostgreSQL, one turn's "am I on the list?" asks share a query (decision 111). */
const rsvpsOf = turnBatchedRows<Db, Pair, Pair>({
  key: rsvpKey,
  keyOfRow: rsvpKey,
  one: async (db, pair) => ((await findRsvp(db, pair.userId, pair.eventId)).length ? [pair] : []),
  many: async (db, pairs) =>
    (
      await db
        .selectFrom('rsvps')
        .select(['user_id', 'event_id'])
        .where((eb) =>
          eb(
            eb.refTuple('user_id', 'event_id'),
            'in',
            pairs.map((pair) => eb.tuple(pair.userId, pair.eventId)),
          ),
        )
        .execute()
    ).map((row) => ({ userId: row.user_id, eventId: row.event_id })),
});

/** Every RSVP is of type 'new' (spec §7). */
const newRsvp = (userId: number, eventId: number, createdAt: string) => ({
  user_id: userId,
  event_id: eventId,
  rsvp_type: 'new',
  created_at: createdAt,
});

export const rsvpRepository = {
  insert: (db: Db, userId: number, eventId: number, createdAt: string) =>
    db
      .insertInto('rsvps')
      .values(newRsvp(userId, eventId, createdAt))
      .returningAll()
      .executeTakeFirstOrThrow(),
  /** For a caller whose own row already decides "once" (a special event's answers): no error when present. */
  insertIfAbsent: (db: Db, userId: number, eventId: number, createdAt: string) =>
    db
      .insertInto('rsvps')
      .values(newRsvp(userId, eventId, createdAt))
      .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
      .execute(),
  /** Whether the viewer has an RSVP to the event; asked by every viewer at show start. */
  exists: async (db: Db, userId: number, eventId: number) => (await rsvpsOf(db, { userId, eventId })).length > 0,
  /** RSVPs to events starting after `fromIso` and by `untilIso` whose reminder is not yet claimed. */
  dueReminders: (db: Db, fromIso: string, untilIso: string) =>
    db
      .selectFrom('rsvps')
      .innerJoin('events', 'events.id', 'rsvps.event_id')
      .innerJoin('users', 'users.id', 'rsvps.user_id')
      .leftJoin('reminders_sent', (join) =>
        join
          .onRef('reminders_sent.event_id', '=', 'rsvps.event_id')
          .onRef('reminders_sent.user_id', '=', 'rsvps.user_id'),
      )
      .select([
        'events.id as event_id',
        'events.title',
        'events.description',
        'events.cust_start',
        'events.cust_end',
        'users.id as user_id',
        'users.email',
        'users.first_name',
      ])
      .where('events.cust_start', '>', fromIso)
      .where('events.cust_start', '<=', untilIso)
      .where('reminders_sent.user_id', 'is', null)
      .execute(),
  /** Claims a show's reminders for these viewers; answers the viewers claimed here (not by another process). */
  claimReminders: (db: Db, eventId: number, userIds: number[], claimedAt: string) =>
    db
      .insertInto('reminders_sent')
      .values(userIds.map((userId) => ({ event_id: eventId, user_id: userId, sent_at: claimedAt })))
      .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
      .returning('user_id')
      .execute(),
};
