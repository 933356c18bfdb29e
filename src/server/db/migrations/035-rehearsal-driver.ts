// Which process drives a rehearsal's audience is known only to that process (decision 084); with
// several processes (decision 093) a starting one must not end the rehearsals the others drive.
// The driving process stamps `driver_seen_at` every few seconds and clears it when it closes.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rehearsals').addColumn('driver_seen_at', 'text').execute();
}
