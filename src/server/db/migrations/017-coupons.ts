// Coupons (decision 057): the catalogue staff maintain, issued coupons with their rules copied on as
// data, each coupon's audit trail, and one claim row per viewer, kind and year for the yearly gifts.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const kind = (c: ColumnDefinitionBuilder) =>
    c.notNull().check(sql`kind in ('amount_off', 'percent_off', 'free_shipping')`);
  const scope = (c: ColumnDefinitionBuilder) => c.notNull().check(sql`applies_to in ('all', 'show_jewelry')`);

  await db.schema
    .createTable('coupon_catalogue')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', kind)
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value >= 0`))
    .addColumn('points_cost', 'integer', (c) => c.notNull().check(sql`points_cost > 0`))
    .addColumn('minimum_cents', 'integer')
    .addColumn('validity_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(14)
        .check(sql`validity_days > 0`),
    )
    .addColumn('applies_to', 'text', scope)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('redeem', 'birthday', 'anniversary')`))
    .addColumn('catalogue_id', 'integer', (c) => c.references('coupon_catalogue.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', kind)
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('minimum_cents', 'integer')
    .addColumn('applies_to', 'text', scope)
    .addColumn('combinable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`state in ('active', 'used', 'void')`),
    )
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_ref', 'text')
    .addColumn('voided_at', 'text')
    .addColumn('voided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('void_reason', 'text')
    .execute();
  await db.schema.createIndex('coupons_by_user').on('coupons').columns(['user_id', 'issued_at']).execute();

  await db.schema
    .createTable('coupon_events')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_events_by_coupon').on('coupon_events').columns(['coupon_id', 'id']).execute();

  // Claimed in the same transaction as the coupon it stands for: one per viewer, kind and year.
  await db.schema
    .createTable('coupon_yearly_claims')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('birthday', 'anniversary')`))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id').onDelete('set null'))
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_yearly_claims_once', ['user_id', 'kind', 'year'])
    .execute();
}
