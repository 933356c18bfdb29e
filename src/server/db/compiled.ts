// A read built and compiled once per database, then run with fresh parameters: for the calls every
// viewer makes at once (the session behind a token, "am I in?" at show start), where building the
// query on each request cost more than running it. The builder is given placeholder values; the
// parameters are passed in the order the builder uses them. On SQLite the read also skips Kysely's
// executor: its statement is prepared once and run at once (decision 100).
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database';
import type { DirectRead } from './sqlite-driver';

/** Databases whose reads may run on a statement of their own (the embedded SQLite), by how to prepare one. */
const directReads = new WeakMap<Db, (sql: string) => DirectRead>();

/** Lets compiled reads on `db` run their prepared statements directly (database.ts, for SQLite). */
export function allowDirectReads(db: Db, prepare: (sql: string) => DirectRead): void {
  directReads.set(db, prepare);
}

type Prepared<Row> = { compiled: CompiledQuery<Row>; direct: DirectRead | null };

export function compiledRead<Row, Params extends readonly unknown[]>(build: (db: Db) => Compilable<Row>) {
  const byDb = new WeakMap<Db, Prepared<Row>>();
  function prepare(db: Db): Prepared<Row> {
    const compiled = build(db).compile();
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
