// The points ledger (decision 055): append-only rows per viewer, each chained to the one before by
// SHA-256, and one head row per viewer that the writer locks so a viewer's chain stays linear.
// Each "once" is a constraint: one row per (viewer, reason, source, state), one per (viewer, seq).
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

const APPEND_ONLY = 'reward_ledger is append-only: add a correcting row instead';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  await db.schema
    .createTable('reward_ledger')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq >= 1`))
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('settled', 'pending')`))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addUniqueConstraint('reward_ledger_once', ['user_id', 'reason', 'source_id', 'state'])
    .addUniqueConstraint('reward_ledger_chain', ['user_id', 'seq'])
    .execute();

  await db.schema
    .createTable('reward_ledger_heads')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();

  // No row is ever changed, and none is removed except with its viewer's account (the cascade
  // runs after the user row is gone). The repository has no such call either; this is the floor.
  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger reward_ledger_no_update before update on reward_ledger
         begin select raise(abort, '${APPEND_ONLY}'); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger reward_ledger_no_delete before delete on reward_ledger
         when exists (select 1 from users where id = old.user_id)
         begin select raise(abort, '${APPEND_ONLY}'); end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create function reward_ledger_append_only() returns trigger language plpgsql as $$
         begin
           if tg_op = 'DELETE' and not exists (select 1 from users where id = old.user_id) then
             return old;
           end if;
           raise exception '${APPEND_ONLY}';
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger reward_ledger_append_only before update or delete on reward_ledger
         for each row execute function reward_ledger_append_only()`,
      )
      .execute(db);
  }
}
