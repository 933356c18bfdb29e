// Earning points (decision 056): the staff rules call, and each hook crediting once per (viewer,
// reason, source) however often or however concurrently its event arrives, within the daily cap.
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { EarningRuleRecord, SetEarningRulesRequest } from '../../../shared/contract/reward-rules';
import type { LedgerRow } from '../../../shared/contract/rewards';
import { verifyLedger } from '../../../shared/ledger-chain';
import { DEFAULT_EARNING_RULES, EARNING_RULES } from '../../../shared/rewards';
import { migrate, type Db, type MigrationTables } from '../../db/database';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { countingQueries } from '../../testing/query-counter';
import { closeGiveaways, createGiveaway, enter } from '../giveaways/giveaway-factories';
import { earningRepository } from './earning.repository';
import { createEarningService, startActivityCredits } from './earning.service';
import { createRewardsService } from './rewards.service';

const MINUTE = 60_000;
const RULES = '/api/staff/rewards/rules';

async function putRules(t: TestApp, token: string | null, body: unknown) {
  const res = await t.app.inject({
    method: 'PUT',
    url: RULES,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
  });
  return { http: res.statusCode, body: res.json<{ message: string; data: EarningRuleRecord[] }>() };
}

async function setRule(t: TestApp, rule: SetEarningRulesRequest['rules'][number]) {
  const staff = await t.createStaff();
  const res = await putRules(t, staff.tokenvalue, { rules: [rule] });
  expect(res.http, JSON.stringify(res.body)).toBe(200);
}

const ledgerOf = (t: TestApp, userId: number) =>
  t.db
    .selectFrom('reward_ledger')
    .select(['seq', 'points', 'reason', 'source_id', 'state'])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();

/** A show on air now: started ten minutes ago, ends in fifty. */
const liveShow = (t: TestApp) =>
  t.createEvent({
    type: 'show',
    cust_start: new Date(t.clock.now().getTime() - 10 * MINUTE).toISOString(),
    cust_end: new Date(t.clock.now().getTime() + 50 * MINUTE).toISOString(),
  });

const checkIn = (t: TestApp, token: string, eventId: number) =>
  t.get('/api/iamatlive_v1', { token, query: { eventid: String(eventId), reachby: 'email' } });

const watchStep = (t: TestApp, token: string, eventId: number, step: 'start' | 'heartbeat' | 'stop') =>
  t.get('/api/userlivelog', { token, query: { eventid: String(eventId), watch_stream: step } });

/** Runs migration 016 again through the runner, as on a database that predates it. */
async function rerunMigration016(t: TestApp) {
  await t.db
    .withTables<MigrationTables>()
    .deleteFrom('kysely_migration')
    .where('name', '=', '016-earning-rules')
    .execute();
  await migrate({ db: t.db, dialect: t.engine, close: async () => undefined });
}

describeEachEngine('earning rules', (t) => {
  it('lets staff read the rules and change them, logging each change; viewers get 403 and visitors 401', async () => {
    const staff = await t().createStaff();
    const listed = await t().get<EarningRuleRecord>(RULES, { token: staff.tokenvalue });
    expect(listed.http).toBe(200);
    expect(listed.body.data.map((r) => r.rule).sort()).toEqual([...EARNING_RULES].sort());
    expect(listed.body.data.find((r) => r.rule === 'watch')).toMatchObject({
      points: DEFAULT_EARNING_RULES.watch.points,
      show_cap: 60,
      enabled: true,
    });

    const changed = await putRules(t(), staff.tokenvalue, {
      rules: [
        { rule: 'rsvp', points: 15, daily_cap: null, show_cap: null, enabled: true },
        { rule: 'quiz', points: 50, daily_cap: null, show_cap: null, enabled: false },
      ],
    });
    expect(changed.http).toBe(200);
    expect(changed.body.message).toBe('Earning rules saved.');
    expect(changed.body.data.find((r) => r.rule === 'rsvp')).toMatchObject({ points: 15, daily_cap: null });
    expect(changed.body.data.find((r) => r.rule === 'quiz')).toMatchObject({ enabled: false });
    const log = await t().db.selectFrom('reward_rule_changes').selectAll().orderBy('id').execute();
    expect(log.map((l) => [l.rule, l.staff_id, JSON.parse(l.before), JSON.parse(l.after)])).toEqual([
      [
        'rsvp',
        staff.id,
        { points: 10, daily_cap: 50, show_cap: null, enabled: true },
        { points: 15, daily_cap: null, show_cap: null, enabled: true },
      ],
      [
        'quiz',
        staff.id,
        { points: 50, daily_cap: null, show_cap: null, enabled: true },
        { points: 50, daily_cap: null, show_cap: null, enabled: false },
      ],
    ]);

    const viewer = await t().createViewer();
    const body = { rules: [{ rule: 'rsvp', points: 1, daily_cap: null, show_cap: null, enabled: true }] };
    expect((await t().get(RULES, { token: viewer.tokenvalue })).http).toBe(403);
    expect((await putRules(t(), viewer.tokenvalue, body)).http).toBe(403);
    expect((await t().get(RULES)).http).toBe(401);
    expect((await putRules(t(), null, body)).http).toBe(401);
  });

  it('refuses bad rules with the 400 envelope and changes nothing', async () => {
    const staff = await t().createStaff();
    const before = await t().db.selectFrom('reward_rules').selectAll().orderBy('rule').execute();
    const rule = { rule: 'rsvp', points: 10, daily_cap: null, show_cap: null, enabled: true };
    for (const [body, message] of [
      [{ rules: [{ ...rule, points: 0 }] }, 'points is a whole number from 1 to 10,000.'],
      [{ rules: [{ ...rule, points: 2.5 }] }, 'points is a whole number from 1 to 10,000.'],
      [{ rules: [{ ...rule, daily_cap: -5 }] }, 'A cap is empty or a whole number from 1 to 100,000.'],
      [{ rules: [{ ...rule, show_cap: 60 }] }, 'Only watch time has a cap per show.'],
      [{ rules: [rule, rule] }, 'Send each rule once.'],
      [{ rules: [{ ...rule, rule: 'spin' }] }, `rule is one of ${EARNING_RULES.join(', ')}.`],
      [{ rules: [] }, 'Send at least one rule.'],
    ] as const) {
      const res = await putRules(t(), staff.tokenvalue, body);
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await t().db.selectFrom('reward_rules').selectAll().orderBy('rule').execute()).toEqual(before);
    expect(await t().db.selectFrom('reward_rule_changes').selectAll().execute()).toEqual([]);
  });
});

describeEachEngine('earning hooks', (t) => {
  it('credits an RSVP once, even when it is sent five times at once', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent({ type: 'show' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue })),
    );
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await ledgerOf(t(), viewer.id)).toEqual([
      { seq: 1, points: 10, reason: 'rsvp', source_id: `event:${show.id}`, state: 'settled' },
    ]);
  });

  it('keeps concurrent RSVPs within the daily cap, and starts afresh the next Los Angeles day', async () => {
    await setRule(t(), { rule: 'rsvp', points: 20, daily_cap: 50, show_cap: null, enabled: true });
    const viewer = await t().createViewer();
    const shows = await Promise.all(Array.from({ length: 4 }, () => t().createEvent({ type: 'show' })));
    await Promise.all(
      shows.map((show) => t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue })),
    );
    const today = await ledgerOf(t(), viewer.id);
    expect(today.reduce((sum, row) => sum + row.points, 0)).toBe(50);
    expect(today.map((row) => row.points).sort()).toEqual([10, 20, 20]);

    t().clock.advance(24 * 60 * MINUTE);
    const tomorrow = await t().createEvent({ type: 'show' });
    await t().post('/api/rsvpdata_v1', { eventid: tomorrow.id }, { token: viewer.tokenvalue });
    expect((await ledgerOf(t(), viewer.id)).at(-1)).toMatchObject({ points: 20, source_id: `event:${tomorrow.id}` });
  });

  it('uses a staff change from the next credit on, and another process’s change within seconds', async () => {
    const viewer = await t().createViewer();
    const shows = await Promise.all(Array.from({ length: 4 }, () => t().createEvent({ type: 'show' })));
    const rsvp = (index: number) =>
      t().post('/api/rsvpdata_v1', { eventid: shows[index]!.id }, { token: viewer.tokenvalue });
    expect((await rsvp(0)).http).toBe(200);
    // The PUT clears this process's rules at once: no wait before the next credit.
    await setRule(t(), { rule: 'rsvp', points: 40, daily_cap: null, show_cap: null, enabled: true });
    expect((await rsvp(1)).http).toBe(200);
    // A change that did not pass through this process (another server's PUT) is seen within seconds.
    await t().db.updateTable('reward_rules').set({ points: 7 }).where('rule', '=', 'rsvp').execute();
    expect((await rsvp(2)).http).toBe(200);
    t().clock.advance(6000);
    expect((await rsvp(3)).http).toBe(200);
    expect((await ledgerOf(t(), viewer.id)).map((row) => row.points)).toEqual([10, 40, 40, 7]);
  });

  it('credits nothing for a rule staff switched off', async () => {
    await setRule(t(), { rule: 'rsvp', points: 10, daily_cap: null, show_cap: null, enabled: false });
    const viewer = await t().createViewer();
    const show = await t().createEvent({ type: 'show' });
    expect((await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue })).http).toBe(200);
    expect(await ledgerOf(t(), viewer.id)).toEqual([]);
  });

  it("credits a live check-in once per show, off the check-in's path, however often it is repeated or run", async () => {
    const viewer = await t().createViewer();
    const show = await liveShow(t());
    const answers = await Promise.all(Array.from({ length: 4 }, () => checkIn(t(), viewer.tokenvalue, show.id)));
    expect(answers.every((a) => a.http === 200)).toBe(true);
    await checkIn(t(), viewer.tokenvalue, show.id);
    // The answer does not wait for the points: the check-in credits' run writes them.
    expect(await ledgerOf(t(), viewer.id)).toEqual([]);
    const earning = createEarningService(t().app.ctx);
    // Two processes at once, and one that starts over after a crash, credit it once.
    const start = { created_at: '', event_id: 0, user_id: 0 };
    const [lastA, lastB] = await Promise.all([earning.creditCheckInsAfter(start), earning.creditCheckInsAfter(start)]);
    expect(lastA).toEqual(lastB);
    expect(lastA).toMatchObject({ event_id: show.id, user_id: viewer.id });
    expect(await earning.creditCheckInsAfter(start)).toEqual(lastA);
    expect(await earning.creditCheckInsAfter(lastA)).toEqual(lastA);
    expect(await ledgerOf(t(), viewer.id)).toEqual([
      { seq: 1, points: 25, reason: 'checkin', source_id: `event:${show.id}`, state: 'settled' },
    ]);
  });

  it("credits one viewer's check-ins at four shows up to the day's cap, and each of many viewers once", async () => {
    const busy = await t().createViewer();
    const others = await Promise.all(Array.from({ length: 24 }, () => t().createViewer()));
    const shows = [];
    for (let i = 0; i < 4; i += 1) shows.push(await liveShow(t()));
    for (const show of shows) expect((await checkIn(t(), busy.tokenvalue, show.id)).http).toBe(200);
    for (const viewer of others) expect((await checkIn(t(), viewer.tokenvalue, shows[0]!.id)).http).toBe(200);
    const counter = countingQueries(t().db);
    const earning = createEarningService({ ...t().app.ctx, db: counter.db });
    await earning.creditCheckInsAfter({ created_at: '', event_id: 0, user_id: 0 });
    // The run's end and its page, then two groups of check-ins (20 and 8) with the rule read once:
    // each locks its viewers' heads and writes those missing, reads their day's check-in credits,
    // and writes its credits and moves their heads, a statement each (decision 117).
    expect(counter.take()).toBe(2 + 1 + 2 * 5);
    // The rule gives 25 a check-in, 75 a day at most: the fourth show earns nothing today.
    const busyRows = await ledgerOf(t(), busy.id);
    expect(busyRows.map((row) => row.points)).toEqual([25, 25, 25]);
    expect(new Set(busyRows.map((row) => row.source_id)).size).toBe(3);
    for (const viewer of others)
      expect(await ledgerOf(t(), viewer.id)).toEqual([
        { seq: 1, points: 25, reason: 'checkin', source_id: `event:${shows[0]!.id}`, state: 'settled' },
      ]);
    const ledger = await t().get<LedgerRow>('/api/rewardledger_v1', { token: busy.tokenvalue });
    expect(await verifyLedger(ledger.body.data)).toMatchObject({ ok: true, rows: 3 });
  });

  it('credits a group of check-ins when PostgreSQL breaks a deadlock between it and another transaction by ending it', async (test) => {
    // SQLite takes one writer at a time: the two sides below cannot both hold a head there.
    if (t().engine !== 'postgres') test.skip();
    const [first, second] = [await t().createViewer(), await t().createViewer()];
    const show = await liveShow(t());
    // Each viewer has a head row: an earlier credit wrote it.
    const rewards = createRewardsService(t().app.ctx);
    for (const viewer of [first, second]) await rewards.credit(viewer.id, 5, 'contest', 'contest:1');
    for (const viewer of [first, second]) expect((await checkIn(t(), viewer.tokenvalue, show.id)).http).toBe(200);
    const lockHead = (db: Db, userId: number) =>
      sql`update reward_ledger_heads set seq = seq where user_id = ${userId}`.execute(db);

    // Another transaction holds the second viewer's head, waits until the run's group (which takes
    // the heads in viewer order) waits for it, then asks for the first's, which the group holds.
    // Its own deadlock check comes late, so the group's finds the cycle and PostgreSQL ends the
    // group; on a machine too busy for that, PostgreSQL ends this one, and the credits stand either way.
    let holdsSecond = () => {};
    const secondHeld = new Promise<void>((resolve) => (holdsSecond = resolve));
    const other = t()
      .db.transaction()
      .execute(async (trx) => {
        await sql`set local deadlock_timeout = '5s'`.execute(trx);
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await lockHead(trx, second.id);
        holdsSecond();
        await vi.waitFor(
          async () => {
            const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where ${rows[0]!.pid}::int = any(pg_blocking_pids(pid))`.execute(t().db);
            if (waiting.rows[0]!.n === 0) throw new Error('the group is not waiting yet');
          },
          { timeout: 10_000, interval: 20 },
        );
        await lockHead(trx, first.id);
      })
      .catch(() => undefined);
    await secondHeld;
    const earning = createEarningService(t().app.ctx);
    await earning.creditCheckInsAfter({ created_at: '', event_id: 0, user_id: 0 });
    await other;
    for (const viewer of [first, second])
      expect(await ledgerOf(t(), viewer.id)).toEqual([
        { seq: 1, points: 5, reason: 'contest', source_id: 'contest:1', state: 'settled' },
        { seq: 2, points: 25, reason: 'checkin', source_id: `event:${show.id}`, state: 'settled' },
      ]);
  });

  it("holds a referral's points pending until the friend's first check-in, then settles them once", async () => {
    const inviter = await t().createViewer();
    const code = (
      await t().db.selectFrom('users').select('my_invite_code').where('id', '=', inviter.id).executeTakeFirstOrThrow()
    ).my_invite_code;
    const friend = await t().createViewer({ invitedCode: code });
    expect(await ledgerOf(t(), inviter.id)).toEqual([
      { seq: 1, points: 100, reason: 'referral', source_id: `user:${friend.id}`, state: 'pending' },
    ]);

    const earning = createEarningService(t().app.ctx);
    const start = { created_at: '', event_id: 0, user_id: 0 };
    const first = await liveShow(t());
    await Promise.all([checkIn(t(), friend.tokenvalue, first.id), checkIn(t(), friend.tokenvalue, first.id)]);
    await Promise.all([earning.creditCheckInsAfter(start), earning.creditCheckInsAfter(start)]);
    const second = await liveShow(t());
    await checkIn(t(), friend.tokenvalue, second.id);
    await earning.creditCheckInsAfter(start);
    expect(await ledgerOf(t(), inviter.id)).toEqual([
      { seq: 1, points: 100, reason: 'referral', source_id: `user:${friend.id}`, state: 'pending' },
      { seq: 2, points: 100, reason: 'referral', source_id: `user:${friend.id}`, state: 'settled' },
    ]);
    const details = await t().get<{ balance: number; pending: number }>('/api/rewarddetails', {
      token: inviter.tokenvalue,
    });
    expect(details.body.data[0]).toMatchObject({ balance: 100, pending: 0 });
    // A viewer who came without an invite code earns nobody a referral.
    const loner = await t().createViewer();
    await checkIn(t(), loner.tokenvalue, second.id);
    await earning.creditCheckInsAfter(start);
    expect(
      await t().db.selectFrom('reward_ledger').select('id').where('reason', '=', 'referral').execute(),
    ).toHaveLength(2);
  });

  it("credits a giveaway entry once per giveaway, off the entry's path, not per repeat, bonus entry or run", async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const answers = await Promise.all(Array.from({ length: 3 }, () => enter(t(), viewer.tokenvalue, giveaway.id)));
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409, 409]);
    const bonus = await t().post(
      '/api/socialgiveawayentries',
      { eventid: giveaway.id },
      { token: viewer.tokenvalue, query: { clickType: 'facebook' } },
    );
    expect(bonus.http).toBe(200);
    // The answer does not wait for the points: the entry credits' run writes them.
    expect(await ledgerOf(t(), viewer.id)).toEqual([]);
    const earning = createEarningService(t().app.ctx);
    // Two processes at once, and a process that starts over after a crash (from 0), credit it once.
    const [lastA, lastB] = await Promise.all([earning.creditEntriesAfter(0), earning.creditEntriesAfter(0)]);
    expect(lastA).toBe(lastB);
    expect(lastA).toBeGreaterThan(0);
    expect(await earning.creditEntriesAfter(0)).toBe(lastA);
    expect(await earning.creditEntriesAfter(lastA)).toBe(lastA);
    expect(await ledgerOf(t(), viewer.id)).toEqual([
      { seq: 1, points: 5, reason: 'giveaway_entry', source_id: `giveaway:${giveaway.id}`, state: 'settled' },
    ]);
  });

  it('passes over credited entries and check-ins after a restart, opening a transaction only for a credit owed', async () => {
    const staff = await t().createStaff();
    const show = await liveShow(t());
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    for (let i = 0; i < 3; i += 1) {
      const viewer = await t().createViewer();
      expect((await enter(t(), viewer.tokenvalue, giveaway.id)).http).toBe(200);
      expect((await checkIn(t(), viewer.tokenvalue, show.id)).http).toBe(200);
    }
    const earning = createEarningService(t().app.ctx);
    const start = { created_at: '', event_id: 0, user_id: 0 };
    await earning.creditEntriesAfter(0);
    await earning.creditCheckInsAfter(start);
    const late = await t().createViewer();
    expect((await enter(t(), late.tokenvalue, giveaway.id)).http).toBe(200);

    // A process that starts after a crash goes over the day again: one credit is owed, one transaction.
    const transactions = vi.spyOn(t().app.ctx.db, 'transaction');
    try {
      const lastEntry = await earning.creditEntriesAfter(0);
      const lastCheckIn = await earning.creditCheckInsAfter(start);
      expect(transactions).toHaveBeenCalledTimes(1);
      expect(await earning.creditEntriesAfter(lastEntry)).toBe(lastEntry);
      expect(await earning.creditCheckInsAfter(lastCheckIn)).toEqual(lastCheckIn);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
    expect(await ledgerOf(t(), late.id)).toEqual([
      { seq: 1, points: 5, reason: 'giveaway_entry', source_id: `giveaway:${giveaway.id}`, state: 'settled' },
    ]);
  });

  it('goes on after a restart from where the credits runs got to, not over the day again', async () => {
    await setRule(t(), { rule: 'giveaway_entry', points: 5, daily_cap: 5, show_cap: null, enabled: true });
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaways = [];
    for (let i = 0; i < 3; i += 1) {
      const giveaway = await createGiveaway(t(), staff.tokenvalue);
      expect((await enter(t(), viewer.tokenvalue, giveaway.id)).http).toBe(200);
      giveaways.push(giveaway);
    }
    const lastEntryId = async () =>
      (await t().db.selectFrom('giveaway_entries').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    /** Where the next credits run (of any process) starts, as kept in the database. */
    const keptFrom = async () => {
      const row = await t().db.selectFrom('activity_credit_marks').select('marks').executeTakeFirst();
      return row ? (JSON.parse(row.marks) as { from: { entry: number } }).from.entry : null;
    };
    const errors: object[] = [];
    const log = { error: (obj: object) => errors.push(obj) };

    // The first process credits one entry (the daily cap refuses the other two); its second run
    // looks at them again, and keeps that the next run starts after them.
    const stopFirst = startActivityCredits(t().app.ctx, log, 20);
    const upto = await lastEntryId();
    await vi.waitFor(async () => expect(await keptFrom()).toBe(upto), { timeout: 10_000, interval: 20 });
    await stopFirst();
    expect((await ledgerOf(t(), viewer.id)).map((row) => row.source_id)).toEqual([`giveaway:${giveaways[0]!.id}`]);

    // A restart looks only at what came after: the refused entries cost it nothing; a new one is credited.
    const other = await t().createViewer();
    expect((await enter(t(), other.tokenvalue, giveaways[2]!.id)).http).toBe(200);
    const transactions = vi.spyOn(t().app.ctx.db, 'transaction');
    try {
      const stopSecond = startActivityCredits(t().app.ctx, log, 60_000);
      await stopSecond();
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
    expect((await ledgerOf(t(), other.id)).map((row) => row.source_id)).toEqual([`giveaway:${giveaways[2]!.id}`]);
    expect((await ledgerOf(t(), viewer.id)).length).toBe(1);
    expect(errors).toEqual([]);
  });

  it('keeps its marks again only when a run moved them', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    expect((await enter(t(), viewer.tokenvalue, giveaway.id)).http).toBe(200);
    const kept = vi.spyOn(earningRepository, 'keepActivityMarks');
    const stop = startActivityCredits(t().app.ctx, { error: () => undefined }, 20);
    try {
      // The first run moves the next mark to the entry, the second the start: two writes.
      await vi.waitFor(() => expect(kept).toHaveBeenCalledTimes(2), { timeout: 10_000, interval: 20 });
      // Quiet runs after that write nothing.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(kept).toHaveBeenCalledTimes(2);
      const other = await t().createViewer();
      expect((await enter(t(), other.tokenvalue, giveaway.id)).http).toBe(200);
      await vi.waitFor(() => expect(kept).toHaveBeenCalledTimes(4), { timeout: 10_000, interval: 20 });
    } finally {
      await stop();
      kept.mockRestore();
    }
  });

  it('leaves the credits run to the process that took its turn a moment ago (decision 118)', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    expect((await enter(t(), viewer.tokenvalue, giveaway.id)).http).toBe(200);
    // Two processes over one database, each with its own service.
    const first = createEarningService(t().app.ctx);
    const second = createEarningService(t().app.ctx);
    const turnAt = async () =>
      (await t().db.selectFrom('activity_credit_marks').select('turn_at').executeTakeFirst())?.turn_at;

    // Before any run kept its marks there is no turn to take: each process runs from the start.
    const start = await first.activityTurn(MINUTE);
    expect(start).not.toBeNull();
    expect(await second.activityTurn(MINUTE)).toEqual(start);
    const upto = await first.creditEntriesAfter(start!.from.entry);
    await first.keepActivityMarks({ from: start!.next, next: { ...start!.next, entry: upto } });
    expect(await turnAt()).toBe('');

    // The first to ask takes the turn and runs from the kept marks; the other passes while it is recent.
    const taken = await first.activityTurn(MINUTE);
    expect(taken?.next.entry).toBe(upto);
    expect(Date.parse((await turnAt()) ?? '')).toBeGreaterThan(Date.now() - MINUTE);
    const takenAt = await turnAt();
    expect(await second.activityTurn(MINUTE)).toBeNull();
    expect(await first.activityTurn(MINUTE)).toBeNull();
    // A starting process runs whatever, and leaves the turn where it was.
    expect(await second.activityTurn(MINUTE, true)).toEqual(taken);
    expect(await turnAt()).toBe(takenAt);

    // A turn older than the interval's share is anyone's; a process that read it before another took it loses.
    expect(await earningRepository.takeActivityTurn(t().db, 'not what is kept', new Date().toISOString())).toBe(false);
    expect(await turnAt()).toBe(takenAt);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await second.activityTurn(20)).toEqual(taken);
    expect(await turnAt()).not.toBe(takenAt);
    expect(await first.activityTurn(20)).toBeNull();
  });

  it('lets staff draw while entry credits are being written', async () => {
    const staff = await t().createStaff();
    const earning = createEarningService(t().app.ctx);
    const viewers = [];
    for (let i = 0; i < 4; i += 1) viewers.push(await t().createViewer());
    for (let round = 0; round < 3; round += 1) {
      const giveaway = await createGiveaway(t(), staff.tokenvalue);
      await Promise.all(viewers.map((viewer) => enter(t(), viewer.tokenvalue, giveaway.id)));
      await closeGiveaways(t());
      const [draw] = await Promise.all([
        t().post(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, { token: staff.tokenvalue }),
        earning.creditEntriesAfter(0),
        earning.creditEntriesAfter(0),
      ]);
      expect(draw.http, JSON.stringify(draw.body)).toBe(200);
    }
    expect((await ledgerOf(t(), viewers[0]!.id)).map((row) => row.reason)).toEqual([
      'giveaway_entry',
      'giveaway_entry',
      'giveaway_entry',
    ]);
  });

  it('credits a spin prize in the ledger once, and copies old reward_points spins across once', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent({ type: 'show' });
    const other = await t().createEvent({ type: 'show' });
    await t()
      .db.insertInto('reward_points')
      .values([
        {
          user_id: viewer.id,
          points: 30,
          reason: 'Spin to win: 30 points',
          source: `spin:rsvp:${show.id}:${viewer.id}`,
          created_at: '2026-01-10T18:00:00.000Z',
        },
        {
          user_id: viewer.id,
          points: 20,
          reason: 'Spin to win: 20 points',
          source: `spin:giveaway:${other.id}:${viewer.id}`,
          created_at: '2026-02-10T18:00:00.000Z',
        },
      ])
      .execute();
    // A spin already credited the new way is not credited again by the copy.
    await createRewardsService(t().app.ctx).credit(viewer.id, 30, 'spin', `spin:${show.id}:rsvp`);
    // Running the migration again leaves a rule staff changed as they set it.
    await setRule(t(), { rule: 'rsvp', points: 15, daily_cap: null, show_cap: null, enabled: true });

    await rerunMigration016(t());
    await rerunMigration016(t());
    const rows = await t()
      .db.selectFrom('reward_ledger')
      .selectAll()
      .where('user_id', '=', viewer.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => [r.seq, r.points, r.reason, r.source_id, r.created_at, r.expires_at])).toEqual([
      [1, 30, 'spin', `spin:${show.id}:rsvp`, t().clock.now().toISOString(), '2027-06-15T18:00:00.000Z'],
      [2, 20, 'spin', `spin:${other.id}:giveaway`, '2026-02-10T18:00:00.000Z', '2027-02-10T18:00:00.000Z'],
    ]);
    expect((await verifyLedger(rows)).ok).toBe(true);
    expect(
      await t().db.selectFrom('reward_rules').select(['points', 'daily_cap']).where('rule', '=', 'rsvp').execute(),
    ).toEqual([{ points: 15, daily_cap: null }]);
  });

  it('credits watch points from the server-seen minutes when staff end the show, once, capped per show', async () => {
    const staff = await t().createStaff();
    const steady = await t().createViewer();
    const claimer = await t().createViewer();
    const marathon = await t().createViewer();
    const show = await liveShow(t());
    for (const viewer of [steady, claimer, marathon]) await watchStep(t(), viewer.tokenvalue, show.id, 'start');
    // steady and marathon beat every minute for 25 minutes; claimer vanishes and comes back once at
    // the end: the gap counts as 90 seconds at most, whatever the browser says it watched.
    for (let minute = 1; minute <= 25; minute += 1) {
      t().clock.advance(MINUTE);
      await watchStep(t(), steady.tokenvalue, show.id, 'heartbeat');
      await watchStep(t(), marathon.tokenvalue, show.id, 'heartbeat');
    }
    await t().get('/api/userlivelog', {
      token: claimer.tokenvalue,
      query: { eventid: String(show.id), watch_stream: 'heartbeat', seconds: '1500', watched_seconds: '1500' },
    });
    // Staff raise the rate and lower the cap; what counts is the rule when the show is credited.
    // marathon's 49 minutes are 4 blocks of 10, 60 points at 15 a block, held to the cap of 45.
    await setRule(t(), { rule: 'watch', points: 15, daily_cap: null, show_cap: 45, enabled: true });
    for (let minute = 1; minute <= 24; minute += 1) {
      t().clock.advance(MINUTE);
      await watchStep(t(), marathon.tokenvalue, show.id, 'heartbeat');
    }

    const ended = await t().post(`/api/staff/events/${show.id}/end`, {}, { token: staff.tokenvalue });
    expect(ended.http, JSON.stringify(ended.body)).toBe(200);
    expect(await ledgerOf(t(), steady.id)).toEqual([
      { seq: 1, points: 30, reason: 'watch', source_id: `watch:event:${show.id}`, state: 'settled' },
    ]);
    expect(await ledgerOf(t(), claimer.id)).toEqual([]);
    expect(await ledgerOf(t(), marathon.id)).toEqual([
      { seq: 1, points: 45, reason: 'watch', source_id: `watch:event:${show.id}`, state: 'settled' },
    ]);

    // The housekeeping pass and a second end credit nothing more.
    expect(await createEarningService(t().app.ctx).creditEndedShows()).toBe(0);
    expect(await createEarningService(t().app.ctx).creditWatch(show.id)).toBe(0);
    expect(await t().db.selectFrom('reward_ledger').select('id').where('reason', '=', 'watch').execute()).toHaveLength(
      2,
    );
  });

  it('credits watch points in the housekeeping pass for a show that ended without staff pressing end', async () => {
    const viewer = await t().createViewer();
    const show = await liveShow(t());
    await watchStep(t(), viewer.tokenvalue, show.id, 'start');
    for (let minute = 1; minute <= 12; minute += 1) {
      t().clock.advance(MINUTE);
      await watchStep(t(), viewer.tokenvalue, show.id, 'heartbeat');
    }
    const earning = createEarningService(t().app.ctx);
    expect(await earning.creditEndedShows()).toBe(0);
    t().clock.advance(60 * MINUTE);
    const passes = await Promise.all([
      earning.creditEndedShows(),
      createEarningService(t().app.ctx).creditEndedShows(),
    ]);
    expect(passes.sort()).toEqual([0, 1]);
    expect(await ledgerOf(t(), viewer.id)).toEqual([
      { seq: 1, points: 5, reason: 'watch', source_id: `watch:event:${show.id}`, state: 'settled' },
    ]);
  });
});
