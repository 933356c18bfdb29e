// Earning rules (decision 056): one row per rule with its points, caps and switch, seeded with the
// defaults; a log of every staff change to them; one row per show whose watch points were credited.
// Spin points move from reward_points into the ledger: each old row is appended to its viewer's
// chain once, under the same (viewer, reason, source) key new spins use. Safe to run again.
import { type Kysely } from 'kysely';
import { rowHash, GENESIS_HASH } from '../../../shared/ledger-chain';
import { defaultRuleRow, EARNING_RULES, expiryOf } from '../../../shared/rewards';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

/** The tables as they stood when this migration was written. */
type Tables = {
  reward_rules: {
    rule: string;
    points: number;
    daily_cap: number | null;
    show_cap: number | null;
    enabled: number;
    updated_at: string;
    updated_by: number | null;
  };
  reward_points: { id: number; user_id: number; points: number; source: string; created_at: string };
  reward_ledger: {
    user_id: number;
    seq: number;
    points: number;
    reason: string;
    source_id: string;
    state: 'settled' | 'pending';
    note: string;
    created_at: string;
    expires_at: string | null;
    created_by: number | null;
    prev_hash: string;
    hash: string;
  };
  reward_ledger_heads: { user_id: number; seq: number; hash: string };
};

/** The ledger source of a spin: `spin:<event>:<kind>`, from reward_points' `spin:<kind>:<event>:<viewer>`. */
export function spinSource(oldSource: string): string {
  const match = /^spin:(rsvp|giveaway):(\d+):\d+$/.exec(oldSource);
  return match ? `spin:${match[2]}:${match[1]}` : oldSource;
}

/**
 * Appends each reward_points row to its viewer's chain as a settled 'spin' credit, keeping the day it
 * was earned (so it expires 12 months after that). A row already in the ledger is skipped, so
 * running this twice, or after a spin was credited the new way, adds nothing.
 */
async function copySpinPoints(untyped: Kysely<unknown>): Promise<number> {
  const db = untyped.withTables<Tables>();
  const old = await db
    .selectFrom('reward_points')
    .select(['user_id', 'points', 'source', 'created_at'])
    .where('points', '>', 0)
    .orderBy('id')
    .execute();
  let copied = 0;
  for (const row of old) {
    const sourceId = spinSource(row.source);
    await db
      .insertInto('reward_ledger_heads')
      .values({ user_id: row.user_id, seq: 0, hash: GENESIS_HASH })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    // The same no-op update as every append: the head is ours until the migration commits.
    const head = await db
      .updateTable('reward_ledger_heads')
      .set((eb) => ({ seq: eb.ref('seq') }))
      .where('user_id', '=', row.user_id)
      .returning(['seq', 'hash'])
      .executeTakeFirstOrThrow();
    const fields = {
      user_id: row.user_id,
      seq: head.seq + 1,
      points: row.points,
      reason: 'spin',
      source_id: sourceId,
      state: 'settled' as const,
      note: '',
      created_at: row.created_at,
      expires_at: expiryOf(row.created_at),
      prev_hash: head.hash,
    };
    const hash = await rowHash(fields);
    const inserted = await db
      .insertInto('reward_ledger')
      .values({ ...fields, hash, created_by: null })
      .onConflict((oc) => oc.columns(['user_id', 'reason', 'source_id', 'state']).doNothing())
      .returning('seq')
      .executeTakeFirst();
    if (!inserted) continue;
    await db
      .updateTable('reward_ledger_heads')
      .set({ seq: inserted.seq, hash })
      .where('user_id', '=', row.user_id)
      .execute();
    copied += 1;
  }
  return copied;
}

export async function up(untyped: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const db = untyped.withTables<Tables>();
  await db.schema
    .createTable('reward_rules')
    .ifNotExists()
    .addColumn('rule', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('daily_cap', 'integer')
    .addColumn('show_cap', 'integer')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('reward_rules')
    .values(EARNING_RULES.map((rule) => defaultRuleRow(rule, now)))
    .onConflict((oc) => oc.column('rule').doNothing())
    .execute();

  // Every staff change, with the rule before and after as JSON.
  await db.schema
    .createTable('reward_rule_changes')
    .ifNotExists()
    .addColumn('id', idColumn(dialect), (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // A show whose watch points were credited: the housekeeping pass skips it from then on.
  await db.schema
    .createTable('reward_watch_settled')
    .ifNotExists()
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('viewers', 'integer', (c) => c.notNull())
    .addColumn('settled_at', 'text', (c) => c.notNull())
    .execute();

  await copySpinPoints(untyped);
}
