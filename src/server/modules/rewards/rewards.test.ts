import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { LedgerRow, RewardDetails } from '../../../shared/contract/rewards';
import { GENESIS_HASH, verifyLedger } from '../../../shared/ledger-chain';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { rewardsRepository } from './rewards.repository';
import { createRewardsService, type GroupCredit } from './rewards.service';

const rewardsOf = (t: TestApp) => createRewardsService(t.app.ctx);

async function details(t: TestApp, token: string, query: Record<string, string> = {}) {
  const res = await t.get<RewardDetails>('/api/rewarddetails', { token, query });
  expect(res.http, JSON.stringify(res.body)).toBe(200);
  const record = res.body.data[0];
  if (!record) throw new Error('rewarddetails answered no record');
  return record;
}

async function download(t: TestApp, token: string) {
  const res = await t.get<LedgerRow>('/api/rewardledger_v1', { token });
  expect(res.http, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A fresh token for a viewer, after the clock has moved past their first session. */
async function logIn(t: TestApp, viewer: { email: string; password: string }) {
  const res = await t.post<{ tokenvalue: string }>('/api/login_v1', { email: viewer.email, password: viewer.password });
  const token = res.body.data[0]?.tokenvalue;
  if (!token) throw new Error(`login failed: ${res.body.message}`);
  return token;
}

/** creditCappedGroup for check-ins, in a transaction of its own. */
const creditGroup = (t: TestApp, credits: readonly GroupCredit[], dailyCap: number | null) =>
  t.db.transaction().execute((trx) => rewardsOf(t).creditCappedGroup(trx, 'checkin', credits, dailyCap));

const storedRows = (t: TestApp, userId: number) =>
  t.db.selectFrom('reward_ledger').selectAll().where('user_id', '=', userId).orderBy('seq').execute();

describeEachEngine('the points ledger', (t) => {
  it('answers a capped credit already given, or one over the cap, without writing (a start catches up on a day of them)', async () => {
    const viewer = await t().createViewer();
    const rewards = rewardsOf(t());
    const first = await rewards.creditCapped(viewer.id, 5, 'checkin', 'event:1', { dailyCap: 10 });
    await rewards.creditCapped(viewer.id, 5, 'checkin', 'event:2', { dailyCap: 10 });
    const before = await storedRows(t(), viewer.id);

    // In a read-only transaction: any write, the head's lock included, would fail.
    const { repeat, overCap } = await t()
      .db.transaction()
      .execute(async (trx) => {
        if (t().engine === 'postgres') await sql`set transaction read only`.execute(trx);
        else await sql`pragma query_only = 1`.execute(trx);
        try {
          return {
            repeat: await rewards.creditCapped(viewer.id, 5, 'checkin', 'event:1', { dailyCap: 10, trx }),
            overCap: await rewards.creditCapped(viewer.id, 5, 'checkin', 'event:3', { dailyCap: 10, trx }),
          };
        } finally {
          if (t().engine === 'sqlite') await sql`pragma query_only = 0`.execute(trx);
        }
      });
    expect(repeat).toEqual({ row: first?.row, isNew: false });
    expect(overCap).toBeNull();
    expect(await storedRows(t(), viewer.id)).toEqual(before);
  });

  it('answers a capped repeat with its first row, however old, and one over the cap with null', async () => {
    const viewer = await t().createViewer();
    const rewards = rewardsOf(t());
    const first = await rewards.creditCapped(viewer.id, 5, 'checkin', 'event:1', { dailyCap: 10 });
    // Two days on, out of the cap's window, and today's cap spent on two other shows.
    t().clock.advance(2 * 24 * 3600_000);
    await rewards.creditCapped(viewer.id, 5, 'checkin', 'event:2', { dailyCap: 10 });
    await rewards.creditCapped(viewer.id, 5, 'checkin', 'event:3', { dailyCap: 10 });
    const before = await storedRows(t(), viewer.id);
    expect(await rewards.creditCapped(viewer.id, 5, 'checkin', 'event:1', { dailyCap: 10 })).toEqual({
      row: first?.row,
      isNew: false,
    });
    expect(await rewards.creditCapped(viewer.id, 5, 'checkin', 'event:4', { dailyCap: 10 })).toBeNull();
    // Under the cap, the credit is cut to what is left.
    t().clock.advance(24 * 3600_000);
    await rewards.creditCapped(viewer.id, 8, 'checkin', 'event:5', { dailyCap: 10 });
    const cut = await rewards.creditCapped(viewer.id, 5, 'checkin', 'event:6', { dailyCap: 10 });
    expect(cut).toMatchObject({ isNew: true, row: { points: 2, source_id: 'event:6' } });
    expect((await storedRows(t(), viewer.id)).length).toBe(before.length + 2);
  });

  it("credits a group within each viewer's cap for the day, counting the group's own credits, and passes over repeats", async () => {
    const rewards = rewardsOf(t());
    const [known, fresh, capped] = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    await rewards.credit(known.id, 5, 'rsvp', 'event:1');
    await rewards.creditCapped(known.id, 25, 'checkin', 'event:1', { dailyCap: 75 });
    await rewards.creditCapped(capped.id, 75, 'checkin', 'event:1', { dailyCap: 75 });
    const capBefore = await storedRows(t(), capped.id);
    const written = await creditGroup(
      t(),
      [
        { userId: known.id, points: 25, sourceId: 'event:1' }, // a repeat
        { userId: known.id, points: 25, sourceId: 'event:2' },
        { userId: fresh.id, points: 25, sourceId: 'event:2' },
        { userId: known.id, points: 25, sourceId: 'event:3' }, // 75 with the group's own
        { userId: capped.id, points: 25, sourceId: 'event:2' },
        { userId: known.id, points: 25, sourceId: 'event:4' }, // over the cap
        { userId: fresh.id, points: 25, sourceId: 'event:2' }, // a repeat in the group
      ],
      75,
    );
    expect(written).toBe(3);
    expect((await storedRows(t(), known.id)).map((r) => [r.seq, r.reason, r.source_id, r.points])).toEqual([
      [1, 'rsvp', 'event:1', 5],
      [2, 'checkin', 'event:1', 25],
      [3, 'checkin', 'event:2', 25],
      [4, 'checkin', 'event:3', 25],
    ]);
    expect((await storedRows(t(), fresh.id)).map((r) => [r.seq, r.source_id, r.points])).toEqual([[1, 'event:2', 25]]);
    expect(await storedRows(t(), capped.id)).toEqual(capBefore);
    for (const viewer of [known, fresh])
      expect(await verifyLedger(await download(t(), viewer.tokenvalue))).toMatchObject({ ok: true });
    // The heads moved: the next lone credit follows the group's last.
    expect((await rewards.credit(known.id, 10, 'quiz', 'event:5')).row.seq).toBe(5);
    // Without a cap, every credit not there is written.
    const uncapped = await creditGroup(
      t(),
      [
        { userId: capped.id, points: 25, sourceId: 'event:2' },
        { userId: capped.id, points: 25, sourceId: 'event:1' },
      ],
      null,
    );
    expect(uncapped).toBe(1);
  });

  it('fails a group whose credit is there from before the cap window, writing nothing of it', async () => {
    const rewards = rewardsOf(t());
    const [old, other] = [await t().createViewer(), await t().createViewer()];
    await rewards.creditCapped(old.id, 25, 'checkin', 'event:1', { dailyCap: 75 });
    t().clock.advance(2 * 24 * 3600_000);
    const before = await storedRows(t(), old.id);
    // The runs read only credits that are not there, so this happens only with one written between
    // that read and the group's; the group is run again by the next run, which passes over it.
    await expect(
      creditGroup(
        t(),
        [
          { userId: other.id, points: 25, sourceId: 'event:1' },
          { userId: old.id, points: 25, sourceId: 'event:1' },
        ],
        75,
      ),
    ).rejects.toThrow('a planned ledger row is there already');
    expect(await storedRows(t(), old.id)).toEqual(before);
    expect(await storedRows(t(), other.id)).toEqual([]);
  });

  it('refuses a group credit of a bad amount or source before anything is read', async () => {
    const viewer = await t().createViewer();
    for (const bad of [
      { userId: viewer.id, points: 0, sourceId: 'event:1' },
      { userId: viewer.id, points: 1.5, sourceId: 'event:1' },
      { userId: viewer.id, points: 5, sourceId: '' },
    ])
      await expect(creditGroup(t(), [bad], 75)).rejects.toThrow(RangeError);
    expect(await storedRows(t(), viewer.id)).toEqual([]);
  });

  it('credits once per viewer, reason and source: a repeat, a concurrent repeat or one after a restart answers the first row', async () => {
    const viewer = await t().createViewer();
    const first = await rewardsOf(t()).credit(viewer.id, 25, 'checkin', 'event:4');
    expect(first).toMatchObject({ isNew: true, row: { seq: 1, points: 25, reason: 'checkin', source_id: 'event:4' } });

    const again = await rewardsOf(t()).credit(viewer.id, 25, 'checkin', 'event:4');
    expect(again).toEqual({ isNew: false, row: first.row });
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => rewardsOf(t()).credit(viewer.id, 25, 'checkin', 'event:5')),
    );
    expect(racing.filter((r) => r.isNew)).toHaveLength(1);
    expect(new Set(racing.map((r) => r.row.hash)).size).toBe(1);
    // Another reason for the same source, and the same reason and source for another viewer, are new rows.
    expect((await rewardsOf(t()).credit(viewer.id, 10, 'rsvp', 'event:4')).isNew).toBe(true);
    const other = await t().createViewer();
    expect((await rewardsOf(t()).credit(other.id, 25, 'checkin', 'event:4')).row.seq).toBe(1);

    expect((await storedRows(t(), viewer.id)).map((r) => [r.seq, r.reason, r.source_id])).toEqual([
      [1, 'checkin', 'event:4'],
      [2, 'checkin', 'event:5'],
      [3, 'rsvp', 'event:4'],
    ]);
    expect((await details(t(), viewer.tokenvalue)).balance).toBe(60);
  });

  it('keeps one linear chain under 20 concurrent credits for one viewer', async () => {
    const viewer = await t().createViewer();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => rewardsOf(t()).credit(viewer.id, i + 1, 'watch', `event:9:minute:${i}`)),
    );
    expect(results.every((r) => r.isNew)).toBe(true);
    const rows = await download(t(), viewer.tokenvalue);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await verifyLedger(rows)).toEqual({ ok: true, rows: 20, headHash: rows[19]?.hash });
    expect((await details(t(), viewer.tokenvalue)).balance).toBe(210);
  });

  it("plans a group's credits under heads locked in one go, and writes them at its end, twice for one viewer too", async () => {
    const rewards = rewardsOf(t());
    const [known, fresh, twice] = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    await rewards.credit(known.id, 5, 'rsvp', 'event:1');
    await t()
      .db.transaction()
      .execute(async (trx) => {
        const heads = await rewards.lockHeads(trx, [known.id, fresh.id, twice.id]);
        expect(heads.get(known.id)?.seq).toBe(1);
        expect(heads.get(fresh.id)).toEqual({ seq: 0, hash: GENESIS_HASH });
        const planned = [
          rewards.planCredit(heads, known.id, 50, 'spin', 'spin:1:giveaway'),
          rewards.planCredit(heads, fresh.id, 50, 'spin', 'spin:1:giveaway'),
          // The second credit of one viewer in the group follows the first.
          rewards.planCredit(heads, twice.id, 50, 'spin', 'spin:1:giveaway'),
          rewards.planCredit(heads, twice.id, 200, 'spin', 'spin:2:giveaway'),
        ];
        expect(planned.map((row) => [row.user_id, row.seq])).toEqual([
          [known.id, 2],
          [fresh.id, 1],
          [twice.id, 1],
          [twice.id, 2],
        ]);
        await rewards.writeCredits(trx, planned);
      });
    for (const [viewer, rows] of [
      [known, 2],
      [fresh, 1],
      [twice, 2],
    ] as const) {
      const ledger = await download(t(), viewer.tokenvalue);
      expect(await verifyLedger(ledger)).toEqual({ ok: true, rows, headHash: ledger[rows - 1]?.hash });
    }
    // The heads moved with the rows: the next credit, made alone, follows on.
    expect((await rewards.credit(twice.id, 10, 'rsvp', 'event:3')).row.seq).toBe(3);
    expect(await verifyLedger(await download(t(), twice.tokenvalue))).toMatchObject({ ok: true, rows: 3 });
  });

  it('refuses to plan a credit without its head, or to write one that is there already, writing nothing', async () => {
    const rewards = rewardsOf(t());
    const viewer = await t().createViewer();
    await rewards.credit(viewer.id, 50, 'spin', 'spin:1:giveaway');
    await expect(
      t()
        .db.transaction()
        .execute(async (trx) => {
          const heads = await rewards.lockHeads(trx, [viewer.id]);
          expect(() => rewards.planCredit(heads, viewer.id + 1, 5, 'spin', 'spin:1:giveaway')).toThrow(
            'was not locked',
          );
          const again = rewards.planCredit(heads, viewer.id, 50, 'spin', 'spin:1:giveaway');
          await rewards.writeCredits(trx, [again]);
        }),
    ).rejects.toThrow('a planned ledger row is there already');
    expect((await download(t(), viewer.tokenvalue)).map((row) => row.seq)).toEqual([1]);
    expect((await rewards.credit(viewer.id, 10, 'rsvp', 'event:3')).row.seq).toBe(2);
  });

  it('lets a viewer download a ledger that verifies, and whose tampered copy fails at the changed row', async () => {
    const viewer = await t().createViewer();
    const rewards = rewardsOf(t());
    await rewards.credit(viewer.id, 100, 'spin', 'spin:3:rsvp');
    await rewards.credit(viewer.id, 40, 'quiz', 'event:8');
    await rewards.debit(viewer.id, 60, 'redeem', 'coupon:1');
    const staff = await t().createStaff();
    await rewards.adjust(staff.id, viewer.id, 15, 'Missed check-in on Tuesday', 'form:abc');

    const rows = await download(t(), viewer.tokenvalue);
    expect(rows.map((r) => [r.seq, r.points, r.reason, r.note])).toEqual([
      [1, 100, 'spin', ''],
      [2, 40, 'quiz', ''],
      [3, -60, 'redeem', ''],
      [4, 15, 'adjustment', 'Missed check-in on Tuesday'],
    ]);
    expect(rows[0]?.prev_hash).toBe(GENESIS_HASH);
    expect(JSON.stringify(rows)).not.toContain('created_by');
    const check = await verifyLedger(rows);
    expect(check).toEqual({ ok: true, rows: 4, headHash: rows[3]?.hash });
    // rewarddetails names the same end of the chain, so a copy cut short shows.
    expect((await details(t(), viewer.tokenvalue)).chain).toEqual({ rows: 4, head_hash: rows[3]?.hash });

    const tampered = rows.map((r) => (r.seq === 3 ? { ...r, points: -6 } : r));
    expect(await verifyLedger(tampered)).toEqual({ ok: false, index: 2, seq: 3, problem: 'hash' });
  });

  it('spends the earliest-expiring points first and refuses to spend more than the balance', async () => {
    const viewer = await t().createViewer();
    const rewards = rewardsOf(t());
    t().clock.set(new Date('2026-01-10T18:00:00Z'));
    await rewards.credit(viewer.id, 100, 'checkin', 'event:1'); // expires 2027-01-10
    t().clock.set(new Date('2026-03-10T18:00:00Z'));
    await rewards.credit(viewer.id, 200, 'checkin', 'event:2'); // expires 2027-03-10
    t().clock.set(new Date('2026-06-01T18:00:00Z'));
    await rewards.debit(viewer.id, 150, 'redeem', 'coupon:1');

    await expect(rewards.debit(viewer.id, 151, 'redeem', 'coupon:2')).rejects.toMatchObject({
      httpStatus: 409,
      message: 'You do not have enough points for that.',
    });
    // A repeat of a debit already made answers it, rather than being refused or spending twice.
    expect((await rewards.debit(viewer.id, 150, 'redeem', 'coupon:1')).isNew).toBe(false);

    t().clock.set(new Date('2027-02-01T00:00:00Z'));
    let record = await details(t(), await logIn(t(), viewer));
    // The first 100 were spent, so January 10 took nothing away.
    expect(record).toMatchObject({
      balance: 150,
      next_expiry: { points: 150, expires_at: '2027-03-10T18:00:00.000Z' },
    });
    t().clock.set(new Date('2027-03-10T18:00:00Z'));
    record = await details(t(), await logIn(t(), viewer));
    expect(record).toMatchObject({ balance: 0, next_expiry: null });
    expect(record.ledger.rows).toHaveLength(3);
  });

  it('lets only one of 20 concurrent debits through when the balance covers one', async () => {
    const viewer = await t().createViewer();
    const rewards = rewardsOf(t());
    await rewards.credit(viewer.id, 500, 'contest', 'contest:1');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => rewards.debit(viewer.id, 400, 'redeem', `coupon:${i}`)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((await details(t(), viewer.tokenvalue)).balance).toBe(100);
    expect(await storedRows(t(), viewer.id)).toHaveLength(2);
  });

  it('shows pending points apart until they are settled, and settles them once', async () => {
    const viewer = await t().createViewer();
    const rewards = rewardsOf(t());
    await rewards.credit(viewer.id, 100, 'referral', 'user:77', { pending: true });
    await rewards.credit(viewer.id, 100, 'referral', 'user:77', { pending: true });
    expect(await details(t(), viewer.tokenvalue)).toMatchObject({ balance: 0, pending: 100, next_expiry: null });
    expect(await rewards.settle(viewer.id, 'referral', 'user:99')).toBeNull();

    t().clock.advance(3 * 24 * 60 * 60_000);
    const settled = await rewards.settle(viewer.id, 'referral', 'user:77');
    expect(settled).toMatchObject({ isNew: true, row: { seq: 2, points: 100, state: 'settled' } });
    expect((await rewards.settle(viewer.id, 'referral', 'user:77'))?.isNew).toBe(false);
    expect(await details(t(), viewer.tokenvalue)).toMatchObject({
      balance: 100,
      pending: 0,
      next_expiry: { points: 100, expires_at: '2027-06-18T18:00:00.000Z' },
    });
  });

  it("puts the viewer in a tier by this season's earnings, which spending does not lower", async () => {
    const viewer = await t().createViewer();
    const rewards = rewardsOf(t());
    t().clock.set(new Date('2026-03-31T20:00:00Z')); // 1 p.m. March 31 in Los Angeles: Q1
    await rewards.credit(viewer.id, 900, 'contest', 'contest:1');
    t().clock.set(new Date('2026-04-01T08:00:00Z')); // 1 a.m. April 1 in Los Angeles: Q2
    await rewards.credit(viewer.id, 300, 'guess', 'question:1');
    await rewards.debit(viewer.id, 1000, 'redeem', 'coupon:1');

    const record = await details(t(), viewer.tokenvalue);
    expect(record.balance).toBe(200);
    expect(record.tier).toEqual({
      name: 'Topaz',
      earned: 300,
      season: { label: '2026 Q2', starts_at: '2026-04-01T07:00:00.000Z', ends_at: '2026-07-01T07:00:00.000Z' },
      next: { name: 'Sapphire', threshold: 1000, needed: 700 },
      progress: 50 / 750,
    });
    t().clock.set(new Date('2026-07-01T07:00:00Z'));
    expect((await details(t(), await logIn(t(), viewer))).tier).toMatchObject({ name: 'Quartz', earned: 0 });
  });

  it('lets staff add a correcting row with a reason, once per form key, never below zero', async () => {
    const viewer = await t().createViewer();
    const staff = await t().createStaff();
    const rewards = rewardsOf(t());
    await rewards.credit(viewer.id, 50, 'rsvp', 'event:2');
    const taken = await rewards.adjust(staff.id, viewer.id, -50, '  Credited twice by mistake ', 'form:1');
    expect(taken.row).toMatchObject({ seq: 2, points: -50, reason: 'adjustment', note: 'Credited twice by mistake' });
    expect((await rewards.adjust(staff.id, viewer.id, -50, 'Credited twice by mistake', 'form:1')).isNew).toBe(false);
    await expect(rewards.adjust(staff.id, viewer.id, -1, 'One more', 'form:2')).rejects.toMatchObject({
      httpStatus: 409,
    });
    await expect(rewards.adjust(staff.id, viewer.id, 10, '   ', 'form:3')).rejects.toMatchObject({ httpStatus: 400 });
    await expect(rewards.adjust(staff.id, viewer.id, 0, 'Nothing', 'form:4')).rejects.toMatchObject({
      httpStatus: 400,
    });
    await expect(rewards.adjust(staff.id, 99_999, 10, 'Nobody', 'form:5')).rejects.toMatchObject({ httpStatus: 404 });
    const rows = await storedRows(t(), viewer.id);
    expect(rows.map((r) => [r.points, r.created_by])).toEqual([
      [50, null],
      [-50, staff.id],
    ]);
  });

  it('refuses to change or remove a ledger row in the database itself, except with the account', async () => {
    const viewer = await t().createViewer();
    await rewardsOf(t()).credit(viewer.id, 30, 'checkin', 'event:1');
    await expect(t().db.updateTable('reward_ledger').set({ points: 3000 }).execute()).rejects.toThrow(/append-only/);
    await expect(t().db.deleteFrom('reward_ledger').execute()).rejects.toThrow(/append-only/);
    expect((await storedRows(t(), viewer.id)).map((r) => r.points)).toEqual([30]);
    // Closing an account takes its ledger with it.
    await t().db.deleteFrom('sessions').where('user_id', '=', viewer.id).execute();
    await t().db.deleteFrom('users').where('id', '=', viewer.id).execute();
    expect(await storedRows(t(), viewer.id)).toEqual([]);
  });

  it('answers rewarddetails page by page, newest first, with a cursor', async () => {
    const viewer = await t().createViewer();
    const rewards = rewardsOf(t());
    for (let i = 1; i <= 5; i += 1) await rewards.credit(viewer.id, 10 * i, 'watch', `event:1:part:${i}`);

    const empty = await details(t(), (await t().createViewer()).tokenvalue);
    expect(empty).toMatchObject({ balance: 0, pending: 0, next_expiry: null, ledger: { rows: [], next_cursor: null } });
    expect(empty.chain).toEqual({ rows: 0, head_hash: GENESIS_HASH });

    const first = await details(t(), viewer.tokenvalue, { limit: '2' });
    expect(first.ledger.rows.map((r) => r.seq)).toEqual([5, 4]);
    expect(first.ledger.next_cursor).toBe(4);
    const second = await details(t(), viewer.tokenvalue, { limit: '2', cursor: '4' });
    expect(second.ledger.rows.map((r) => r.seq)).toEqual([3, 2]);
    const last = await details(t(), viewer.tokenvalue, { limit: '2', cursor: String(second.ledger.next_cursor) });
    expect(last.ledger).toMatchObject({ next_cursor: null });
    expect(last.ledger.rows.map((r) => r.seq)).toEqual([1]);
    expect((await details(t(), viewer.tokenvalue)).ledger.rows).toHaveLength(5);
    expect(first).toMatchObject({ balance: 150, tier: { name: 'Quartz', earned: 150 } });
  });

  it('refuses a bad cursor or limit with the 400 envelope, and callers without a valid token with 401', async () => {
    const viewer = await t().createViewer();
    for (const query of [{ cursor: 'abc' }, { cursor: '0' }, { cursor: '-3' }, { cursor: '2.5' }]) {
      const res = await t().get('/api/rewarddetails', { token: viewer.tokenvalue, query });
      expect([res.http, res.body.status, res.body.message], JSON.stringify(query)).toEqual([
        400,
        -1,
        'cursor is the next_cursor of the page before.',
      ]);
    }
    for (const query of [{ limit: '0' }, { limit: '101' }, { limit: 'ten' }]) {
      const res = await t().get('/api/rewarddetails', { token: viewer.tokenvalue, query });
      expect([res.http, res.body.message], JSON.stringify(query)).toEqual([400, 'limit is a number from 1 to 100.']);
    }
    for (const url of ['/api/rewarddetails', '/api/rewardledger_v1']) {
      expect((await t().get(url)).http).toBe(401);
      const res = await t().get(url, { token: 'not-a-real-token' });
      expect([res.http, res.body.status, res.body.data]).toEqual([401, 0, []]);
    }
  });

  it("never shows one viewer another's rows", async () => {
    const alice = await t().createViewer();
    const bob = await t().createViewer();
    await rewardsOf(t()).credit(alice.id, 70, 'birthday', '2026');
    expect(await download(t(), bob.tokenvalue)).toEqual([]);
    expect((await details(t(), bob.tokenvalue)).balance).toBe(0);
    expect((await download(t(), alice.tokenvalue)).map((r) => r.user_id)).toEqual([alice.id]);
  });
});

describe('the ledger repository', () => {
  const serverRoot = path.resolve(import.meta.dirname, '../..');
  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return sourceFiles(full);
      return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
    });

  it('offers no way to change or remove a ledger row, and no server code does either', () => {
    expect(Object.keys(rewardsRepository).filter((name) => /update|delete|remove|edit|set|clear/i.test(name))).toEqual(
      [],
    );
    const offenders = sourceFiles(serverRoot).filter((file) =>
      /(updateTable|deleteFrom)\(\s*'reward_ledger'|(update|delete\s+from)\s+reward_ledger\b/i.test(
        readFileSync(file, 'utf8').replace(/create trigger[\s\S]*?end/gi, ''),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
