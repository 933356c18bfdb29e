// SQL for RSVPs. The unique (user_id, event_id) constraint decides races.
import type { Db } from '../../db/database';

export const rsvpRepository = {
  insert: (db: Db, userId: number, eventId: number, createdAt: string) =>
    db.insertInto('rsvps').values({ user_id: userId, event_id: eventId, rsvp_type: 'new', created_at: createdAt }).returningAll().executeTakeFirstOrThrow(),
  find: (db: Db, userId: number, eventId: number) =>
    db.selectFrom('rsvps').selectAll().where('user_id', '=', userId).where('event_id', '=', eventId).executeTakeFirst(),
};
