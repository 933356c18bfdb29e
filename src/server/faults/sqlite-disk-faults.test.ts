// A full disk and a read-only database under a running app on SQLite (decision 092): writes answer
// 503 "cannot save", reads go on, nothing acknowledged is lost, and writes work again once the
// fault is lifted. The disk is a small tmpfs filled to the brim when the test may mount one (root);
// otherwise `max_page_count` stops the file's growth, which SQLite reports the same way (SQLITE_FULL).
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthedUser } from '../../shared/contract/user';
import { MESSAGES } from '../../shared/messages';
import { openDatabase } from '../db/database';
import { createTestApp, type TestApp } from '../testing/harness';
import { startLoad, tally, type Call } from '../testing/fault-load';

const SECOND = 1000;

/** A folder on a 16 MiB tmpfs of its own, or null when this process may not mount one. */
function smallDisk(): { dir: string; release: () => void } | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'gemcast-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    release() {
      execFileSync('umount', [dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes a file until the disk refuses more (ENOSPC); deleting it frees the space again. */
function fillDisk(file: string) {
  const chunk = Buffer.alloc(64 * 1024, 1);
  const fd = openSync(file, 'w');
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

describe('disk faults under a running app [sqlite]', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** An app on a database file in `dir`, with viewers signed in, a live show, a read and two writes. */
  async function appOnFile(dir: string) {
    const file = path.join(dir, 'gemcast.db');
    const t: TestApp = await createTestApp('sqlite', {}, { database: openDatabase({ kind: 'sqlite', file }) });
    cleanups.push(() => t.close());
    const viewers: AuthedUser[] = [];
    for (let i = 0; i < 6; i += 1) viewers.push(await t.createViewer());
    const show = await t.createEvent({ cust_start: new Date(t.clock.now().getTime() - 60 * SECOND).toISOString() });
    let next = 0;
    const viewer = () => viewers[(next += 1) % viewers.length];
    /** Viewers whose check-in was answered 200: each must be stored. */
    const acknowledged = { checkIns: new Set<number>() };
    const calls: Call[] = [
      {
        name: 'liveevent_v1',
        send: () => {
          t.clock.advance(300);
          return t.get('/api/liveevent_v1', { query: { type: 'show' } });
        },
      },
      {
        name: 'iamatlive_v2 (grouped write)',
        send: async () => {
          const checkingIn = viewer();
          const answer = await t.post(
            '/api/iamatlive_v2',
            { eventid: show.id, reachby: 'email' },
            { token: checkingIn?.tokenvalue },
          );
          if (answer.http === 200 && checkingIn) acknowledged.checkIns.add(checkingIn.id);
          return answer;
        },
      },
    ];
    return { t, file, show, calls, acknowledged };
  }

  /** Runs the calls while `fault` holds, then after `lift`; checks the answers and the stored rows. */
  async function runFault(title: string, dir: string, fault: (t: TestApp) => Promise<void>, lift: () => Promise<void>) {
    const { t, file, show, calls, acknowledged } = await appOnFile(dir);
    const [read, write] = calls;
    if (!read || !write) throw new Error('calls missing');
    // A few check-ins acknowledged before the fault.
    for (let i = 0; i < 3; i += 1) expect((await write.send()).http).toBe(200);
    // The write-ahead log emptied, so the next write must take new space, as on a long-running server.
    await sql`pragma wal_checkpoint(truncate)`.execute(t.db);
    await fault(t);
    const load = startLoad(calls, { workers: 4 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await lift();
    const liftedAt = Date.now();
    const recoveredMs = await load.recovered(liftedAt);
    await load.stop();
    console.log(tally(title, load.outcomes, recoveredMs));

    const during = load.outcomes.filter((o) => o.startedAt < liftedAt);
    expect(load.outcomes.filter((o) => o.http !== 200 && o.http !== 503)).toEqual([]);
    const refused = during.filter((o) => o.http === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((o) => o.call === write.name && o.message === MESSAGES.cannotSave)).toBe(true);
    expect(during.filter((o) => o.call === read.name && o.http !== 200)).toEqual([]);

    // Every check-in answered 200 is in the file, read by a connection of its own after the app closed.
    await t.close();
    cleanups.pop();
    const reopened = openDatabase({ kind: 'sqlite', file });
    try {
      const rows = await reopened.db
        .selectFrom('live_checkins')
        .select('user_id')
        .where('event_id', '=', show.id)
        .execute();
      const stored = new Set(rows.map((row) => row.user_id));
      expect([...acknowledged.checkIns].filter((id) => !stored.has(id))).toEqual([]);
      expect(stored.size).toBeGreaterThan(0);
    } finally {
      await reopened.close();
    }
  }

  it('answers writes 503 on a full disk, keeps reading, loses nothing acknowledged, and writes again once space is freed', async () => {
    const disk = smallDisk();
    if (disk) {
      cleanups.push(() => disk.release());
      const filler = path.join(disk.dir, 'filler');
      await runFault(
        'SQLite disk full (tmpfs)',
        disk.dir,
        async () => fillDisk(filler),
        async () => rmSync(filler),
      );
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'gemcast-disk-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      let app: TestApp | null = null;
      await runFault(
        'SQLite disk full (max_page_count)',
        dir,
        async (t) => {
          app = t;
          const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.db);
          await sql.raw(`pragma max_page_count = ${rows[0]?.page_count ?? 1}`).execute(t.db);
        },
        async () => {
          if (app) await sql`pragma max_page_count = 4294967294`.execute(app.db);
        },
      );
    }
  });

  it('answers writes 503 while the database is read-only, keeps reading, and writes again after', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gemcast-readonly-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    let app: TestApp | null = null;
    // query_only makes SQLite refuse every write with SQLITE_READONLY on the app's own connection,
    // as a read-only file or mount would.
    await runFault(
      'SQLite read-only',
      dir,
      async (t) => {
        app = t;
        await sql`pragma query_only = on`.execute(t.db);
      },
      async () => {
        if (app) await sql`pragma query_only = off`.execute(app.db);
      },
    );
  });
});
