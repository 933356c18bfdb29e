// Where the entry and check-in credits runs have got to, kept in the database (decision 103): a
// process that starts after a crash goes on from there instead of over a day of entries again. One
// row, `marks` a JSON object: where the next run starts and where the one after it will.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_credit_marks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('marks', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
