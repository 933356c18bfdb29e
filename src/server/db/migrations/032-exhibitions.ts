// Exhibitions and product registration (issue 19, decision 074): staff define the exhibitions the
// network sells at and the product kinds on sale at each; a visitor registers a piece bought there
// (productregistration). One receipt number registers once per exhibition: the unique key on the
// normalised number decides it, so two tablets sending the same receipt at once store one row.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  await db.schema
    .createTable('exhibitions')
    .addColumn('id', idColumn(dialect), serial)
    // The short link's part: /product-register?exhibition=<slug>.
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('venue', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    // Calendar days (YYYY-MM-DD) in Los Angeles time, both included.
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('exhibitions_dates_check', sql`starts_on <= ends_on`)
    .execute();

  // The kinds of piece on sale at one exhibition, in the order the form lists them. A kind with
  // registrations is retired (active 0), never deleted, so old registrations keep their kind.
  await db.schema
    .createTable('exhibition_product_kinds')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('exhibition_id', 'integer', (c) => c.notNull().references('exhibitions.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('exhibition_product_kinds_name_key', ['exhibition_id', 'name'])
    .execute();

  await db.schema
    .createTable('product_registrations')
    .addColumn('id', idColumn(dialect), serial)
    // The registration number the visitor is given (GX-XXXX-XXXX, random, so it cannot be guessed
    // from another's): it is the thanks page's id and the e-mail's reference.
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('exhibition_id', 'integer', (c) => c.notNull().references('exhibitions.id'))
    .addColumn('product_kind_id', 'integer', (c) => c.notNull().references('exhibition_product_kinds.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    // As typed, and normalised (upper case, no spaces or dashes) for the one-per-exhibition key.
    .addColumn('receipt_number', 'text', (c) => c.notNull())
    .addColumn('receipt_key', 'text', (c) => c.notNull())
    .addColumn('purchase_date', 'text', (c) => c.notNull())
    // Relative to the private media root: receipts are never served from the public /media path.
    .addColumn('receipt_photo', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    // Lower-cased and trimmed, as users.email: a registration made logged out joins the account
    // that registers or logs in with this address.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('contact_consent', 'integer', (c) => c.notNull())
    .addColumn('marketing_opt_in', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // 'web' (a phone or a computer) or 'kiosk' (the booth tablet).
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('web', 'kiosk')`))
    .addColumn('verified_at', 'text')
    .addColumn('verified_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Calendar day in Los Angeles time, for the by-day filter and report.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('product_registrations_receipt_key', ['exhibition_id', 'receipt_key'])
    .execute();
  await db.schema
    .createIndex('product_registrations_day_idx')
    .on('product_registrations')
    .columns(['day', 'id'])
    .execute();
  await db.schema.createIndex('product_registrations_email_idx').on('product_registrations').column('email').execute();
  await db.schema
    .createIndex('product_registrations_user_idx')
    .on('product_registrations')
    .columns(['user_id', 'id'])
    .execute();
}
