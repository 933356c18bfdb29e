// Migrations on PostgreSQL look only at their own schema: another schema in the same database
// that holds Kysely's migration tables (a test or bench running beside) does not confuse them.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from './database';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('migrations on PostgreSQL', () => {
  it('ignore migration tables in other schemas', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const stray = `stray_${randomBytes(4).toString('hex')}`;
    const own = `own_${randomBytes(4).toString('hex')}`;
    await admin.query(`create schema ${stray}; create table ${stray}.kysely_migration (name text); create table ${stray}.kysely_migration_lock (id text); create schema ${own}`);
    const handle = openDatabase({ kind: 'postgres', url: url ?? '', schema: own, poolSize: 2 });
    try {
      await migrate(handle);
      const tables = await admin.query(`select table_name from information_schema.tables where table_schema = $1 and table_name = 'users'`, [own]);
      expect(tables.rowCount).toBe(1);
    } finally {
      await handle.close();
      await admin.query(`drop schema ${stray} cascade; drop schema ${own} cascade`);
      await admin.end();
    }
  });
});
