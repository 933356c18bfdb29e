// Past shows play a replay; staff keep its address beside the live stream.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('replay_url', 'text').execute();
}
