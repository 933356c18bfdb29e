// Live chat: stored messages per room (the lobby or one show), each room's settings (slow mode,
// the pinned message), viewers' sanctions (mutes and bans) and the log of every staff action.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = idColumn(dialect);
  const primaryId = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', id, primaryId)
    .addColumn('room', 'text', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'integer')
    .execute();
  await db.schema.createIndex('chat_messages_room_idx').on('chat_messages').columns(['room', 'id']).execute();
  await db.schema
    .createTable('chat_rooms')
    .addColumn('room', 'text', (c) => c.primaryKey())
    .addColumn('slow_mode_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinned_message_id', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('chat_sanctions')
    .addColumn('id', id, primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('until', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('lifted_at', 'text')
    .addColumn('lifted_by', 'integer')
    .execute();
  await db.schema.createIndex('chat_sanctions_user_idx').on('chat_sanctions').columns(['user_id', 'kind']).execute();
  await db.schema
    .createTable('chat_moderation')
    .addColumn('id', id, primaryId)
    .addColumn('room', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('target_user_id', 'integer')
    .addColumn('message_id', 'integer')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_moderation_created_idx').on('chat_moderation').columns(['created_at']).execute();
}
