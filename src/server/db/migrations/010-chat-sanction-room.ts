// Chat sanctions remember the room a mute or ban was given in (it still applies in every room),
// so the staff screen that lifts them can say where it happened. Older rows keep null.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_sanctions').addColumn('room', 'text').execute();
}
