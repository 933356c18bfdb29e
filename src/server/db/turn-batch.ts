// Point reads asked for in the same turn of the event loop, answered together (decision 111). When a
// show starts, thousands of viewers make the same kind of call within seconds. On PostgreSQL each
// read is a round trip and tens of microseconds of the driver's work, so the reads that arrive in
// one turn share one query. SQLite answers in-process, where one indexed read each is already the
// cheapest way, and does not use this.

type Waiting<Answer> = { resolve: (answer: Answer) => void; reject: (error: unknown) => void };

/** Above this many distinct keys, a turn's reads are split into several queries. */
export const MAX_GROUP = 500;

export type TurnBatchOptions<Query, Answer> = {
  /** Two queries with the same key share one answer. */
  key: (query: Query) => string;
  /** Answers for `queries` (distinct keys, `first` the turn's first), by key; a key left out gets `missing`. */
  read: (queries: Query[], first: Query) => Promise<Map<string, Answer>>;
  missing: Answer;
  maxGroup?: number;
};

/**
 * A reader whose calls wait for the end of the current turn (`setImmediate`), then are read in
 * groups of at most `maxGroup` keys. Each caller gets its key's answer, or its group's error.
 */
export function batchPerTurn<Query, Answer>(options: TurnBatchOptions<Query, Answer>) {
  const { key, read, missing, maxGroup = MAX_GROUP } = options;
  let waiting = new Map<string, { query: Query; waiters: Waiting<Answer>[] }>();

  async function readGroup(group: Map<string, { query: Query; waiters: Waiting<Answer>[] }>, first: Query) {
    try {
      const answers = await read(
        [...group.values()].map((entry) => entry.query),
        first,
      );
      for (const [k, { waiters }] of group) for (const waiter of waiters) waiter.resolve(answers.get(k) ?? missing);
    } catch (error) {
      for (const { waiters } of group.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  function flush() {
    const all = waiting;
    waiting = new Map();
    let group = new Map<string, { query: Query; waiters: Waiting<Answer>[] }>();
    let first: Query | undefined;
    for (const [k, entry] of all) {
      first ??= entry.query;
      group.set(k, entry);
      if (group.size === maxGroup) {
        void readGroup(group, first);
        group = new Map();
      }
    }
    if (group.size && first !== undefined) void readGroup(group, first);
  }

  return (query: Query): Promise<Answer> =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) setImmediate(flush);
      const k = key(query);
      const entry = waiting.get(k);
      if (entry) entry.waiters.push({ resolve, reject });
      else waiting.set(k, { query, waiters: [{ resolve, reject }] });
    });
}

/** Databases whose point reads share a query per turn: PostgreSQL's own (database.ts), never a transaction. */
const batchingDbs = new WeakSet<object>();

/**
 * Lets reads made with `turnBatchedRows` or `turnBatchedRead` on `db` share a query per turn
 * (database.ts, for PostgreSQL).
 */
export function allowTurnBatches(db: object): void {
  batchingDbs.add(db);
}

/** Whether reads on `db` share a query per turn. */
export const batchesPerTurn = (db: object): boolean => batchingDbs.has(db);

/**
 * A read of the rows of one key (with the query's other parameters), which on a database allowed
 * to batch shares one query with the other reads of the same turn: `many` is given their distinct
 * queries and the turn's first, whose other parameters stand for all. Elsewhere, in a transaction
 * and on SQLite, it is `one`.
 */
export function turnBatchedRows<Db extends object, Query, Row>(options: {
  key: (query: Query) => string;
  keyOfRow: (row: Row) => string;
  one: (db: Db, query: Query) => Promise<Row[]>;
  many: (db: Db, queries: Query[], first: Query) => Promise<Row[]>;
}) {
  const { key, keyOfRow, one, many } = options;
  const byDb = new WeakMap<Db, (query: Query) => Promise<Row[]>>();
  function readerFor(db: Db) {
    const reader = batchPerTurn<Query, Row[]>({
      key,
      read: async (queries, first) => {
        const rows = new Map<string, Row[]>();
        for (const row of await many(db, queries, first)) {
          const k = keyOfRow(row);
          const list = rows.get(k);
          if (list) list.push(row);
          else rows.set(k, [row]);
        }
        return rows;
      },
      missing: [],
    });
    byDb.set(db, reader);
    return reader;
  }
  return (db: Db, query: Query): Promise<Row[]> =>
    batchingDbs.has(db) ? (byDb.get(db) ?? readerFor(db))(query) : one(db, query);
}

/** As turnBatchedRows, for a key that names at most one row. */
export function turnBatchedRead<Db extends object, Key extends string | number, Row>(options: {
  keyOf: (row: Row) => Key;
  one: (db: Db, key: Key) => Promise<Row | undefined>;
  many: (db: Db, keys: Key[]) => Promise<Row[]>;
}) {
  const { keyOf, one, many } = options;
  const rows = turnBatchedRows<Db, Key, Row>({
    key: String,
    keyOfRow: (row) => String(keyOf(row)),
    one: async (db, key) => {
      const row = await one(db, key);
      return row ? [row] : [];
    },
    many: (db, keys) => many(db, keys),
  });
  return async (db: Db, key: Key): Promise<Row | undefined> => (await rows(db, key))[0];
}
