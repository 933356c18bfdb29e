// Staff security and the audit log (issue 21, decision 085): the second factor a session has
// passed, staff TOTP with its replay guard and lockout, single-use recovery codes, passkeys for
// every account with their one-time challenges, erased accounts, and the append-only log of every
// staff action.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './001-foundation';

const APPEND_ONLY = 'audit_log is append-only';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  // When this session last passed a second factor, and with what ('totp', 'recovery', 'passkey').
  await db.schema.alterTable('sessions').addColumn('second_factor_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('second_factor_method', 'text').execute();

  // When staff erased the account on the viewer's request: personal fields are anonymised then.
  await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
  // When and by whom staff deactivated the account. `isactive` 0 alone still means an account
  // not yet confirmed by its first code, which a code login confirms; a deactivated one stays off.
  await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('deactivated_by', 'integer').execute();

  // A staff member's authenticator app. `confirmed_at` is null until the first code proves the
  // enrolment; `last_step` is the newest 30-second step accepted, so a code is never taken twice.
  await db.schema
    .createTable('staff_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Ten per enrolment, stored as keyed hashes; `used_at` is set by a conditional update.
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  // WebAuthn credentials (any account). Ids and keys are base64url; transports a JSON array.
  await db.schema
    .createTable('passkeys')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  // A challenge handed to a browser for one registration or sign-in; deleted when it is used.
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('challenge', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addCheckConstraint('webauthn_challenges_purpose_check', sql`purpose in ('register', 'authenticate')`)
    .execute();

  // Every staff action: who, what, when, on what, and before/after where it applies. The actor is
  // kept as an id and a label written at the time, with no foreign key, so the row outlives any
  // change to the account.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', idColumn(dialect), serial)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    // A stable name for what was done, e.g. 'giveaway.draw' or 'POST /api/staff/giveaways/:id/draw'.
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();

  if (dialect === 'sqlite') {
    for (const op of ['update', 'delete'])
      await sql
        .raw(
          `create trigger audit_log_no_${op} before ${op} on audit_log
           begin select raise(abort, '${APPEND_ONLY}'); end`,
        )
        .execute(db);
  } else {
    await sql
      .raw(
        `create function audit_log_append_only() returns trigger language plpgsql as $$
         begin raise exception '${APPEND_ONLY}'; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger audit_log_append_only before update or delete on audit_log
         for each row execute function audit_log_append_only()`,
      )
      .execute(db);
  }
}
