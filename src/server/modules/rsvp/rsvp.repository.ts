// SQL for RSVPs. The unique (user_id, event_id) constraint decides races.
import { compiledRead } from '../../db/compiled';
import type { Db } from '../../db/database';

/** Asked by every viewer at show start: compiled once. */
const findRsvp = compiledRead<{ id: number }, [userId: number, eventId: number]>((db) =>
  db.selectFrom('rsvps').select('id').where('user_id', '=', 0).where('event_id', '=', 0),
);

export const rsvpRepository = {
  insert: (db: Db, userId: number, eventId: number, createdAt: string) =>
    db.insertInto('rsvps').values({ user_id: userId, event_id: eventId, rsvp_type: 'new', created_at: createdAt }).returningAll().executeTakeFirstOrThrow(),
  exists: async (db: Db, userId: number, eventId: number) => (await findRsvp(db, userId, eventId)).length > 0,
};
