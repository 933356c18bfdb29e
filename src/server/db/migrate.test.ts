// Migrations run once each, in order, recorded in `kysely_migration`; on PostgreSQL they look only
// at their own schema, and two processes starting on the same schema take turns.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle, type MigrationTables } from './database';

const url = process.env.TEST_DATABASE_URL;

async function applied(handle: DatabaseHandle) {
  const rows = await handle.db
    .withTables<MigrationTables>()
    .selectFrom('kysely_migration')
    .select('name')
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

describe('migrations on SQLite', () => {
  it('apply every migration once, in order, and do nothing the second time', async () => {
    const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      await migrate(handle);
      const first = await applied(handle);
      expect(first[0]).toBe('001-foundation');
      expect(first.length).toBeGreaterThanOrEqual(10);
      await migrate(handle);
      expect(await applied(handle)).toEqual(first);
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!url)('migrations on PostgreSQL', () => {
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  const schemas: string[] = [];
  const handles: DatabaseHandle[] = [];

  async function schema(prefix: string) {
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create schema ${name}`);
    schemas.push(name);
    return name;
  }
  function open(name: string) {
    const handle = openDatabase({ kind: 'postgres', url: url ?? '', schema: name, poolSize: 2 });
    handles.push(handle);
    return handle;
  }
  async function hasUsers(name: string) {
    const tables = await admin.query(
      `select table_name from information_schema.tables where table_schema = $1 and table_name = 'users'`,
      [name],
    );
    return tables.rowCount === 1;
  }

  afterAll(() => admin.end());
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
    for (const name of schemas.splice(0)) await admin.query(`drop schema ${name} cascade`);
  });

  it('ignore migration tables in other schemas', async () => {
    const stray = await schema('stray');
    await admin.query(
      `create table ${stray}.kysely_migration (name text); create table ${stray}.kysely_migration_lock (id text)`,
    );
    const own = await schema('own');
    await migrate(open(own));
    expect(await hasUsers(own)).toBe(true);
  });

  it('let two processes starting on one schema take turns, each migration applied once', async () => {
    const shared = await schema('shared');
    const [a, b] = [open(shared), open(shared)];
    await Promise.all([migrate(a), migrate(b)]);
    const names = await applied(a);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  it('go on while other schemas in the database are made and dropped', async () => {
    const own = await schema('own');
    const churner = new pg.Client({ connectionString: url });
    await churner.connect();
    let migrating = true;
    const churn = (async () => {
      while (migrating) {
        const other = `churn_${randomBytes(4).toString('hex')}`;
        await churner.query(
          `create schema ${other}; create table ${other}.a (id serial primary key); create table ${other}.b (id serial primary key)`,
        );
        await churner.query(`drop schema ${other} cascade`);
      }
    })();
    try {
      await migrate(open(own));
    } finally {
      migrating = false;
      await churn;
      await churner.end();
    }
    expect(await hasUsers(own)).toBe(true);
  });
});
