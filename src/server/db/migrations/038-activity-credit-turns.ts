// Whose turn the entry and check-in credits run is (decision 118): when a process last took it, by
// the wall clock (an ISO time, '' before the first). Another process passes its own turn while that
// is recent, so several processes read the entries and check-ins once a turn between them, not once each.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activity_credit_marks')
    .addColumn('turn_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
