// SQL for the points ledger (reward_ledger, reward_ledger_heads; migration 015). Rows are only ever
// inserted and read: there is no update or delete of a ledger row here (a test holds us to it).
import type { QueryCreator, Selectable } from 'kysely';
import { everyColumn, placeholderRow, valuesInOrder } from '../../db/columns';
import { compiledPerCount, compiledStatement } from '../../db/compiled';
import type { Db, Dialect } from '../../db/database';
import type { Database, RewardLedgerTable } from '../../db/schema';
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

type LedgerRow = Selectable<RewardLedgerTable>;
/** The end of a viewer's chain: the last row's seq and hash (seq 0 and the genesis hash before any). */
export type LedgerHead = { seq: number; hash: string };

/** What an append writes: every column but the id, in the order of its statement's parameters. */
const APPENDED_COLUMNS = LEDGER_COLUMNS.filter(
  (column): column is Exclude<(typeof LEDGER_COLUMNS)[number], 'id'> => column !== 'id',
);
export type AppendedRow = Omit<LedgerRow, 'id'>;
// Placeholders: the statements below are compiled once and given each row's values in this order.
const PLACEHOLDER_ROW = placeholderRow<AppendedRow>(APPENDED_COLUMNS);

// Every credit at a show start (a check-in, a spin) runs these: compiled once (decision 115).
/** A row's insert, or nothing when its (viewer, reason, source, state) is in already. */
const insertLedgerRow = (db: QueryCreator<Database>) =>
  db
    .insertInto('reward_ledger')
    .values(PLACEHOLDER_ROW)
    .onConflict((oc) => oc.columns(['user_id', 'reason', 'source_id', 'state']).doNothing())
    .returning(LEDGER_COLUMNS);
const appendRow = compiledStatement<LedgerRow, unknown[]>(insertLedgerRow);
const appendRowAndMoveHead = compiledStatement<LedgerRow, unknown[]>((db) =>
  db
    .with('written', insertLedgerRow)
    .with('moved', (w) =>
      w
        .updateTable('reward_ledger_heads')
        .set({ seq: 0, hash: '' })
        .where('user_id', '=', 0)
        .where((eb) => eb.exists(eb.selectFrom('written').select('written.seq')))
        .returning('reward_ledger_heads.seq'),
    )
    .selectFrom('written')
    .select(LEDGER_COLUMNS),
);
const rowByKey = compiledStatement<
  LedgerRow,
  [userId: number, reason: string, sourceId: string, state: RewardLedgerTable['state']]
>((db) =>
  db
    .selectFrom('reward_ledger')
    .select(LEDGER_COLUMNS)
    .where('user_id', '=', 0)
    .where('reason', '=', '')
    .where('source_id', '=', '')
    .where('state', '=', 'settled'),
);
/** Viewers' settled rows of a reason since a time (a daily cap), compiled once per number of viewers. */
const settledSinceOf = compiledPerCount<Pick<LedgerRow, 'user_id' | 'points' | 'created_at' | 'source_id'>>(
  (db, count) =>
    db
      .selectFrom('reward_ledger')
      .select(['user_id', 'points', 'created_at', 'source_id'])
      .where(
        'user_id',
        'in',
        Array.from({ length: count }, () => 0),
      )
      .where('reason', '=', '')
      .where('state', '=', 'settled')
      .where('created_at', '>=', ''),
);

// A group of spins' heads (decision 116), compiled once per number of viewers.
type HeadOf = { user_id: number } & LedgerHead;
const headsInOrder = (db: Db, count: number) =>
  db
    .selectFrom('reward_ledger_heads')
    .select(['user_id', 'seq', 'hash'])
    .where(
      'user_id',
      'in',
      Array.from({ length: count }, () => 0),
    )
    .orderBy('user_id');
/** Locked on PostgreSQL, in the viewers' order; SQLite's write lock is the transaction's own. */
const headsToLock = {
  postgres: compiledPerCount<HeadOf>((db, count) => headsInOrder(db, count).forUpdate()),
  sqlite: compiledPerCount<HeadOf>(headsInOrder),
};
const insertHeads = compiledPerCount<HeadOf>((db, count) =>
  db
    .insertInto('reward_ledger_heads')
    .values(Array.from({ length: count }, () => ({ user_id: 0, seq: 0, hash: '' })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning(['user_id', 'seq', 'hash']),
);

/** A group's ledger rows in one insert (decision 116), compiled once per count; answers the new rows' ids. */
const appendRows = compiledPerCount<{ id: number }>((db, count) =>
  db
    .insertInto('reward_ledger')
    .values(Array.from({ length: count }, () => PLACEHOLDER_ROW))
    .onConflict((oc) => oc.columns(['user_id', 'reason', 'source_id', 'state']).doNothing())
    .returning('id'),
);
/** A group's heads moved to their viewers' last rows, one row per viewer. */
const moveHeadsTo = compiledPerCount<never>((db, count) =>
  db
    .insertInto('reward_ledger_heads')
    .values(Array.from({ length: count }, () => ({ user_id: 0, seq: 0, hash: '' })))
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ seq: eb.ref('excluded.seq'), hash: eb.ref('excluded.hash') })),
    ),
);

export const rewardsRepository = {
  /**
   * Takes the viewer's head row for the rest of the transaction and answers the chain's end: on
   * PostgreSQL the row is locked, on SQLite the transaction holds the write lock from its start
   * (`begin immediate`). A second append for the same viewer waits here until this one commits, so
   * the chain stays linear, with no retries. A viewer's first append finds no head and writes it:
   * the new row is as locked as a read one. One round trip when the head is there, which is every
   * append after a viewer's first.
   */
  async lockHead(db: Db, dialect: Dialect, userId: number): Promise<LedgerHead> {
    const head = (await rewardsRepository.lockHeads(db, dialect, [userId])).get(userId);
    if (!head) throw new Error(`the ledger head of viewer ${userId} is neither there nor writable`);
    return head;
  },

  /**
   * The heads of several viewers, locked for the rest of the transaction (a group of spins,
   * decision 116): one read of the heads there, in the viewers' order (locked on PostgreSQL;
   * SQLite's write lock is the transaction's own), one insert of those missing, and one more read
   * only for a head another append wrote between the two.
   */
  async lockHeads(db: Db, dialect: Dialect, userIds: readonly number[]): Promise<Map<number, LedgerHead>> {
    const heads = new Map<number, LedgerHead>();
    const keep = (rows: HeadOf[]) => {
      for (const row of rows) heads.set(row.user_id, { seq: row.seq, hash: row.hash });
    };
    const lock = async (ids: readonly number[]) => keep((await headsToLock[dialect](db, ids.length, ids)).rows);
    await lock(userIds);
    const missing = userIds.filter((id) => !heads.has(id)).sort((a, b) => a - b);
    if (!missing.length) return heads;
    keep(
      (
        await insertHeads(
          db,
          missing.length,
          missing.flatMap((id) => [id, 0, GENESIS_HASH]),
        )
      ).rows,
    );
    const raced = missing.filter((id) => !heads.has(id));
    if (raced.length) await lock(raced);
    return heads;
  },

  /** Appends a group's rows in one statement; answers how many were new (a row whose key is in already is not). */
  appendMany: async (db: Db, rows: readonly AppendedRow[]) =>
    (await appendRows(db, rows.length, valuesInOrder(APPENDED_COLUMNS, rows))).rows.length,

  /** Moves each viewer's head to the seq and hash given, in one statement (their heads are locked). */
  async moveHeads(db: Db, heads: ReadonlyMap<number, LedgerHead>) {
    const values = [...heads].sort(([a], [b]) => a - b).flatMap(([userId, head]) => [userId, head.seq, head.hash]);
    if (values.length) await moveHeadsTo(db, heads.size, values);
  },

  /**
   * Appends a row and moves the viewer's head to it in one statement (PostgreSQL: the head's update
   * is a second part of the insert, run only when the row was written); undefined when the viewer
   * already has a row for this reason, source and state, and then the head stays.
   */
  appendAndMoveHead: async (db: Db, row: AppendedRow) =>
    (await appendRowAndMoveHead(db, ...valuesInOrder(APPENDED_COLUMNS, [row]), row.seq, row.hash, row.user_id)).rows[0],

  /** Appends a row; undefined when the viewer already has one for this reason, source and state. */
  append: async (db: Db, row: AppendedRow) => (await appendRow(db, ...valuesInOrder(APPENDED_COLUMNS, [row]))).rows[0],

  byKey: async (db: Db, userId: number, reason: string, sourceId: string, state: RewardLedgerTable['state']) =>
    (await rowByKey(db, userId, reason, sourceId, state)).rows[0],

  /** The viewers' settled rows for `reason` written at or after `sinceIso` (for a daily cap), in one read. */
  earnedSinceBy: async (db: Db, userIds: readonly number[], reason: string, sinceIso: string) =>
    userIds.length ? (await settledSinceOf(db, userIds.length, [...userIds, reason, 'settled', sinceIso])).rows : [],

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

  /** Every row of a viewer, oldest first. */
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
