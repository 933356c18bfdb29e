// Indexes for what the contest page polls (decision 062): a contest's counted votes grouped by entry
// read from the index alone, and a viewer's likes found by the viewer rather than by every like.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('contest_votes_counted_idx')
    .on('contest_votes')
    .columns(['contest_id', 'voided_at', 'submission_id'])
    .execute();
  await db.schema
    .createIndex('contest_likes_user_idx')
    .on('contest_likes')
    .columns(['user_id', 'submission_id'])
    .execute();
}
