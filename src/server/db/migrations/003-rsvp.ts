// RSVPs: one per viewer per event, enforced by the database (DESIGN principle 6).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rsvps')
    .addColumn('id', idColumn(dialect), (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('rsvp_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('rsvps_user_event_unique', ['user_id', 'event_id'])
    .execute();
  await db.schema.createIndex('rsvps_event_idx').on('rsvps').column('event_id').execute();
}
