// SQL of the staff second factor (decision 086, migration 034): the authenticator secret with its
// replay guard and failure count, recovery codes, and the second-factor mark on sessions.
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export const staffSecurityRepository = {
  isStaff: async (db: Db, userId: number) =>
    (await db.selectFrom('users').select('is_staff').where('id', '=', userId).executeTakeFirst())?.is_staff === 1,

  userExists: async (db: Db, userId: number) =>
    (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined,

  totpOf: (db: Db, userId: number) =>
    db.selectFrom('staff_totp').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  /** A new unconfirmed secret replaces an unconfirmed one; a confirmed one is kept (0 rows then). */
  async startEnrolment(db: Db, userId: number, secret: string, nowIso: string): Promise<boolean> {
    await db.deleteFrom('staff_totp').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
    const inserted = await db
      .insertInto('staff_totp')
      .values({ user_id: userId, secret, created_at: nowIso })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** Confirms the enrolment with the step its first code used, once: a second confirm finds it confirmed. */
  confirm: async (db: Db, userId: number, step: number, nowIso: string) =>
    Number(
      (
        await db
          .updateTable('staff_totp')
          .set({ confirmed_at: nowIso, last_step: step, failures: 0 })
          .where('user_id', '=', userId)
          .where('confirmed_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1,

  /**
   * Takes a code's step when it is newer than the last one taken and the factor is not locked. Two
   * tries with the same code race on this one conditional update, so only one is accepted.
   */
  takeStep: async (db: Db, userId: number, step: number) =>
    Number(
      (
        await db
          .updateTable('staff_totp')
          .set({ last_step: step, failures: 0 })
          .where('user_id', '=', userId)
          .where('confirmed_at', 'is not', null)
          .where('locked_at', 'is', null)
          .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1,

  /** Counts a wrong try; the MAX-th locks the factor. Answers the count, or null when already locked. */
  async countFailure(db: Db, userId: number, max: number, nowIso: string): Promise<number | null> {
    const row = await db
      .updateTable('staff_totp')
      .set({
        failures: sql<number>`failures + 1`,
        locked_at: sql<string | null>`case when failures + 1 >= ${max} then ${nowIso} else null end`,
      })
      .where('user_id', '=', userId)
      .where('locked_at', 'is', null)
      .returning('failures')
      .executeTakeFirst();
    return row ? Number(row.failures) : null;
  },

  resetFailures: (db: Db, userId: number) =>
    db.updateTable('staff_totp').set({ failures: 0 }).where('user_id', '=', userId).execute(),

  replaceRecoveryCodes: async (db: Db, userId: number, hashes: string[], nowIso: string) => {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: nowIso })))
      .execute();
  },

  /** Uses a recovery code once: of two tries at once, one updates the row and the other finds it used. */
  useRecoveryCode: async (db: Db, userId: number, hash: string, nowIso: string) =>
    Number(
      (
        await db
          .updateTable('recovery_codes')
          .set({ used_at: nowIso })
          .where('user_id', '=', userId)
          .where('code_hash', '=', hash)
          .where('used_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1,

  recoveryCodesLeft: async (db: Db, userId: number) =>
    Number(
      (
        await db
          .selectFrom('recovery_codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Another staff member's reset: the factor and its codes go, and no session of theirs keeps it. */
  async reset(db: Db, userId: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('staff_totp').where('user_id', '=', userId).execute();
      await trx
        .updateTable('sessions')
        .set({ second_factor_at: null, second_factor_method: null })
        .where('user_id', '=', userId)
        .execute();
    });
  },

  sessionOf: (db: Db, tokenHash: string) =>
    db
      .selectFrom('sessions')
      .select(['second_factor_at', 'second_factor_method'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst(),
};
