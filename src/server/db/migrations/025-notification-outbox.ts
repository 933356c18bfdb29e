// The notification outbox (decision 066): one notification per viewer, kind and subject (also the
// future in-app list), and one delivery per notification and channel that a worker claims, sends,
// retries with backoff and marks sent. Both are written in the transaction of the change they report.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  await db.schema
    .createTable('notifications')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // What the notification is about, as a text key: `show:12`.
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    // JSON: what the kind's renderer needs beyond the title and body.
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addUniqueConstraint('notifications_key', ['user_id', 'kind', 'subject'])
    .execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    // 'email' today; 'push' and 'in_app' are meant to join it, so the column is not limited.
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('notification_deliveries_key', ['notification_id', 'channel'])
    .execute();
  // The worker's claim: pending rows that are due, and rows left sending past their lease.
  await db.schema
    .createIndex('notification_deliveries_due_idx')
    .on('notification_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('notification_deliveries_lease_idx')
    .on('notification_deliveries')
    .columns(['state', 'locked_until'])
    .execute();
}
