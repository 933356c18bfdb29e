// Kysely's SQLite driver, without the queue in front of every statement. SQLite (either engine of
// sqlite-engine.ts) runs a statement synchronously, so one outside a transaction cannot interleave with anything: it runs
// at once. Only transactions take turns, and a statement from another request that arrives while
// a transaction is open waits for it to end. (Kysely's own driver queues every statement behind
// one lock whose release wakes every waiter: with a hundred requests in flight, each statement
// cost more than twice as much.)
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { SqliteStatement } from './sqlite-engine';

/** Where statements come from: the database, or a cache of its prepared statements. */
export type StatementSource = { prepare(sql: string): SqliteStatement; close(): void };

class SharedConnection implements DatabaseConnection {
  constructor(private readonly driver: SharedSqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.driver.mustWait(this)) return this.driver.transactionEnded().then(() => this.executeQuery<R>(query));
    try {
      const { result, writes } = this.driver.runStatement<R>(query);
      // A write of its own (not inside this connection's transaction, whose commit waits) is
      // answered once it is on disk.
      if (!writes || this.driver.owns(this)) return Promise.resolve(result);
      return this.driver.afterCommit().then(() => result);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  // eslint-disable-next-line require-yield -- nothing here streams; the interface asks for the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used with SQLite here.');
  }
}

class SharedSqliteDriver implements Driver {
  #owner: SharedConnection | null = null;
  #ended: Promise<void> = Promise.resolve();
  #end: () => void = () => undefined;

  constructor(
    private readonly statements: StatementSource,
    /** Resolves once what was committed before the call is on disk. */
    readonly afterCommit: () => Promise<void>,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SharedConnection(this);
  }

  async releaseConnection(): Promise<void> {}

  /** Whether a statement on `connection` must wait: another request's transaction is open. */
  mustWait(connection: SharedConnection): boolean {
    return this.#owner !== null && this.#owner !== connection;
  }

  /** Whether `connection` has the open transaction. */
  owns(connection: SharedConnection): boolean {
    return this.#owner === connection;
  }

  transactionEnded(): Promise<void> {
    return this.#ended;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    while (this.#owner) await this.#ended;
    this.#owner = connection as SharedConnection;
    this.#ended = new Promise((resolve) => (this.#end = resolve));
    try {
      // Immediate: the write lock is taken at the start, waiting (busy_timeout) while another
      // connection to the file holds it (a checkpoint, a backup, a shell). A deferred `begin` that
      // read first and then wrote failed at once with SQLITE_BUSY instead, as a read transaction
      // never waits for the lock. This process's transactions take turns anyway (above).
      this.run(CompiledQuery.raw('begin immediate'));
    } catch (error) {
      this.#finish();
      throw error;
    }
  }

  async commitTransaction(): Promise<void> {
    // A failed commit leaves the transaction open; Kysely rolls it back next, which ends it.
    this.run(CompiledQuery.raw('commit'));
    // The next transaction may start while this one's commit is flushed to disk, and share the flush.
    this.#finish();
    await this.afterCommit();
  }

  async rollbackTransaction(): Promise<void> {
    try {
      this.run(CompiledQuery.raw('rollback'));
    } finally {
      this.#finish();
    }
  }

  async destroy(): Promise<void> {
    this.statements.close();
  }

  /**
   * A read's rows at once, straight from its prepared statement, or null while a transaction is
   * open: then the read must go through Kysely and wait for it, as any other statement would.
   */
  readNow<R>(statement: SqliteStatement, parameters: readonly unknown[]): R[] | null {
    return this.#owner ? null : (statement.all(parameters) as R[]);
  }

  run<R>(query: CompiledQuery): QueryResult<R> {
    return this.runStatement<R>(query).result;
  }

  /** A statement's result, and whether it may have changed the database. */
  runStatement<R>(query: CompiledQuery): { result: QueryResult<R>; writes: boolean } {
    const statement = this.statements.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { result: { rows: statement.all(parameters) as R[] }, writes: statement.writes };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      result: { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] },
      writes: statement.writes,
    };
  }

  #finish(): void {
    this.#owner = null;
    this.#end();
  }
}

/** A read prepared once and run without Kysely's executor; null while a transaction is open. */
export type DirectRead = <R>(parameters: readonly unknown[]) => R[] | null;

export class SharedSqliteDialect implements Dialect {
  readonly #driver: SharedSqliteDriver;

  /**
   * `afterCommit` resolves once what was committed before the call is on disk (wal-sync.ts); a
   * write is answered only then. Without it, SQLite's own `synchronous` setting is all there is.
   */
  constructor(
    private readonly statements: StatementSource,
    afterCommit: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.#driver = new SharedSqliteDriver(statements, afterCommit);
  }

  /** Prepares `sql` once; each call runs it at once unless a transaction is open (compiled.ts). */
  directRead(sql: string): DirectRead {
    const statement = this.statements.prepare(sql);
    return <R>(parameters: readonly unknown[]) => this.#driver.readNow<R>(statement, parameters);
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return this.#driver;
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
