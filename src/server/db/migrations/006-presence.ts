// Live presence: one check-in per viewer per show (how they came: reachby) and one watch log row
// per viewer per show that accumulates watched seconds from heartbeats.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_checkins')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reachby', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_checkins_pk', ['event_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('watch_logs')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reachby', 'text', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('watching', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_logs_pk', ['event_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('watch_logs_event_seen_idx')
    .on('watch_logs')
    .columns(['event_id', 'last_seen_at'])
    .execute();
}
