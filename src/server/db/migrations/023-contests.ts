// Photo contests (decision 062): contests with a submission and a voting window, submissions that
// start pending (contestusers), votes (uservotes) and likes (userlikes) as counted rows under
// unique keys, staff actions in an append-only log, and the results fixed once at the close.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  await db.schema
    .createTable('contests')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // Sanitised HTML, as giveaway terms are.
    .addColumn('rules_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('submit_opens_at', 'text', (c) => c.notNull())
    .addColumn('submit_closes_at', 'text', (c) => c.notNull())
    .addColumn('vote_opens_at', 'text', (c) => c.notNull())
    .addColumn('vote_closes_at', 'text', (c) => c.notNull())
    .addColumn('entries_per_viewer', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`entries_per_viewer between 1 and 10`),
    )
    .addColumn('vote_rule', 'text', (c) =>
      c
        .notNull()
        .defaultTo('once')
        .check(sql`vote_rule in ('once', 'daily')`),
    )
    .addColumn('show_counts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('winner_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`winner_count between 1 and 10`),
    )
    // Points for each winner through the rewards ledger (reason contest), or 0; and/or a described prize.
    .addColumn('prize_points', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`prize_points >= 0`),
    )
    .addColumn('prize_text', 'text', (c) => c.notNull().defaultTo(''))
    // Set once, when the results are fixed (contest_results holds them).
    .addColumn('results_fixed_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contests_vote_closes_idx').on('contests').columns(['vote_closes_at']).execute();

  await db.schema
    .createTable('contest_submissions')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Which of the viewer's entries this is, 1..entries_per_viewer: the unique key caps entries.
    .addColumn('slot', 'integer', (c) => c.notNull().check(sql`slot between 1 and 10`))
    .addColumn('photo_path', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('consent_on_air', 'integer', (c) => c.notNull().defaultTo(0))
    // SHA-256 of the re-encoded pixels, and a 64-bit perceptual hash (hex).
    .addColumn('pixel_hash', 'text', (c) => c.notNull())
    .addColumn('perceptual_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewed_by', 'integer')
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('contest_submissions_slot', ['contest_id', 'user_id', 'slot'])
    .addUniqueConstraint('contest_submissions_pixels', ['contest_id', 'pixel_hash'])
    .execute();
  await db.schema
    .createIndex('contest_submissions_state_idx')
    .on('contest_submissions')
    .columns(['contest_id', 'state', 'id'])
    .execute();

  await db.schema
    .createTable('contest_votes')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('contest_submissions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // '' under the one-vote rule; the Los Angeles day (YYYY-MM-DD) under one vote a day.
    .addColumn('vote_day', 'text', (c) => c.notNull())
    // Where the vote came from, for the fairness flags: address, its network (IPv4 /24, IPv6 /48), visitor token.
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('network', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visitor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // When the vote last moved to this submission (equals created_at until the viewer changes it).
    .addColumn('cast_at', 'text', (c) => c.notNull())
    .addColumn('voided_at', 'text')
    .addColumn('voided_by', 'integer')
    .addColumn('void_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('contest_votes_once', ['contest_id', 'user_id', 'vote_day'])
    .execute();
  await db.schema
    .createIndex('contest_votes_submission_idx')
    .on('contest_votes')
    .columns(['submission_id', 'voided_at'])
    .execute();

  await db.schema
    .createTable('contest_likes')
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('contest_submissions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contest_likes_pk', ['submission_id', 'user_id'])
    .execute();

  // Every staff action on a contest: created, edited, reviewed, votes voided, results fixed.
  await db.schema
    .createTable('contest_audit')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('submission_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: what changed (before/after, ids, reason, count).
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contest_audit_contest_idx').on('contest_audit').columns(['contest_id', 'id']).execute();

  // The results, fixed once when voting closes: place 1, 2, … with the counts at that moment.
  await db.schema
    .createTable('contest_results')
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('contest_submissions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('votes', 'integer', (c) => c.notNull())
    .addColumn('removed_votes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contest_results_pk', ['contest_id', 'place'])
    .addUniqueConstraint('contest_results_once', ['contest_id', 'submission_id'])
    .execute();
}
