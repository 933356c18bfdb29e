// Prize pictures (decision 047): a giveaway's prize and each spin-to-win prize may have an image,
// stored like an event's (a path under the media root, or a full https:// URL). Older rows keep null.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('giveaways').addColumn('prize_image', 'text').execute();
  await db.schema.alterTable('spin_prizes').addColumn('image', 'text').execute();
}
