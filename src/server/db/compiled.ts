// A read built and compiled once per database, then run with fresh parameters: for the calls every
// viewer makes at once (the session behind a token, "am I in?" at show start), where building the
// query on each request cost more than running it. The builder is given placeholder values; the
// parameters are passed in the order the builder uses them.
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database';

export function compiledRead<Row, Params extends readonly unknown[]>(build: (db: Db) => Compilable<Row>) {
  const byDb = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db: Db, ...parameters: Params): Promise<Row[]> => {
    let compiled = byDb.get(db);
    if (!compiled) {
      compiled = build(db).compile();
      byDb.set(db, compiled);
    }
    if (compiled.parameters.length !== parameters.length)
      throw new Error(
        `compiledRead: the query takes ${compiled.parameters.length} parameters, not ${parameters.length}`,
      );
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
