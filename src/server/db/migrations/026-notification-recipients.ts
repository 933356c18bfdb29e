// Notifications for everyone they concern (decision 068): e-mail subscribers without an account
// (`subscribers`) join viewers as recipients of the outbox, a notification may expire (a push for a
// show ends with the show), may be kept off the viewer's in-app list (in-app turned off for its
// kind), and viewers' choices per kind and channel are kept in `notification_preferences` (only
// the ones that differ from the defaults in src/shared/notification-kinds.ts).
//
// The notifications table is rebuilt because SQLite cannot drop NOT NULL from user_id in place. With
// foreign keys on, inside the migration's transaction: copy both tables into new ones, drop the
// deliveries then the notifications, and rename the new ones (SQLite rewrites the deliveries'
// reference to follow the rename). PostgreSQL alters the table where it stands.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

const ONE_RECIPIENT = sql`(user_id is not null and subscriber_id is null) or (user_id is null and subscriber_id is not null)`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  await db.schema
    .createTable('subscribers')
    .addColumn('id', idColumn(dialect), serial)
    // Lower-cased and trimmed: one subscriber per address.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    // The viewer with this address, once there is one.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // What a subscriber asked for: the newsletter, or show alerts for every show ('all') or one show
  // ('show:12'). Nothing is sent until it is confirmed (double opt-in, decision 072); unsubscribing
  // cancels it and clears the confirmation, so asking again needs a new confirmation.
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('newsletter', 'show_alerts')`))
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'confirmed', 'cancelled')`))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addUniqueConstraint('subscriptions_key', ['subscriber_id', 'purpose', 'scope'])
    .execute();
  await db.schema
    .createIndex('subscriptions_alerts_idx')
    .on('subscriptions')
    .columns(['purpose', 'state', 'scope'])
    .execute();

  if (dialect === 'postgres') {
    await sql`alter table notifications alter column user_id drop not null`.execute(db);
    await db.schema
      .alterTable('notifications')
      .addColumn('subscriber_id', 'integer', (c) => c.references('subscribers.id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('notifications').addColumn('expires_at', 'text').execute();
    await db.schema
      .alterTable('notifications')
      .addColumn('in_app', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`alter table notifications add constraint notifications_one_recipient check (${ONE_RECIPIENT})`.execute(
      db,
    );
    await db.schema
      .alterTable('notifications')
      .addUniqueConstraint('notifications_subscriber_key', ['subscriber_id', 'kind', 'subject'])
      .execute();
  } else {
    await rebuildForSqlite(db, serial, dialect);
  }

  // The in-app list, newest first, and its unread count, both by viewer.
  await db.schema.createIndex('notifications_inbox_idx').on('notifications').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind', 'channel'])
    .execute();
}

async function rebuildForSqlite(
  db: Kysely<unknown>,
  serial: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
  dialect: Dialect,
): Promise<void> {
  await db.schema
    .createTable('notifications_next')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('subscriber_id', 'integer', (c) => c.references('subscribers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('in_app', 'integer', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint('notifications_one_recipient', ONE_RECIPIENT)
    .addUniqueConstraint('notifications_key', ['user_id', 'kind', 'subject'])
    .addUniqueConstraint('notifications_subscriber_key', ['subscriber_id', 'kind', 'subject'])
    .execute();
  await sql`insert into notifications_next (id, user_id, kind, subject, title, body, url, data, created_at, read_at)
    select id, user_id, kind, subject, title, body, url, data, created_at, read_at from notifications`.execute(db);

  await db.schema
    .createTable('notification_deliveries_next')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications_next.id').onDelete('cascade'))
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
  await sql`insert into notification_deliveries_next select * from notification_deliveries`.execute(db);

  await db.schema.dropTable('notification_deliveries').execute();
  await db.schema.dropTable('notifications').execute();
  await sql`alter table notifications_next rename to notifications`.execute(db);
  await sql`alter table notification_deliveries_next rename to notification_deliveries`.execute(db);
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
