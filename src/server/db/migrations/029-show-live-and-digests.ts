// Show-live announcements and activity digests (decision 069): a show once announced as live is
// marked here, so the job does not read its 20,000 recipients again every pass; and each entrant's
// digest watermark, up to which their likes and votes have been counted and when the last digest
// was recorded (never two within an hour).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('show_live_announced')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('announced_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('submission_digests')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('counted_until', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
}
