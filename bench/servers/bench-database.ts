// The database a bench server runs on: a SQLite file in its data folder, or, with a PostgreSQL
// URL, a schema of its own in that database (dropped again by `drop`).
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';

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
