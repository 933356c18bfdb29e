// Two processes started at once on an empty database with SEED_DEMO (decision 093): they take
// turns, so the demo is made once. Each engine: two apps on one database seed at the same moment;
// every table then holds as many rows as after one app seeding alone.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Random } from '../platform/clock';
import { openDatabase, type DatabaseHandle, type Db, type Dialect } from './database';
import { ENGINES } from '../testing/harness';
import { sharedDatabase } from '../testing/shared-database';
import { seedAndRefreshDemo } from './seed';

/**
 * The same numbers in the same order for every app: the demo's draws depend on them (a redraw adds
 * picks), so the racing apps' demo and the lone app's match row for row.
 */
function repeatableRandom(): Random {
  let drawn = 0;
  const next = () => createHash('sha256').update(String(drawn++)).digest();
  return {
    int: (max) => next().readUInt32BE(0) % max,
    bytes: (size) => Buffer.concat(Array.from({ length: Math.ceil(size / 32) }, next)).subarray(0, size),
  };
}

type Shared = Awaited<ReturnType<typeof sharedDatabase>>;

/** One more connection (pool) to a shared database, as a second process opens it. */
function openAgain(engine: Dialect, shared: Shared): DatabaseHandle {
  return engine === 'sqlite'
    ? openDatabase({ kind: 'sqlite', file: shared.target })
    : openDatabase({ kind: 'postgres', url: shared.target, schema: shared.schema, poolSize: 3 });
}

/** Every table's row count, by table name. */
async function rowCounts(db: Db, engine: Dialect): Promise<Record<string, number>> {
  const tables =
    engine === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{
          name: string;
        }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(rows[0]?.n);
  }
  return counts;
}

describe.each(ENGINES)('seeding the demo from two processes at once [%s]', (engine) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gemcast-seed-race-'));
  const databases: Shared[] = [];
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    for (const database of databases) await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An app as a process would build it, on `handle`, sharing DATA_DIR with the other processes. */
  async function startApp(handle: DatabaseHandle, dataDir: string) {
    const config = loadConfig({
      DATA_DIR: dataDir,
      WEB_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      APP_SECRET: 'seed-race-secret-seed-race-secret!!!',
    });
    const app = await buildApp(config, { database: handle, random: repeatableRandom() });
    apps.push(app);
    return app;
  }

  it('makes one copy of the demo, the same as one process seeding alone', { timeout: 60_000 }, async () => {
    const shared = await sharedDatabase(engine, 'seedrace');
    const alone = await sharedDatabase(engine, 'seedalone');
    databases.push(shared, alone);
    const again = openAgain(engine, shared);
    handles.push(again);
    const first = await startApp(shared.handle, path.join(dir, 'shared-data'));
    const second = await startApp(again, path.join(dir, 'shared-data'));
    const lone = await startApp(alone.handle, path.join(dir, 'alone-data'));

    const results = await Promise.all([seedAndRefreshDemo(first.ctx), seedAndRefreshDemo(second.ctx)]);
    expect(results.filter((seeded) => seeded !== null)).toHaveLength(1);
    expect(await seedAndRefreshDemo(lone.ctx)).not.toBeNull();

    const expected = await rowCounts(lone.ctx.db, engine);
    expect(expected.users).toBeGreaterThan(1);
    expect(await rowCounts(first.ctx.db, engine)).toEqual(expected);
  });
});
