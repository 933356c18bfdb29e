// Giveaways and spin-to-win. Every "once" is a constraint (DESIGN principle 6): one entry per
// viewer per giveaway, one social bonus per click type, one spin per viewer per event and kind,
// one pick per draw number, one reward credit per source. An entry references its giveaway's
// details row, which holds the seed commitment, so no entry can exist before the commitment.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = idColumn(dialect);
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  await db.schema
    .createTable('giveaways')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('prize', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tnc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tnc_prices', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('winner_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('access_code', 'text')
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('seed_hash', 'text', (c) => c.notNull())
    .addColumn('seed_revealed_at', 'text')
    .addColumn('announced_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('giveaways_show_idx').on('giveaways').column('show_id').execute();

  await db.schema
    .createTable('giveaway_entries')
    .addColumn('id', id, serial)
    .addColumn('giveaway_id', 'integer', (c) => c.notNull().references('giveaways.event_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entry_from', 'text', (c) =>
      c.notNull().check(sql`entry_from in ('web', 'live', 'intergem', 'whatnot')`),
    )
    .addColumn('whatnot_username', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('giveaway_entries_giveaway_user_unique', ['giveaway_id', 'user_id'])
    .execute();
  await db.schema.createIndex('giveaway_entries_user_idx').on('giveaway_entries').column('user_id').execute();

  await db.schema
    .createTable('giveaway_social_entries')
    .addColumn('giveaway_id', 'integer', (c) => c.notNull().references('giveaways.event_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('click_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('giveaway_social_entries_pk', ['giveaway_id', 'user_id', 'click_type'])
    .execute();

  await db.schema
    .createTable('giveaway_banner_clicks')
    .addColumn('giveaway_id', 'integer', (c) => c.notNull().references('giveaways.event_id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('giveaway_banner_clicks_pk', ['giveaway_id', 'day'])
    .execute();

  await db.schema
    .createTable('giveaway_picks')
    .addColumn('id', id, serial)
    .addColumn('giveaway_id', 'integer', (c) => c.notNull().references('giveaways.event_id').onDelete('cascade'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('giveaway_entries.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ticket', 'text', (c) => c.notNull())
    .addColumn('total_weight', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'repeat', 'claimed', 'forfeited', 'respun')`),
    )
    .addColumn('repeat_of', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('drawn_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('drawn_at', 'text', (c) => c.notNull())
    .addColumn('claim_by', 'text')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'text')
    .addUniqueConstraint('giveaway_picks_sequence_unique', ['giveaway_id', 'sequence'])
    .addUniqueConstraint('giveaway_picks_entry_unique', ['giveaway_id', 'entry_id'])
    .execute();
  await db.schema.createIndex('giveaway_picks_user_idx').on('giveaway_picks').column('user_id').execute();

  await db.schema
    .createTable('giveaway_audit')
    .addColumn('id', id, serial)
    .addColumn('giveaway_id', 'integer', (c) => c.notNull().references('giveaways.event_id').onDelete('cascade'))
    .addColumn('pick_id', 'integer', (c) => c.references('giveaway_picks.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('giveaway_audit_giveaway_idx')
    .on('giveaway_audit')
    .columns(['giveaway_id', 'id'])
    .execute();

  await db.schema
    .createTable('spin_prizes')
    .addColumn('id', id, serial)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight >= 0`))
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points >= 0`))
    .execute();
  await db.schema.createIndex('spin_prizes_event_idx').on('spin_prizes').columns(['event_id', 'position']).execute();

  await db.schema
    .createTable('spins')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('rsvp', 'giveaway')`))
    .addColumn('prize_id', 'integer', (c) => c.references('spin_prizes.id').onDelete('set null'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('spins_pk', ['event_id', 'user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('reward_points')
    .addColumn('id', id, serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reward_points_user_idx').on('reward_points').columns(['user_id', 'id']).execute();
}
