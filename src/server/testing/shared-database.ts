// One database as several server processes share it, for tests that run work in child processes
// (the yearly coupon job, the notification worker): a SQLite file, or a PostgreSQL schema of its own.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDatabase } from '../db/database';
import type { TestApp } from './harness';

/** The test writes through `handle`; `target` and `schema` are what a child process opens. `tag` names the temp folder or schema. */
export async function sharedDatabase(engine: TestApp['engine'], tag: string) {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), `gemcast-${tag}-`));
    const file = path.join(dir, 'gemcast.db');
    const handle = openDatabase({ kind: 'sqlite', file });
    await migrate(handle);
    return {
      handle,
      target: file,
      schema: '-',
      async close() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL ?? '';
  const schema = `t_${tag}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  await admin.query(`create schema ${schema}`);
  const handle = openDatabase({ kind: 'postgres', url, schema, poolSize: 2 });
  await migrate(handle);
  return {
    handle,
    target: url,
    schema,
    async close() {
      await handle.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}
