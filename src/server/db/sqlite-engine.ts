// The embedded SQLite: Node's own `node:sqlite` from Node 24 on, better-sqlite3 on Node 20 and 22
// (docs/decisions/054-node-lines-and-the-embedded-sqlite.md). better-sqlite3 12 wraps its objects
// with node::ObjectWrap, whose Node 24 form removes a cleanup hook in the destructor; a statement
// collected when no environment is current (at a worker's exit, or a GC inside a microtask) then
// aborts the process. Node 20 has no node:sqlite, and Node 22's still warns that it is
// experimental, so each line gets the engine that runs there quietly. Both are used through the
// few calls below, so the rest of the server never knows which one it has.
import { createRequire } from 'node:module';
import type BetterSqlite from 'better-sqlite3';

export type SqliteEngine = 'node:sqlite' | 'better-sqlite3';

/** A prepared statement; `reader` is true when it returns rows (a select, or a write with `returning`). */
export interface SqliteStatement {
  readonly reader: boolean;
  /** Whether it may change the database: anything but a select (decision 110 flushes after one). */
  readonly writes: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
}

export interface SqliteConnection {
  readonly engine: SqliteEngine;
  prepare(sql: string): SqliteStatement;
  /** Runs one or more statements that take no parameters (pragmas, scripts). */
  exec(sql: string): void;
  /**
   * Copies the database to `file` with SQLite's online backup API, in one step: one read
   * transaction, so the copy is a consistent snapshot and writers (in WAL mode) never wait.
   */
  backup(file: string): Promise<void>;
  close(): void;
}

/** Pages per backup step: all of them, so a write from another connection never restarts the copy. */
const ALL_PAGES = 2 ** 31 - 1;

/** The engine this Node line uses: node:sqlite from Node 24, better-sqlite3 before. */
export function sqliteEngine(version: string = process.versions.node): SqliteEngine {
  return Number(version.split('.')[0]) >= 24 ? 'node:sqlite' : 'better-sqlite3';
}

// The part of node:sqlite used here (Node 20's types do not describe the module).
type NodeSqliteStatement = {
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  columns(): unknown[];
};
type NodeSqliteDatabase = { prepare(sql: string): NodeSqliteStatement; exec(sql: string): void; close(): void };
type NodeSqliteModule = {
  DatabaseSync: new (file: string, options?: { readOnly?: boolean }) => NodeSqliteDatabase;
  backup(source: NodeSqliteDatabase, file: string, options?: { rate?: number }): Promise<number>;
};

function openNodeSqlite(file: string, readOnly: boolean): SqliteConnection {
  const { DatabaseSync, backup } = process.getBuiltinModule('node:sqlite') as NodeSqliteModule;
  const database = new DatabaseSync(file, { readOnly });
  return {
    engine: 'node:sqlite',
    prepare(sql) {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        // node:sqlite does not say whether a statement is read-only: anything but a select counts.
        writes: !/^\s*select\b/i.test(sql),
        all: (parameters) => statement.all(...parameters),
        run: (parameters) => statement.run(...parameters),
      };
    },
    exec: (sql) => database.exec(sql),
    backup: async (file) => void (await backup(database, file, { rate: ALL_PAGES })),
    close: () => database.close(),
  };
}

function openBetterSqlite(file: string, readOnly: boolean): SqliteConnection {
  // Loaded only on the lines that use it: it is an optional dependency, absent where it did not build.
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite;
  const database = new Database(file, { readonly: readOnly });
  return {
    engine: 'better-sqlite3',
    prepare(sql) {
      const statement = database.prepare(sql);
      return {
        reader: statement.reader,
        writes: !statement.readonly,
        all: (parameters) => statement.all(parameters),
        run: (parameters) => statement.run(parameters),
      };
    },
    exec: (sql) => void database.exec(sql),
    backup: async (file) => void (await database.backup(file, { progress: () => ALL_PAGES })),
    close: () => void database.close(),
  };
}

/** Opens a SQLite file (or ':memory:') with this Node line's engine. */
export function openSqlite(
  file: string,
  options: { readOnly?: boolean; engine?: SqliteEngine } = {},
): SqliteConnection {
  const engine = options.engine ?? sqliteEngine();
  const readOnly = options.readOnly ?? false;
  return engine === 'node:sqlite' ? openNodeSqlite(file, readOnly) : openBetterSqlite(file, readOnly);
}

// SQLite's extended result codes for the two unique failures (https://sqlite.org/rescode.html).
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_UNIQUE = 2067;

/** True for a unique or primary-key failure from either engine (better-sqlite3 names it, node:sqlite numbers it). */
export function isSqliteUniqueFailure(error: { code?: unknown; errcode?: unknown }): boolean {
  return (
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    error.errcode === SQLITE_CONSTRAINT_UNIQUE ||
    error.errcode === SQLITE_CONSTRAINT_PRIMARYKEY
  );
}
