// The database a bench server runs on: a SQLite file in its data folder, or, with a PostgreSQL
// URL, a schema of its own in that database (dropped again by `drop`).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { insertViewers } from '../../src/server/testing/bulk-viewers';

export type BenchDatabase = {
  database: DatabaseHandle;
  where: { sqliteFile: string } | { pgSchema: string };
  drop: () => Promise<void>;
};

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(dataDir: string, pgUrl: string | undefined): Promise<BenchDatabase> {
  if (!pgUrl) {
    const file = path.join(dataDir, 'gemcast.db');
    return {
      database: openDatabase({ kind: 'sqlite', file }),
      where: { sqliteFile: file },
      drop: async () => undefined,
    };
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(pgUrl, `create schema ${schema}`);
  return {
    database: openDatabase({ kind: 'postgres', url: pgUrl, schema, poolSize: 10 }),
    where: { pgSchema: schema },
    drop: () => adminQuery(pgUrl, `drop schema if exists ${schema} cascade`),
  };
}

/**
 * A surge target's start: Gemcast on a fresh data directory and bench database (removed on
 * SIGTERM), with one staff member signed in. The entry and guess servers both start this way.
 */
export async function startSurgeApp(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `gemcast-bench-${name}-`));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', SEED_DEMO: 'false' });
  const { database, where, drop } = await openBenchDatabase(dataDir, process.env.BENCH_DATABASE_URL);
  process.on('SIGTERM', async () => {
    await database.close();
    await drop();
    process.exit(0);
  });
  const app = await buildApp(config, { database });
  const now = new Date();
  const [staff] = await insertViewers(app.ctx.db, 1, 'staff', now);
  await app.ctx.db
    .updateTable('users')
    .set({ is_staff: 1 })
    .where('id', '=', staff?.id ?? 0)
    .execute();
  // A staff session is staff only after a second factor (decision 085): as if it had just passed one.
  await app.ctx.db
    .updateTable('sessions')
    .set({ second_factor_at: now.toISOString() })
    .where('user_id', '=', staff?.id ?? 0)
    .execute();
  return { app, now, where, staffToken: staff?.token ?? '' };
}
