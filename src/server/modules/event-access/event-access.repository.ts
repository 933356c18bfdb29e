// SQL for who may see a private event: the giveaway's access code, whether a viewer entered the
// giveaway or RSVPed to the show, and the line a tripped wrong-code limit leaves in the giveaway's log.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { GiveawayAuditTable } from '../../db/schema';

export const eventAccessRepository = {
  accessCode: async (db: Db, giveawayId: number): Promise<string | null> =>
    (await db.selectFrom('giveaways').select('access_code').where('event_id', '=', giveawayId).executeTakeFirst())
      ?.access_code ?? null,

  hasEntry: async (db: Db, giveawayId: number, userId: number): Promise<boolean> =>
    Boolean(
      await db
        .selectFrom('giveaway_entries')
        .select('id')
        .where('giveaway_id', '=', giveawayId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ),

  hasRsvp: async (db: Db, eventId: number, userId: number): Promise<boolean> =>
    Boolean(
      await db
        .selectFrom('rsvps')
        .select('id')
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ),

  /** The giveaway log's own table; written here so this module depends on no other. */
  audit: (db: Db, row: Insertable<GiveawayAuditTable>) => db.insertInto('giveaway_audit').values(row).execute(),
};
