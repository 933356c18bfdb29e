// SQL for passkeys and their one-time WebAuthn challenges. Every function takes the db or a
// transaction, so the caller owns the transaction.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { PasskeysTable, WebauthnChallengesTable } from '../../db/schema';

export const passkeysRepository = {
  forUser: (db: Db, userId: number) =>
    db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  byCredentialId: (db: Db, credentialId: string) =>
    db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst(),
  insert: (db: Db, passkey: Insertable<PasskeysTable>) =>
    db.insertInto('passkeys').values(passkey).returningAll().executeTakeFirstOrThrow(),
  rename: (db: Db, id: number, userId: number, name: string) =>
    db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst(),
  /** Removes the passkey only when it is the user's: false for someone else's id. */
  remove: async (db: Db, id: number, userId: number) => {
    const result = await db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows === 1n;
  },
  /**
   * Records a use: the new counter and when. The update holds only while the stored counter is the
   * one the check read, so two racing assertions with one counter cannot both be taken.
   */
  recordUse: async (db: Db, id: number, expectedCounter: number, counter: number, atIso: string) => {
    const result = await db
      .updateTable('passkeys')
      .set({ counter, last_used_at: atIso })
      .where('id', '=', id)
      .where('counter', '=', expectedCounter)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },
};

export const challengesRepository = {
  insert: (db: Db, challenge: Insertable<WebauthnChallengesTable>) =>
    db.insertInto('webauthn_challenges').values(challenge).execute(),
  /**
   * Takes a challenge once: deletes it when it is unexpired, for this purpose and (for a signed-in
   * call) this user, and answers whether this caller was the one that deleted it.
   */
  consume: async (
    db: Db,
    challenge: string,
    purpose: WebauthnChallengesTable['purpose'],
    userId: number | null,
    nowIso: string,
  ) => {
    const result = await db
      .deleteFrom('webauthn_challenges')
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .where('user_id', userId === null ? 'is' : '=', userId)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    return result.numDeletedRows === 1n;
  },
  deleteExpired: (db: Db, nowIso: string) =>
    db.deleteFrom('webauthn_challenges').where('expires_at', '<=', nowIso).execute(),
};
