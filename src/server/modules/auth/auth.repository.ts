// SQL for accounts, sessions and one-time codes. Every function takes the db or a transaction,
// so the caller owns the transaction.
import { sql } from 'kysely';
import { everyColumn, qualified } from '../../db/columns';
import { compiledRead } from '../../db/compiled';
import type { Db } from '../../db/database';
import { turnBatchedRows } from '../../db/turn-batch';
import type { CodeRow, NewUser, UserRow, UserUpdate, UsersTable } from '../../db/schema';

/** The profile fields of a new account that its sign-up leaves empty (seeds, bulk test viewers). */
export const BLANK_PROFILE = {
  middle_name: '',
  nickname: '',
  address: '',
  city: '',
  state: '',
  country: '',
  zip: '',
  recipient_name: '',
  profile_picture: null,
  birthday: null,
  anniversary: null,
  invited_code: null,
  invited_by: null,
  ref_id: null,
} satisfies Partial<NewUser>;

export const usersRepository = {
  byId: (db: Db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
  byEmail: (db: Db, email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),
  byPhone: (db: Db, phone: string) => db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst(),
  byInviteCode: (db: Db, code: string) =>
    db.selectFrom('users').select('id').where('my_invite_code', '=', code).executeTakeFirst(),
  insert: (db: Db, user: NewUser) => db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(),
  deleteStaleUnconfirmed: (db: Db, email: string, phone: string, createdBeforeIso: string) =>
    db
      .deleteFrom('users')
      .where('isactive', '=', 0)
      .where('password_hash', 'is', null)
      .where('created_at', '<', createdBeforeIso)
      .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', phone)]))
      .execute(),
  /** Sets the picture only if it is still `expected`, so two racing uploads never orphan a file. */
  swapPicture: async (db: Db, id: number, expected: string | null, next: string, updatedAt: string) => {
    const result = await db
      .updateTable('users')
      .set({ profile_picture: next, updated_at: updatedAt })
      .where('id', '=', id)
      .where('profile_picture', expected === null ? 'is' : '=', expected)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },
  update: (db: Db, id: number, patch: UserUpdate): Promise<UserRow | undefined> =>
    db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
};

/** A session's user with when the session last passed a second factor (decision 085). */
export type SessionUserRow = UserRow & { second_factor_at: string | null };

/** A user's columns, named so the token's read runs as a named statement on PostgreSQL (decision 113). */
const USER_COLUMNS = qualified(
  'users',
  everyColumn<UsersTable>()([
    'id',
    'email',
    'phone',
    'password_hash',
    'first_name',
    'middle_name',
    'last_name',
    'nickname',
    'address',
    'city',
    'state',
    'country',
    'zip',
    'recipient_name',
    'profile_picture',
    'birthday',
    'anniversary',
    'isactive',
    'is_staff',
    'my_invite_code',
    'invited_code',
    'invited_by',
    'ref_id',
    'created_at',
    'updated_at',
    'rehearsal_id',
    'erased_at',
    'deactivated_at',
    'deactivated_by',
  ]),
);

/** The columns of a token's read: the user, and the session's hash and second factor. */
const sessionUserOf = (db: Db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS)
    .select(['sessions.token_hash', 'sessions.second_factor_at']);

/** The one indexed read behind every authenticated call (when the session is not cached). */
const userByToken = compiledRead<SessionUserRow & { token_hash: string }, [tokenHash: string, nowIso: string]>((db) =>
  sessionUserOf(db).where('sessions.token_hash', '=', '').where('sessions.expires_at', '>', ''),
);

/** The same read for many tokens at once, on PostgreSQL (`token_hash = any($1)`, one parameter). */
const usersByTokens = compiledRead<SessionUserRow & { token_hash: string }, [tokenHashes: string[], nowIso: string]>(
  (db) =>
    sessionUserOf(db)
      .where('sessions.token_hash', '=', sql<string>`any(${[]})`)
      .where('sessions.expires_at', '>', ''),
);

/**
 * A token's session user. When a show says "enter now", thousands of viewers make their first call
 * within seconds and every one misses the session cache: on PostgreSQL the lookups of one turn share
 * one query, checked against the time the turn's first arrived (decision 111).
 */
const sessionUserByToken = turnBatchedRows<
  Db,
  { tokenHash: string; nowIso: string },
  SessionUserRow & { token_hash: string }
>({
  key: (query) => query.tokenHash,
  keyOfRow: (row) => row.token_hash,
  one: (db, query) => userByToken(db, query.tokenHash, query.nowIso),
  many: (db, queries, first) =>
    usersByTokens(
      db,
      queries.map((query) => query.tokenHash),
      first.nowIso,
    ),
});

export const sessionsRepository = {
  insert: (db: Db, userId: number, tokenHash: string, createdAt: string, expiresAt: string) =>
    db
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt })
      .execute(),
  /** The live session's user behind a token hash, with the hash, or undefined. */
  async userByTokenHash(db: Db, tokenHash: string, nowIso: string) {
    return (await sessionUserByToken(db, { tokenHash, nowIso }))[0];
  },
  /** The ended session's id and user, or undefined when there was none. */
  deleteByTokenHash: (db: Db, tokenHash: string) =>
    db.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning(['id', 'user_id']).executeTakeFirst(),
  deleteForUser: (db: Db, userId: number) => db.deleteFrom('sessions').where('user_id', '=', userId).execute(),
  /** Records that the session passed a second factor now (decision 085). */
  markSecondFactor: (db: Db, tokenHash: string, method: 'totp' | 'recovery' | 'passkey', atIso: string) =>
    db
      .updateTable('sessions')
      .set({ second_factor_at: atIso, second_factor_method: method })
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst(),
};

export const codesRepository = {
  /** A new code voids the old ones for the same address and purpose. */
  voidActive: (db: Db, email: string, purposes: CodeRow['purpose'][], nowIso: string) =>
    db
      .updateTable('one_time_codes')
      .set({ used_at: nowIso })
      .where('email', '=', email)
      .where('purpose', 'in', purposes)
      .where('used_at', 'is', null)
      .execute(),
  insert: (db: Db, code: Omit<CodeRow, 'id' | 'attempts' | 'used_at'>) =>
    db
      .insertInto('one_time_codes')
      .values({ ...code, attempts: 0, used_at: null })
      .execute(),
  latestActive: (db: Db, email: string, purpose: CodeRow['purpose']) =>
    db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  addAttempt: (db: Db, id: number) =>
    db
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirst(),
  /** Marks a code used only if nobody else did first: true for the one caller that won. */
  consume: async (db: Db, id: number, nowIso: string) => {
    const result = await db
      .updateTable('one_time_codes')
      .set({ used_at: nowIso })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },
};

/** The browsers an account has signed in from (decision 070). */
export const devicesRepository = {
  hasAny: async (db: Db, userId: number) =>
    Boolean(await db.selectFrom('sign_in_devices').select('user_id').where('user_id', '=', userId).executeTakeFirst()),
  /** Adds a device; false when the account already had it (the unique key decides, also in a race). */
  add: async (db: Db, userId: number, deviceKey: string, label: string, atIso: string) =>
    Boolean(
      await db
        .insertInto('sign_in_devices')
        .values({ user_id: userId, device_key: deviceKey, label, first_seen_at: atIso, last_seen_at: atIso })
        .onConflict((oc) => oc.columns(['user_id', 'device_key']).doNothing())
        .returning('user_id')
        .executeTakeFirst(),
    ),
  seen: (db: Db, userId: number, deviceKey: string, atIso: string) =>
    db
      .updateTable('sign_in_devices')
      .set({ last_seen_at: atIso })
      .where('user_id', '=', userId)
      .where('device_key', '=', deviceKey)
      .execute(),
};
