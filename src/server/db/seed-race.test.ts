// Two processes started at once on an empty database with SEED_DEMO (decision 093): they take
// turns, so the demo is made once. Each engine: two apps on one database seed at the same moment;
// every table then holds as many rows as after one app seeding alone.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Random } from '../platform/clock';
import { openDatabase, type DatabaseHandle, type Db, type Dialect } from './database';
import { seedAndRefreshDemo } from './seed';

const databaseUrl = process.env.TEST_DATABASE_URL;

async function admin(text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

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

/** A database of the test's own: an SQLite file in a folder, or a PostgreSQL schema. */
type Place = { open: () => DatabaseHandle; remove: () => Promise<void> };

async function newPlace(engine: Dialect, dir: string, name: string): Promise<Place> {
  if (engine === 'sqlite') {
    const file = path.join(dir, `${name}.db`);
    return { open: () => openDatabase({ kind: 'sqlite', file }), remove: async () => undefined };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await admin(`create schema ${schema}`);
  return {
    open: () => openDatabase({ kind: 'postgres', url: databaseUrl ?? '', schema, poolSize: 3 }),
    remove: () => admin(`drop schema ${schema} cascade`),
  };
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

const engines: Dialect[] = databaseUrl ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(engines)('seeding the demo from two processes at once [%s]', (engine) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gemcast-seed-race-'));
  const places: Place[] = [];
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    for (const place of places) await place.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An app as a process would build it, on its own connection(s) to `place`, sharing DATA_DIR. */
  async function startApp(place: Place, dataDir: string) {
    const handle = place.open();
    handles.push(handle);
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
    const shared = await newPlace(engine, dir, 'shared');
    const alone = await newPlace(engine, dir, 'alone');
    places.push(shared, alone);
    const first = await startApp(shared, path.join(dir, 'shared-data'));
    const second = await startApp(shared, path.join(dir, 'shared-data'));
    const lone = await startApp(alone, path.join(dir, 'alone-data'));

    const results = await Promise.all([seedAndRefreshDemo(first.ctx), seedAndRefreshDemo(second.ctx)]);
    expect(results.filter((seeded) => seeded !== null)).toHaveLength(1);
    expect(await seedAndRefreshDemo(lone.ctx)).not.toBeNull();

    const expected = await rowCounts(lone.ctx.db, engine);
    expect(expected.users).toBeGreaterThan(1);
    expect(await rowCounts(first.ctx.db, engine)).toEqual(expected);
  });
});
