// Web push devices (issue 18, decision 071): one row per browser push subscription, found by its
// endpoint (unique: a device signed in to another account moves to it), deleted with its viewer or
// when the push service answers that it is gone (404/410).
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    // The browser's keys for the payload's encryption (RFC 8291), base64url as the browser gives them.
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    // When the push service will drop the subscription by itself, if the browser said.
    .addColumn('expiration_time', 'text')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  // The worker sends to all of one viewer's devices.
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
}
