import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from './database';
import { createGroupCommit } from './group-commit';

describe('group commit on SQLite', () => {
  let dir = '';
  let handle: DatabaseHandle;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gemcast-group-'));
    handle = openDatabase({ kind: 'sqlite', file: path.join(dir, 'g.db') });
    await migrate(handle);
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const mail = (to: string) => ({ to_address: to, subject: 's', text_body: 't', html_body: null, created_at: '2026-06-15T18:00:00.000Z' });

  it('runs FULL synchronous commits', async () => {
    const probe = new Sqlite(path.join(dir, 'g.db'));
    expect(probe.pragma('journal_mode', { simple: true })).toBe('wal');
    probe.close();
    // synchronous is per connection: read it through the app's own connection.
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    expect(rows[0]?.synchronous).toBe(2);
  });

  it('answers each write after the shared commit, and a failing write fails alone', async () => {
    const writes = createGroupCommit(handle);
    const results = await Promise.allSettled([
      writes.run((db) => db.insertInto('mail_outbox').values(mail('a@example.com')).returning('id').executeTakeFirstOrThrow()),
      writes.run(async (db) => {
        await db.insertInto('mail_outbox').values(mail('half@example.com')).execute();
        throw new Error('changed my mind');
      }),
      writes.run((db) => db.insertInto('mail_outbox').values(mail('b@example.com')).returning('id').executeTakeFirstOrThrow()),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // A separate connection sees exactly the acknowledged writes: the half-done one was rolled back.
    const other = new Sqlite(path.join(dir, 'g.db'), { readonly: true });
    expect(other.prepare('select to_address from mail_outbox order by id').all()).toEqual([{ to_address: 'a@example.com' }, { to_address: 'b@example.com' }]);
    other.close();
  });

  it('stores every one of 300 writes that arrive together, each with its own answer', async () => {
    const writes = createGroupCommit(handle);
    const ids = await Promise.all(Array.from({ length: 300 }, (_, i) => writes.run((db) => db.insertInto('mail_outbox').values(mail(`v${i}@example.com`)).returning('id').executeTakeFirstOrThrow())));
    expect(new Set(ids.map((r) => r.id)).size).toBe(300);
    const other = new Sqlite(path.join(dir, 'g.db'), { readonly: true });
    expect(other.prepare('select count(*) as n from mail_outbox').get()).toEqual({ n: 300 });
    other.close();
  });
});
