// How a giveaway's winner claims the prize: 'text' (text or call the contact number, staff confirm)
// or 'app' (a claim button on the winner's page, within the 5 minutes). Existing giveaways keep 'text'.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('giveaways')
    .addColumn('claim_mode', 'text', (col) => col.notNull().defaultTo(sql.lit('text')))
    .execute();
}
