// Double opt-in for subscriptions (decision 072): every consent given, confirmed or withdrawn is an
// append-only record with the words shown, and a confirmation e-mail's link is a single-use token
// (kept only as its hash) that expires after 48 hours.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  // Never updated or deleted by the app: the history of what each subscriber agreed to and when.
  await db.schema
    .createTable('consent_records')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('newsletter', 'show_alerts')`))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('given', 'confirmed', 'withdrawn')`))
    .addColumn('text_version', 'text', (c) => c.notNull())
    // The exact words shown (or, for a withdrawal, what the subscriber did).
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('how', 'text', (c) => c.notNull().check(sql`how in ('form', 'link', 'one-click', 'account-page')`))
    .addColumn('at', 'text', (c) => c.notNull())
    // The address's network (IPv4 /24, IPv6 /48), not the address itself.
    .addColumn('address_range', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('consent_records_subscriber_idx')
    .on('consent_records')
    .columns(['subscriber_id', 'id'])
    .execute();

  await db.schema
    .createTable('subscription_confirmations')
    .addColumn('id', idColumn(dialect), serial)
    // sha256 of the token in the link: the link itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    // JSON list of { purpose, scope } this link confirms.
    .addColumn('confirms', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('subscription_confirmations_subscriber_idx')
    .on('subscription_confirmations')
    .columns(['subscriber_id', 'created_at'])
    .execute();
}
