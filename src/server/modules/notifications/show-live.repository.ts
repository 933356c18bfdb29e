// The show-live job's SQL (decision 069): shows that have just gone on air and are not announced
// yet, their RSVPs, and the mark that they were announced (the alert subscribers come from
// subscriptions/show-alerts.ts).
import type { Db } from '../../db/database';

export const showLiveRepository = {
  /** Shows on air now that started after `sinceIso` (not announced late) and are not marked yet. */
  dueShows: (db: Db, nowIso: string, sinceIso: string) =>
    db
      .selectFrom('events')
      .leftJoin('show_live_announced', 'show_live_announced.event_id', 'events.id')
      .select(['events.id', 'events.title', 'events.description', 'events.cust_start', 'events.cust_end'])
      .where('events.type', 'in', ['show', 'specialshow'])
      // A rehearsal's private copy goes live for staff only (decision 084).
      .where('events.rehearsal_of', 'is', null)
      .where('events.cust_start', '<=', nowIso)
      .where('events.cust_start', '>', sinceIso)
      .where('events.cust_end', '>', nowIso)
      .where('show_live_announced.event_id', 'is', null)
      .orderBy('events.cust_start')
      .execute(),

  rsvpUserIds: (db: Db, eventId: number) =>
    db.selectFrom('rsvps').select('user_id').where('event_id', '=', eventId).orderBy('user_id').execute(),

  markAnnounced: (db: Db, eventId: number, atIso: string) =>
    db
      .insertInto('show_live_announced')
      .values({ event_id: eventId, announced_at: atIso })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute(),
};
