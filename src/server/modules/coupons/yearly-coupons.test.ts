import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { RewardDetails } from '../../../shared/contract/rewards';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { sharedDatabase } from '../../testing/shared-database';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { BLANK_PROFILE } from '../auth/auth.repository';
import { issueYearlyCoupons } from './yearly-coupons';

/** Noon in Los Angeles on a day (PDT or PST does not matter at noon for the day). */
const laNoon = (day: string) => new Date(`${day}T20:00:00Z`);

const setDates = (t: TestApp, userId: number, dates: { birthday?: string | null; anniversary?: string | null }) =>
  t.db.updateTable('users').set(dates).where('id', '=', userId).execute();

const couponsOf = (db: Db) => db.selectFrom('coupons').selectAll().orderBy('id').execute();

/** The yearly rules' ledger rows, as (viewer, reason, source, points). */
const yearlyCredits = async (db: Db) =>
  (
    await db
      .selectFrom('reward_ledger')
      .select(['user_id', 'reason', 'source_id', 'points', 'state'])
      .where('reason', 'in', ['birthday', 'anniversary'])
      .orderBy('user_id')
      .orderBy('seq')
      .execute()
  ).map((r) => [r.user_id, r.reason, r.source_id, r.points, r.state]);

const childScript = path.resolve(import.meta.dirname, '../../testing/yearly-coupons-process.ts');

/** Runs the job in a separate Node process; answers how many coupons it issued. */
function jobInProcess(target: string, schema: string, clockAt: Date, startAt: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', childScript, target, schema, clockAt.toISOString(), String(startAt)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`job process failed: ${err}`))));
  });
}

async function insertViewer(db: Db, n: number, birthday: string | null, anniversary: string | null) {
  const at = '2020-01-01T00:00:00.000Z';
  return db
    .insertInto('users')
    .values({
      email: `yearly${n}@example.com`,
      phone: `+1555020${String(1000 + n).slice(-4)}`,
      ...BLANK_PROFILE,
      password_hash: null,
      first_name: 'Yearly',
      last_name: `Viewer${n}`,
      birthday,
      anniversary,
      isactive: 1,
      is_staff: 0,
      my_invite_code: `YEARLY${n}`,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describeEachEngine('birthday and anniversary coupons', (t) => {
  it('issues each coupon exactly once when two server processes run the job at the same time', async () => {
    const shared = await sharedDatabase(t().engine, 'yearly');
    try {
      const { db } = shared.handle;
      for (let n = 1; n <= 12; n += 1) await insertViewer(db, n, '1990-06-13', n % 2 ? '2015-06-15' : null);
      await insertViewer(db, 99, '1990-08-13', null); // not this week
      const startAt = Date.now() + 2500;
      const counts = await Promise.all([
        jobInProcess(shared.target, shared.schema, laNoon('2026-06-15'), startAt),
        jobInProcess(shared.target, shared.schema, laNoon('2026-06-15'), startAt),
      ]);
      // 12 birthdays and 6 anniversaries, whichever process issued each.
      expect(counts.reduce((a, b) => a + b, 0)).toBe(18);
      const coupons = await couponsOf(db);
      expect(coupons.filter((c) => c.origin === 'birthday')).toHaveLength(12);
      expect(coupons.filter((c) => c.origin === 'anniversary')).toHaveLength(6);
      expect(new Set(coupons.map((c) => `${c.user_id}:${c.origin}`)).size).toBe(18);
      const claims = await db.selectFrom('coupon_yearly_claims').selectAll().execute();
      expect(claims).toHaveLength(18);
      expect(claims.every((c) => c.year === 2026 && c.coupon_id !== null)).toBe(true);
      // Each gift's points, once, whichever process claimed it.
      const credits = await yearlyCredits(db);
      expect(credits.filter((c) => c[1] === 'birthday')).toHaveLength(12);
      expect(credits.filter((c) => c[1] === 'anniversary')).toHaveLength(6);
      expect(credits.every((c) => c[2] === 'year:2026' && c[3] === 200 && c[4] === 'settled')).toBe(true);
      expect(new Set(credits.map((c) => `${c[0]}:${c[1]}`)).size).toBe(18);
      // Later in the week, and after a restart, nothing more.
      const ctx: Pick<AppContext, 'db' | 'clock' | 'random' | 'config' | 'dialect'> = { ...t().app.ctx, db };
      t().clock.set(laNoon('2026-06-19'));
      expect(await issueYearlyCoupons(ctx)).toBe(0);
      expect(await couponsOf(db)).toHaveLength(18);
      expect(await yearlyCredits(db)).toHaveLength(18);
    } finally {
      await shared.close();
    }
    // Two child processes that load the server's code: slow on a busy machine.
  }, 60_000);

  it('gives a birthday coupon for show jewelry only, valid two weeks, in the birthday week and not outside it', async () => {
    const viewer = await t().createViewer();
    await setDates(t(), viewer.id, { birthday: '1988-07-01' });
    t().clock.set(laNoon('2026-06-30'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(0);
    t().clock.set(new Date('2026-07-01T07:30:00Z')); // 00:30 on July 1 in Los Angeles
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(1);
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(0);

    const res = await t().get<RewardDetails>('/api/rewarddetails', { token: viewer.tokenvalue });
    expect(res.body.data[0]?.coupons).toMatchObject([
      {
        origin: 'birthday',
        kind: 'percent_off',
        value: 15,
        applies_to: 'show_jewelry',
        points_cost: 0,
        state: 'active',
        expires_at: '2026-07-15T07:30:00.000Z',
        rules: [
          '15% off.',
          'Valid until Jul 15, 2026, 12:30 AM PDT.',
          'No minimum purchase.',
          'For show jewelry only: not auctions or loose gems.',
          'Cannot be combined with other coupons.',
        ],
      },
    ]);
    // A week later is past the birthday week; next year's week gives the next one.
    const other = await t().createViewer();
    await setDates(t(), other.id, { birthday: '1988-07-01' });
    t().clock.set(laNoon('2026-07-08'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(0);
    t().clock.set(laNoon('2027-07-03'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(2);
  });

  it('gives a Feb 29 birthday its coupon in the Feb 28 week of a year without Feb 29, and on Feb 29 in a leap year', async () => {
    const viewer = await t().createViewer();
    await setDates(t(), viewer.id, { birthday: '2000-02-29' });
    const fixed = await t().createViewer();
    await setDates(t(), fixed.id, { birthday: '1999-02-28' });
    t().clock.set(laNoon('2027-02-27'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(0);
    t().clock.set(laNoon('2027-02-28'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(2);
    t().clock.set(laNoon('2027-03-05'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(0);
    const claims = await t().db.selectFrom('coupon_yearly_claims').selectAll().orderBy('user_id').execute();
    expect(claims.map((c) => [c.user_id, c.kind, c.year])).toEqual([
      [viewer.id, 'birthday', 2027],
      [fixed.id, 'birthday', 2027],
    ]);
    expect(await yearlyCredits(t().db)).toEqual([
      [viewer.id, 'birthday', 'year:2027', 200, 'settled'],
      [fixed.id, 'birthday', 'year:2027', 200, 'settled'],
    ]);
    // 2028 has a Feb 29: the leap-day viewer waits for it, the Feb 28 viewer does not.
    t().clock.set(laNoon('2028-02-28'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(1);
    t().clock.set(laNoon('2028-02-29'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(1);
    expect(await yearlyCredits(t().db)).toEqual([
      [viewer.id, 'birthday', 'year:2027', 200, 'settled'],
      [viewer.id, 'birthday', 'year:2028', 200, 'settled'],
      [fixed.id, 'birthday', 'year:2027', 200, 'settled'],
      [fixed.id, 'birthday', 'year:2028', 200, 'settled'],
    ]);
  });

  it('counts a week that runs into January as the year it began, and skips inactive viewers', async () => {
    const viewer = await t().createViewer();
    await setDates(t(), viewer.id, { anniversary: '2010-12-29' });
    const gone = await t().createViewer();
    await setDates(t(), gone.id, { anniversary: '2010-12-29' });
    await t().db.updateTable('users').set({ isactive: 0 }).where('id', '=', gone.id).execute();
    t().clock.set(laNoon('2027-01-02'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(1);
    t().clock.set(laNoon('2027-12-29'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(1);
    const claims = await t().db.selectFrom('coupon_yearly_claims').selectAll().orderBy('year').execute();
    expect(claims.map((c) => [c.user_id, c.kind, c.year])).toEqual([
      [viewer.id, 'anniversary', 2026],
      [viewer.id, 'anniversary', 2027],
    ]);
    const coupons = await couponsOf(t().db);
    expect(coupons.map((c) => [c.origin, c.kind, c.value, c.applies_to])).toEqual([
      ['anniversary', 'amount_off', 1000, 'all'],
      ['anniversary', 'amount_off', 1000, 'all'],
    ]);
    const trail = await t().db.selectFrom('coupon_events').selectAll().execute();
    expect(trail.map((e) => [e.action, e.actor_name, e.detail])).toEqual([
      ['issued', 'system', 'Yearly anniversary gift'],
      ['issued', 'system', 'Yearly anniversary gift'],
    ]);
  });

  it('still issues the coupon when staff turned a rule off, crediting only the rule that is on', async () => {
    const staff = await t().createStaff();
    const off = await t().app.inject({
      method: 'PUT',
      url: '/api/staff/rewards/rules',
      payload: JSON.stringify({
        rules: [
          { rule: 'birthday', points: 200, daily_cap: null, show_cap: null, enabled: false },
          { rule: 'anniversary', points: 300, daily_cap: null, show_cap: null, enabled: true },
        ],
      }),
      headers: { 'content-type': 'application/json', token: staff.tokenvalue },
    });
    expect(off.statusCode).toBe(200);
    const viewer = await t().createViewer();
    await setDates(t(), viewer.id, { birthday: '1991-05-04', anniversary: '2019-05-05' });
    t().clock.set(laNoon('2026-05-06'));
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(2);
    expect((await couponsOf(t().db)).map((c) => [c.user_id, c.origin])).toEqual([
      [viewer.id, 'birthday'],
      [viewer.id, 'anniversary'],
    ]);
    expect(await yearlyCredits(t().db)).toEqual([[viewer.id, 'anniversary', 'year:2026', 300, 'settled']]);
    const res = await t().get<RewardDetails>('/api/rewarddetails', { token: viewer.tokenvalue });
    expect(res.body.data[0]?.balance).toBe(300);
  });
});
