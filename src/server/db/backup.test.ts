// The online backup (decision 091): a copy taken while a writer is writing restores into a fresh
// data directory, where the app's own openDatabase and migrate read back every row written before.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { backupFileName, backupSqlite } from './backup';
import { migrate, openDatabase, type DatabaseHandle } from './database';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gemcast-backup-'));
  dirs.push(dir);
  return dir;
}

async function openMigrated(file: string): Promise<DatabaseHandle> {
  const handle = openDatabase({ kind: 'sqlite', file });
  handles.push(handle);
  await migrate(handle);
  return handle;
}

const mail = (n: number) => ({
  to_address: `viewer${n}@example.com`,
  subject: `Your code ${String(n).padStart(6, '0')}`,
  text_body: `Message ${n}`,
  created_at: new Date(Date.UTC(2026, 10, 26, 12, 0, n % 60)).toISOString(),
});

it('backs up while a writer is writing, and the copy restores with every row written before it', async () => {
  const live = path.join(dataDir(), 'gemcast.db');
  const server = await openMigrated(live);
  for (let n = 1; n <= 500; n += 1) await server.db.insertInto('mail_outbox').values(mail(n)).execute();

  // Another connection keeps committing, as a running server would, until the backup is done.
  let written = 500;
  let isBackingUp = true;
  const writer = (async () => {
    while (isBackingUp) {
      written += 1;
      await server.db.insertInto('mail_outbox').values(mail(written)).execute();
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const target = path.join(dataDir(), 'backups', backupFileName(new Date('2026-11-26T14:05:09Z')));
  const result = await backupSqlite(live, target).finally(() => (isBackingUp = false));
  await writer;
  expect(written).toBeGreaterThan(500);
  expect(result).toMatchObject({ file: target, integrity: 'ok' });
  expect(path.basename(target)).toBe('gemcast-2026-11-26T14-05-09Z.db');
  expect(readdirSync(path.dirname(target))).toEqual([path.basename(target)]);

  const restoredDir = dataDir();
  copyFileSync(target, path.join(restoredDir, 'gemcast.db'));
  const restored = await openMigrated(path.join(restoredDir, 'gemcast.db'));
  const rows = await restored.db.selectFrom('mail_outbox').select(['id', 'to_address']).orderBy('id').execute();
  // A snapshot: every row up to some point and nothing after, so no gap and at least the first 500.
  expect(rows.length).toBeGreaterThanOrEqual(500);
  expect(rows.length).toBeLessThanOrEqual(written);
  expect(rows.map((row) => row.id)).toEqual(rows.map((_, i) => i + 1));
  expect(rows[499]).toEqual({ id: 500, to_address: 'viewer500@example.com' });
  // The restored database takes writes as the live one did.
  await restored.db.insertInto('mail_outbox').values(mail(9_999)).execute();
});

it('refuses to overwrite a file, and names a missing database', async () => {
  const dir = dataDir();
  const live = path.join(dir, 'gemcast.db');
  await openMigrated(live);
  const taken = path.join(dir, 'taken.db');
  writeFileSync(taken, 'keep me');
  await expect(backupSqlite(live, taken)).rejects.toThrow(/already exists/);
  await expect(backupSqlite(path.join(dir, 'missing.db'), path.join(dir, 'b.db'))).rejects.toThrow(/no database at/);
  expect(existsSync(path.join(dir, 'b.db'))).toBe(false);
});

it('`npm run backup` writes DATA_DIR/backups/gemcast-<UTC time>.db and prints its integrity check', async () => {
  const dir = dataDir();
  const handle = await openMigrated(path.join(dir, 'gemcast.db'));
  await handle.db.insertInto('mail_outbox').values(mail(1)).execute();
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/to .*backups\/gemcast-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db \(\d+ KB/);
  expect(result.stdout).toContain('integrity_check: ok');
  expect(readdirSync(path.join(dir, 'backups'))).toHaveLength(1);
});
