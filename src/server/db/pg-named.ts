// Named statements on PostgreSQL (decision 113). Kysely sends every query unnamed, so PostgreSQL
// parses and plans it again on every call: for the point reads and small writes of a show start,
// that is a large part of the server's work per statement (pgbench, one primary-key read on this
// machine: 13,908 tps unnamed, 25,095 prepared). Here a query's text gets a name the first time it
// is seen, and each pooled connection prepares it once.
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** At most this many texts are named: each connection may hold them all prepared on the server. */
export const MAX_NAMED_STATEMENTS = 200;
/** Above this many parameters a text is left unnamed: long `in (…)` lists change with every batch. */
export const MAX_NAMED_PARAMETERS = 20;

/**
 * Whether a text is worth a name: a read or a write, small enough to recur, naming no `*`. A
 * statement that selects or returns `*` would fail on every connection that prepared it once a
 * migration adds a column ("cached plan must not change result type"); one that names its columns
 * is planned again by PostgreSQL and goes on working.
 */
export function nameable(text: string, parameters: number): boolean {
  return (
    parameters > 0 &&
    parameters <= MAX_NAMED_PARAMETERS &&
    !text.includes('*') &&
    /^(?:select|insert|update|delete|with)\b/i.test(text)
  );
}

/** The name a text runs under (the first `maxNamed` nameable texts seen), or null. */
export function statementNamer(maxNamed = MAX_NAMED_STATEMENTS) {
  const judged = new Map<string, string | null>();
  let named = 0;
  return (text: string, parameters: number): string | null => {
    const known = judged.get(text);
    if (known !== undefined) return known;
    const name = named < maxNamed && nameable(text, parameters) ? `gc_${named++}` : null;
    // Texts left unnamed are remembered too, up to a bound, so most are judged once.
    if (name !== null || judged.size < maxNamed * 8) judged.set(text, name);
    return name;
  };
}

/** `pool` for Kysely's PostgresDialect, its queries run under their names. */
export function namedStatementPool(pool: pg.Pool, nameOf = statementNamer()): PostgresPool {
  // Kysely keeps a connection per client object: one wrapper per pooled client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  function wrap(client: pg.PoolClient): PostgresPoolClient {
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      what: string | PostgresCursor<R>,
      parameters: ReadonlyArray<unknown> = [],
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof what !== 'string')
        return client.query(what as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
      const values = parameters as unknown[];
      const name = nameOf(what, values.length);
      const result = name ? client.query({ name, text: what, values }) : client.query(what, values);
      return result as unknown as Promise<PostgresQueryResult<R>>;
    }
    return { query, release: () => client.release() };
  }
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
