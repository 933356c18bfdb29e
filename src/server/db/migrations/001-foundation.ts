// Accounts, sessions, one-time codes, sign-up answers, the mail outbox and the events table
// that the shows feature extends.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

type AnyDb = Kysely<unknown>;

export function idColumn(dialect: Dialect) {
  return dialect === 'postgres' ? 'serial' : 'integer';
}

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const id = idColumn(dialect);
  const autoIncrement = dialect === 'sqlite';
  await db.schema
    .createTable('users')
    .addColumn('id', id, (c) => (autoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('middle_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recipient_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_picture', 'text')
    .addColumn('birthday', 'text')
    .addColumn('anniversary', 'text')
    .addColumn('isactive', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('my_invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('invited_code', 'text')
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ref_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', id, (c) => (autoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', id, (c) => (autoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('login', 'reset')`))
    .addColumn('code_hmac', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('one_time_codes_email_idx').on('one_time_codes').columns(['email', 'purpose']).execute();

  await db.schema
    .createTable('registration_info')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('how_heard', 'text')
    .addColumn('shopping_for', 'text')
    .addColumn('favorite_gemstones', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('ring_size', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', id, (c) => (autoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', id, (c) => (autoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('show', 'giveaway', 'specialshow')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('cust_start', 'text', (c) => c.notNull())
    .addColumn('cust_end', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo('hls'))
    .addColumn('stream_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_type_start_idx').on('events').columns(['type', 'cust_start']).execute();
}
