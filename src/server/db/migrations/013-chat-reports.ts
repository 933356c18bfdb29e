// Viewers' reports of chat messages (one per viewer per message, resolved by staff) and the people
// each viewer has hidden from their own chat (kept on the server so it follows them to any device).
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const primaryId = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  await db.schema
    .createTable('chat_reports')
    .addColumn('id', idColumn(dialect), primaryId)
    .addColumn('message_id', 'integer', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer')
    .addColumn('resolution', 'text')
    .addUniqueConstraint('chat_reports_message_reporter_unique', ['message_id', 'reporter_id'])
    .execute();
  await db.schema
    .createIndex('chat_reports_open_idx')
    .on('chat_reports')
    .columns(['resolved_at', 'message_id'])
    .execute();
  await db.schema
    .createTable('chat_hidden_users')
    .addColumn('viewer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hidden_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_hidden_users_pk', ['viewer_id', 'hidden_user_id'])
    .execute();
}
