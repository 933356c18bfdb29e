// The producer console (issue 20, decision 079): a show's rundown as data, the pieces the network
// sells on air and who asked for one, the on-air log staff and the viewers-over-time chart read,
// chat announcements and the chat pause, stock on spin prizes, and rehearsals (a private copy of a
// show run by staff with synthetic viewers, every row of it removed when it ends).
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  // The jewelry shown on air. Photos are a JSON array of /media paths (the first is the card's).
  await db.schema
    .createTable('pieces')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gemstone', 'text', (c) => c.notNull())
    // Carats as typed by staff ("1.25"); empty when the piece has no main stone.
    .addColumn('carat', 'text', (c) => c.notNull())
    .addColumn('metal', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('photos', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('pieces_price_check', sql`price_cents > 0`)
    .addCheckConstraint('pieces_stock_check', sql`stock >= 0`)
    .execute();

  // A show's rundown: ordered segments, editable before and during the show.
  await db.schema
    .createTable('rundown_segments')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('planned_minutes', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('piece_id', 'integer', (c) => c.references('pieces.id').onDelete('set null'))
    // A giveaway is an event of type 'giveaway'.
    .addColumn('giveaway_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    // When staff last advanced to it, and when they moved on from it.
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rundown_segments_event_idx')
    .on('rundown_segments')
    .columns(['event_id', 'position'])
    .execute();

  // One row per show once staff open its console or act on it: what is on air now.
  await db.schema
    .createTable('show_live_state')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('current_segment_id', 'integer', (c) => c.references('rundown_segments.id').onDelete('set null'))
    // The piece on viewers' screens ("Now showing"); null when none.
    .addColumn('piece_id', 'integer', (c) => c.references('pieces.id').onDelete('set null'))
    .addColumn('went_live_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Every on-air action, with who took it: the console's log and the chart's marks.
  await db.schema
    .createTable('console_actions')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_actions_event_idx').on('console_actions').columns(['event_id', 'id']).execute();

  // Viewers now, sampled while a show is on air, for the viewers-over-time chart.
  await db.schema
    .createTable('viewer_samples')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('viewers', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('viewer_samples_pk', ['event_id', 'at'])
    .execute();

  // When each piece went on air in a show: past shows list them with the time in the replay.
  await db.schema
    .createTable('piece_showings')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('piece_id', 'integer', (c) => c.notNull().references('pieces.id').onDelete('cascade'))
    .addColumn('shown_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('piece_showings_event_idx').on('piece_showings').columns(['event_id', 'id']).execute();

  // "I want this": once per viewer per piece; staff call back from the console's list.
  await db.schema
    .createTable('piece_interest')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('piece_id', 'integer', (c) => c.notNull().references('pieces.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The show it was asked in.
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('called_back_at', 'text')
    .addColumn('called_back_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('piece_interest_once', ['piece_id', 'user_id'])
    .execute();
  await db.schema.createIndex('piece_interest_event_idx').on('piece_interest').columns(['event_id', 'id']).execute();

  // Rehearsals: `event_id` is the private copy staff run; `source_event_id` the show rehearsed.
  await db.schema
    .createTable('rehearsals')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('event_id', 'integer', (c) => c.notNull().unique().references('events.id').onDelete('cascade'))
    .addColumn('source_event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('viewers', 'integer', (c) => c.notNull())
    .addColumn('started_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A rehearsal's copy of a show, and the synthetic viewers of a rehearsal, are marked so every
  // report, reward and notification can leave them out while the rehearsal runs.
  await db.schema.alterTable('events').addColumn('rehearsal_of', 'integer').execute();
  await db.schema.alterTable('users').addColumn('rehearsal_id', 'integer').execute();

  // Chat: a staff announcement is a message shown apart; a paused room takes no viewer messages.
  await db.schema
    .alterTable('chat_messages')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('message'))
    .execute();
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Spin prizes may have a stock: null is unlimited, 0 means the prize is no longer drawn.
  await db.schema.alterTable('spin_prizes').addColumn('stock', 'integer').execute();
}
