// SQL for the points ledger (reward_ledger, reward_ledger_heads; migration 015). Rows are only ever
// inserted and read: there is no update or delete of a ledger row here (a test holds us to it).
import type { Insertable } from 'kysely';
import { everyColumn } from '../../db/columns';
import type { Db } from '../../db/database';
import type { RewardLedgerTable } from '../../db/schema';
import { GENESIS_HASH } from '../../../shared/ledger-chain';

/** A ledger row's columns, named so an append runs as a named statement on PostgreSQL (decision 113). */
const LEDGER_COLUMNS = everyColumn<RewardLedgerTable>()([
  'id',
  'user_id',
  'seq',
  'points',
  'reason',
  'source_id',
  'state',
  'note',
  'created_at',
  'expires_at',
  'created_by',
  'prev_hash',
  'hash',
]);

export const rewardsRepository = {
  /**
   * Takes the viewer's head row for the rest of the transaction and answers the chain's end. The
   * no-op update locks the row on PostgreSQL and takes SQLite's write lock, so a second append for
   * the same viewer waits here until this one commits: the chain stays linear, with no retries.
   * A viewer's first append finds no head and writes it: the new row is as locked as an updated
   * one. One round trip when the head is there, which is every append after a viewer's first.
   */
  async lockHead(db: Db, userId: number): Promise<{ seq: number; hash: string }> {
    const lock = () =>
      db
        .updateTable('reward_ledger_heads')
        .set((eb) => ({ seq: eb.ref('seq') }))
        .where('user_id', '=', userId)
        .returning(['seq', 'hash'])
        .executeTakeFirst();
    const head =
      (await lock()) ??
      (await db
        .insertInto('reward_ledger_heads')
        .values({ user_id: userId, seq: 0, hash: GENESIS_HASH })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning(['seq', 'hash'])
        .executeTakeFirst()) ??
      // Another append wrote the head between the two: it is there to lock now.
      (await lock());
    if (!head) throw new Error(`the ledger head of viewer ${userId} is neither there nor writable`);
    return head;
  },

  moveHead: (db: Db, userId: number, seq: number, hash: string) =>
    db.updateTable('reward_ledger_heads').set({ seq, hash }).where('user_id', '=', userId).execute(),

  /**
   * Appends a row and moves the viewer's head to it in one statement (PostgreSQL: the head's update
   * is a second part of the insert, run only when the row was written); undefined when the viewer
   * already has a row for this reason, source and state, and then the head stays.
   */
  appendAndMoveHead: (db: Db, row: Insertable<RewardLedgerTable> & { seq: number; hash: string }) =>
    db
      .with('written', (w) =>
        w
          .insertInto('reward_ledger')
          .values(row)
          .onConflict((oc) => oc.columns(['user_id', 'reason', 'source_id', 'state']).doNothing())
          .returning(LEDGER_COLUMNS),
      )
      .with('moved', (w) =>
        w
          .updateTable('reward_ledger_heads')
          .set({ seq: row.seq, hash: row.hash })
          .where('user_id', '=', row.user_id)
          .where((eb) => eb.exists(eb.selectFrom('written').select('written.seq')))
          .returning('reward_ledger_heads.seq'),
      )
      .selectFrom('written')
      .select(LEDGER_COLUMNS)
      .executeTakeFirst(),

  /** Appends a row; undefined when the viewer already has one for this reason, source and state. */
  append: (db: Db, row: Insertable<RewardLedgerTable>) =>
    db
      .insertInto('reward_ledger')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'reason', 'source_id', 'state']).doNothing())
      .returning(LEDGER_COLUMNS)
      .executeTakeFirst(),

  byKey: (db: Db, userId: number, reason: string, sourceId: string, state: RewardLedgerTable['state']) =>
    db
      .selectFrom('reward_ledger')
      .select(LEDGER_COLUMNS)
      .where('user_id', '=', userId)
      .where('reason', '=', reason)
      .where('source_id', '=', sourceId)
      .where('state', '=', state)
      .executeTakeFirst(),

  /** A viewer's settled rows for `reason` written at or after `sinceIso` (for a daily cap). */
  earnedSince: (db: Db, userId: number, reason: string, sinceIso: string) =>
    db
      .selectFrom('reward_ledger')
      .select(['points', 'created_at', 'source_id'])
      .where('user_id', '=', userId)
      .where('reason', '=', reason)
      .where('state', '=', 'settled')
      .where('created_at', '>=', sinceIso)
      .execute(),

  /** Every row of a viewer, oldest first. */
  /** Viewers with a settled credit that expires after `fromIso` and by `toIso` (spent or not). */
  usersWithPointsExpiring: async (db: Db, fromIso: string, toIso: string): Promise<number[]> =>
    (
      await db
        .selectFrom('reward_ledger')
        .select('user_id')
        .distinct()
        .where('state', '=', 'settled')
        .where('points', '>', 0)
        .where('expires_at', '>', fromIso)
        .where('expires_at', '<=', toIso)
        .orderBy('user_id')
        .execute()
    ).map((row) => row.user_id),

  all: (db: Db, userId: number) =>
    db.selectFrom('reward_ledger').selectAll().where('user_id', '=', userId).orderBy('seq', 'asc').execute(),

  /** Who added each of a viewer's correcting rows (staff's names), by seq. */
  addedBy: (db: Db, userId: number) =>
    db
      .selectFrom('reward_ledger')
      .innerJoin('users', 'users.id', 'reward_ledger.created_by')
      .select(['reward_ledger.seq', 'users.first_name', 'users.last_name'])
      .where('reward_ledger.user_id', '=', userId)
      .execute(),

  /** A viewer as staff find them: by id or by (normalised) e-mail. */
  viewer: (db: Db, by: { id: number } | { email: string }) => {
    const users = db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']);
    return ('id' in by ? users.where('id', '=', by.id) : users.where('email', '=', by.email)).executeTakeFirst();
  },

  userExists: async (db: Db, userId: number) =>
    (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined,
};
