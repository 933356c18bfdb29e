// Check-in points are credited off the check-in's path (decision 056): a background run reads the
// check-ins in the order they were made, from where it stopped, so it needs them by time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('live_checkins_created')
    .on('live_checkins')
    .columns(['created_at', 'event_id', 'user_id'])
    .execute();
}
