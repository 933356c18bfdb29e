// A read built and compiled once per dialect, then run with fresh parameters on any database or
// transaction: for the calls every viewer makes at once (the session behind a token, "am I in?" at
// show start), where building the query on each request cost more than running it. The builder is
// given placeholder values; the parameters are passed in the order the builder uses them. On SQLite
// a read outside a transaction also skips Kysely's executor: its statement is prepared once and run
// at once (decision 100). `compiledStatement` does the same for writes (decision 115), and
// `compiledPerCount` for statements whose shape follows how many items they take (decision 116).
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './database';
import type { DirectRead } from './sqlite-driver';

/** Databases whose reads may run on a statement of their own (the embedded SQLite), by how to prepare one. */
const directReads = new WeakMap<Db, (sql: string) => DirectRead>();

/** Lets compiled reads on `db` run their prepared statements directly (database.ts, for SQLite). */
export function allowDirectReads(db: Db, prepare: (sql: string) => DirectRead): void {
  directReads.set(db, prepare);
}

type Prepared<Row> = { compiled: CompiledQuery<Row>; direct: DirectRead | null };

/** `build`'s query compiled once per dialect: a transaction is a Kysely of its own with its database's adapter. */
function compiledPerDialect<Row>(build: (db: Db) => Compilable<Row>) {
  const byAdapter = new WeakMap<object, CompiledQuery<Row>>();
  return (db: Db): CompiledQuery<Row> => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      compiled = build(db).compile();
      byAdapter.set(adapter, compiled);
    }
    return compiled;
  };
}

export function compiledRead<Row, Params extends readonly unknown[]>(build: (db: Db) => Compilable<Row>) {
  const compiledFor = compiledPerDialect(build);
  const byDb = new WeakMap<Db, Prepared<Row>>();
  function prepare(db: Db): Prepared<Row> {
    const compiled = compiledFor(db);
    // A transaction is its own Kysely instance, never registered: its reads keep to its connection.
    const direct = directReads.get(db)?.(compiled.sql) ?? null;
    const prepared = { compiled, direct };
    byDb.set(db, prepared);
    return prepared;
  }
  return async (db: Db, ...parameters: Params): Promise<Row[]> => {
    const { compiled, direct } = byDb.get(db) ?? prepare(db);
    if (compiled.parameters.length !== parameters.length)
      throw new Error(
        `compiledRead: the query takes ${compiled.parameters.length} parameters, not ${parameters.length}`,
      );
    // The statement gives back what Kysely's driver would: no plugin stands between them.
    const rows = direct?.<Row>(parameters);
    if (rows) return rows;
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}

/**
 * A statement of fixed shape (a write, or a read made inside transactions), built and compiled once
 * per dialect and run with fresh parameters on any database or transaction of it: at a show start
 * each check-in and spin writes the same few statements, and building them cost about a tenth of
 * the server's time (decision 115). The builder is given placeholder values and the parameters are
 * passed in the order the builder uses them, as for `compiledRead`. The SQL is the one the first
 * database compiled: no plugin of ours rewrites queries.
 */
export function compiledStatement<Row, Params extends readonly unknown[]>(build: (db: Db) => Compilable<Row>) {
  const compiledFor = compiledPerDialect(build);
  return async (db: Db, ...parameters: Params): Promise<QueryResult<Row>> => {
    const compiled = compiledFor(db);
    if (compiled.parameters.length !== parameters.length)
      throw new Error(
        `compiledStatement: the query takes ${compiled.parameters.length} parameters, not ${parameters.length}`,
      );
    return db.executeQuery<Row>({ ...compiled, parameters });
  };
}

/** Item counts up to this are compiled once each; a larger count is built on every call. */
export const MAX_COMPILED_COUNT = 256;

/**
 * A statement whose shape follows how many items it takes (a group's rows, a list of keys), built
 * and compiled once per dialect and count: a group of heartbeats or spins reads and writes its
 * items in one statement each, and at a show start most groups are a few items (decision 116).
 * `build` is given the count; the parameters are every item's, in the order the builder uses them.
 */
export function compiledPerCount<Row>(build: (db: Db, count: number) => Compilable<Row>) {
  const byAdapter = new WeakMap<object, Map<number, CompiledQuery<Row>>>();
  function compiledFor(db: Db, count: number): CompiledQuery<Row> {
    if (count > MAX_COMPILED_COUNT) return build(db, count).compile();
    const adapter = db.getExecutor().adapter;
    let byCount = byAdapter.get(adapter);
    if (!byCount) byAdapter.set(adapter, (byCount = new Map()));
    let compiled = byCount.get(count);
    if (!compiled) byCount.set(count, (compiled = build(db, count).compile()));
    return compiled;
  }
  return async (db: Db, count: number, parameters: readonly unknown[]): Promise<QueryResult<Row>> => {
    const compiled = compiledFor(db, count);
    if (compiled.parameters.length !== parameters.length)
      throw new Error(
        `compiledPerCount: the query for ${count} takes ${compiled.parameters.length} parameters, not ${parameters.length}`,
      );
    return db.executeQuery<Row>({ ...compiled, parameters });
  };
}
