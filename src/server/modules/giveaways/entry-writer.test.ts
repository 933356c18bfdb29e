import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from '../../db/database';
import { openSqlite } from '../../db/sqlite-engine';
import { insertViewers } from '../../testing/bulk-viewers';
import { describeEachEngine } from '../../testing/harness';
import { createEntryWriter } from './entry-writer';
import { createGiveaway } from './giveaway-factories';

const NOW = new Date('2026-06-15T18:00:00Z');

describe('grouped entry writes on a SQLite file', () => {
  let dir = '';
  let file = '';
  let handle: DatabaseHandle;
  let giveawayId = 0;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gemcast-entries-'));
    file = path.join(dir, 'g.db');
    handle = openDatabase({ kind: 'sqlite', file });
    await migrate(handle);
    const iso = NOW.toISOString();
    const event = await handle.db
      .insertInto('events')
      .values({
        type: 'giveaway',
        title: 'G',
        description: '',
        image: null,
        cust_start: iso,
        cust_end: iso,
        is_public: 1,
        platform: 'hls',
        stream_url: null,
        created_at: iso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    giveawayId = event.id;
    await handle.db
      .insertInto('giveaways')
      .values({
        event_id: giveawayId,
        show_id: null,
        prize: '',
        tnc: '',
        tnc_prices: '',
        winner_count: 1,
        access_code: null,
        seed: '00',
        seed_hash: '00',
        created_at: iso,
        updated_at: iso,
      })
      .execute();
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const entryOf = (userId: number, giveaway = giveawayId) => ({
    giveaway_id: giveaway,
    user_id: userId,
    entry_from: 'web' as const,
    whatnot_username: null,
    created_at: NOW.toISOString(),
  });
  const storedByAnotherConnection = () => {
    const other = openSqlite(file, { readOnly: true });
    const rows = other.prepare('select user_id from giveaway_entries order by user_id').all([]);
    other.close();
    return rows;
  };

  it('answers a group of entries after one flush of the WAL file to disk (decision 110)', async () => {
    const viewers = await insertViewers(handle.db, 100, 'flush', NOW);
    const writer = createEntryWriter(handle.db);
    const probe = await open(file, 'r');
    const flushes = vi.spyOn(Object.getPrototypeOf(probe) as { datasync: () => Promise<void> }, 'datasync');
    await probe.close();
    try {
      const answers = await Promise.all(viewers.map((v) => writer.write(entryOf(v.id))));
      expect(answers.every((answer) => answer !== undefined)).toBe(true);
      expect(flushes).toHaveBeenCalledTimes(1);
    } finally {
      flushes.mockRestore();
    }
  });

  it('answers each of 300 entries arriving together, one new row per viewer, settling duplicates in arrival order', async () => {
    const viewers = await insertViewers(handle.db, 150, 'grp', NOW);
    const writer = createEntryWriter(handle.db);
    const answers = await Promise.all(
      viewers.flatMap((v) => [writer.write(entryOf(v.id)), writer.write(entryOf(v.id))]),
    );
    expect(answers.filter((_, i) => i % 2 === 0).every((a) => a !== undefined)).toBe(true);
    expect(answers.filter((_, i) => i % 2 === 1).every((a) => a === undefined)).toBe(true);
    expect(storedByAnotherConnection()).toEqual(viewers.map((v) => ({ user_id: v.id })));
  });

  it('keeps the good entries of a group when one of them cannot be stored', async () => {
    const viewers = await insertViewers(handle.db, 2, 'bad', NOW);
    const writer = createEntryWriter(handle.db);
    const results = await Promise.allSettled([
      writer.write(entryOf(viewers[0]?.id ?? 0)),
      writer.write(entryOf(viewers[1]?.id ?? 0, 9999)),
      writer.write(entryOf(viewers[1]?.id ?? 0)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(storedByAnotherConnection()).toEqual(viewers.map((v) => ({ user_id: v.id })));
  });
});

describeEachEngine('grouped entry writes with several groups in flight', (t) => {
  it('gives each viewer exactly one row when their two requests land in different groups', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const viewers = await insertViewers(t().db, 150, 'par', NOW);
    const writer = createEntryWriter(t().db, { groupsInFlight: 4 });
    const entry = (userId: number) => ({
      giveaway_id: giveaway.id,
      user_id: userId,
      entry_from: 'web' as const,
      whatnot_username: null,
      created_at: NOW.toISOString(),
    });
    // Two waves a turn apart: each viewer's second request is in a later group than the first.
    const first = viewers.map((v) => writer.write(entry(v.id)));
    await new Promise((resolve) => setImmediate(resolve));
    const second = viewers.map((v) => writer.write(entry(v.id)));
    const [a, b] = [await Promise.all(first), await Promise.all(second)];
    expect(viewers.every((_, i) => (a[i] === undefined) !== (b[i] === undefined))).toBe(true);
    const stored = await t()
      .db.selectFrom('giveaway_entries')
      .select('user_id')
      .where('giveaway_id', '=', giveaway.id)
      .orderBy('user_id')
      .execute();
    expect(stored).toEqual(viewers.map((v) => ({ user_id: v.id })));
  });
});
