// The show `npm run chaos` surges against, written before the first start through the app's own
// calls (staff API via inject, bulk viewers and contest rows straight to the database): live shows
// with a chat room and an open guessing question each, open giveaways with a wheel, contests open
// for votes, a coupon to buy with points, and a few hundred viewers with sessions and points.
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { newEventRow } from '../src/server/modules/events/event-row';
import { eventsRepository } from '../src/server/modules/events/events.repository';
import { createRewardsService } from '../src/server/modules/rewards/rewards.service';
import { insertViewers } from '../src/server/testing/bulk-viewers';
import { insertContest, insertSubmission } from '../src/server/testing/contests';
import type { ChaosPlan, ChaosRound } from './chaos-plan';

export type SeedOptions = {
  env: Record<string, string>;
  viewers: number;
  rounds: number;
  /** PostgreSQL: where ids start, so a fresh database's rooms (show:1, …) do not meet other people's on a shared Redis. */
  firstId?: number;
};

const TAG = 'chaos';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const SEED_POINTS = 5_000;
const COUPON_POINTS = 10;
const PRIZE_STOCK = 100;

export async function seedChaos(options: SeedOptions): Promise<ChaosPlan> {
  const app = await buildApp(loadConfig({ ...options.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false' }));
  try {
    const { db } = app.ctx;
    if (options.firstId && app.ctx.dialect === 'postgres') {
      for (const table of ['users', 'events', 'chat_messages', 'contests', 'contest_submissions', 'coupons'])
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${options.firstId})`.execute(db);
    }
    const now = new Date();
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    const [staff] = await insertViewers(db, 1, `${TAG}staff`, now);
    if (!staff) throw new Error('no staff member');
    await db.updateTable('users').set({ is_staff: 1 }).where('id', '=', staff.id).execute();
    // As the test harness's createStaff: the session has passed a second factor (decision 085).
    await db
      .updateTable('sessions')
      .set({ second_factor_at: now.toISOString(), second_factor_method: 'totp' })
      .where('user_id', '=', staff.id)
      .execute();
    const entrants = await insertViewers(db, 3, `${TAG}entrant`, now);
    const viewers = await insertViewers(db, options.viewers, TAG, now);

    const staffCall = async (url: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> => {
      const res = await app.inject({ method: 'POST', url, headers: { token: staff.token }, payload });
      const first: unknown = res.json().data?.[0];
      if (res.statusCode !== 200 || !isRecord(first))
        throw new Error(`seeding ${url} failed: ${res.statusCode} ${res.body}`);
      return first;
    };
    const idOf = (record: Record<string, unknown>, field = 'id') => {
      const id = record[field];
      if (typeof id !== 'number') throw new Error(`no ${field} in ${JSON.stringify(record)}`);
      return id;
    };

    const rounds: ChaosRound[] = [];
    for (let r = 0; r < options.rounds; r += 1) {
      const show = await eventsRepository.insert(
        db,
        newEventRow({
          title: `Chaos show ${r + 1}`,
          description: 'A live show under kill -9',
          cust_start: at(-1),
          cust_end: at(120),
          created_at: now.toISOString(),
        }),
      );
      const giveaway = idOf(
        await staffCall('/api/staff/giveaways', {
          title: `Chaos giveaway ${r + 1}`,
          cust_start: at(-1),
          cust_end: at(120),
          prize: 'A sapphire ring',
        }),
      );
      const table = await staffCall(`/api/staff/giveaways/spin-prizes/${giveaway}`, {
        prizes: [
          { label: '25 points', weight: 3, points: 25 },
          { label: 'A pendant', weight: 1, points: 0, stock: PRIZE_STOCK },
          { label: '5 points', weight: 4, points: 5 },
        ],
      });
      const prizes = table.prizes;
      const stocked: unknown = Array.isArray(prizes) ? prizes[1] : undefined;
      const question = idOf(
        await staffCall('/api/staff/guessing', {
          eventid: show.id,
          question: 'Carat weight of this sapphire?',
          unit: 'ct',
          answer: 2.35,
          closes_at: at(60),
        }),
      );
      const contest = await insertContest(db, now, { title: `Chaos contest ${r + 1}` });
      const submissions = [];
      for (const entrant of entrants) submissions.push((await insertSubmission(db, contest.id, entrant.id, now)).id);
      rounds.push({
        giveaway,
        show: show.id,
        question,
        contest: contest.id,
        submissions,
        stockedPrize: idOf(isRecord(stocked) ? stocked : {}),
        stock: PRIZE_STOCK,
      });
    }

    const catalogueId = idOf(
      await staffCall('/api/staff/rewards/catalogue', {
        title: 'Chaos coupon',
        kind: 'amount_off',
        value: 500,
        points_cost: COUPON_POINTS,
      }),
    );
    const rewards = createRewardsService(app.ctx);
    for (const viewer of viewers) await rewards.adjust(staff.id, viewer.id, SEED_POINTS, 'Chaos seed', 'chaos-seed');

    return {
      tag: TAG,
      viewerIds: viewers.map((v) => v.id),
      staffId: staff.id,
      staffToken: staff.token,
      chatShow: rounds[0]?.show ?? 0,
      catalogueId,
      couponPoints: COUPON_POINTS,
      seedPoints: SEED_POINTS,
      rounds,
    };
  } finally {
    await app.close();
  }
}
