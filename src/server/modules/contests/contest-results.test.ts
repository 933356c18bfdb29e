// Results fixed once on both engines: ranking with ties to the earlier entry, voided votes left out
// and shown as removed, winners credited once however often (and however concurrently) it runs,
// lazily on a read past the close and by the sweep.
import { expect, it } from 'vitest';
import type { ContestDetail } from '../../../shared/contract/contests';
import { insertContest, insertSubmission } from '../../testing/contests';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { BLANK_PROFILE } from '../auth/auth.repository';
import { createRewardsService } from '../rewards/rewards.service';
import { createContestResults, rankEntries } from './contest-results';

const HOUR = 3600_000;

async function castVotes(t: TestApp, contestId: number, submissionId: number, count: number, voided = 0) {
  const now = t.clock.now().toISOString();
  for (let i = 0; i < count + voided; i += 1) {
    const voter = await t.db
      .insertInto('users')
      .values({
        ...BLANK_PROFILE,
        email: `voter-${contestId}-${submissionId}-${i}@example.com`,
        phone: `+1555${String(submissionId).padStart(3, '0')}${String(i).padStart(4, '0')}`,
        first_name: 'Voter',
        last_name: String(i),
        password_hash: null,
        my_invite_code: `V${submissionId}X${i}`,
        isactive: 1,
        is_staff: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const isVoided = i >= count;
    await t.db
      .insertInto('contest_votes')
      .values({
        contest_id: contestId,
        submission_id: submissionId,
        user_id: voter.id,
        vote_day: '',
        ip: '',
        network: '',
        visitor: '',
        created_at: now,
        cast_at: now,
        voided_at: isVoided ? now : null,
        voided_by: null,
        void_reason: isVoided ? 'One network' : '',
      })
      .execute();
  }
}

const ledger = (t: TestApp) =>
  t.db
    .selectFrom('reward_ledger')
    .select(['user_id', 'points', 'reason', 'source_id'])
    .where('reason', '=', 'contest')
    .orderBy('user_id')
    .execute();

it('ranks by votes, ties to the earlier entry (created_at, then id)', () => {
  const entries = [
    { id: 3, user_id: 30, created_at: '2026-06-01T10:00:00.000Z' },
    { id: 1, user_id: 10, created_at: '2026-06-01T11:00:00.000Z' },
    { id: 2, user_id: 20, created_at: '2026-06-01T10:00:00.000Z' },
    { id: 4, user_id: 40, created_at: '2026-06-01T09:00:00.000Z' },
  ];
  const votes = new Map([
    [1, 5],
    [2, 5],
    [3, 5],
    [4, 2],
  ]);
  expect(rankEntries(entries, votes, new Map()).map((s) => s.submission_id)).toEqual([2, 3, 1, 4]);
});

describeEachEngine('contest results', (t) => {
  async function closedContest(prizePoints = 250, winnerCount = 2) {
    const now = t().clock.now().getTime();
    const contest = await insertContest(t().db, t().clock.now(), {
      submit_opens_at: new Date(now - 72 * HOUR).toISOString(),
      submit_closes_at: new Date(now - 48 * HOUR).toISOString(),
      vote_opens_at: new Date(now - 48 * HOUR).toISOString(),
      vote_closes_at: new Date(now + HOUR).toISOString(),
      prize_points: prizePoints,
      winner_count: winnerCount,
    });
    const [a, b, c] = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    const early = new Date(now - 70 * HOUR).toISOString();
    const late = new Date(now - 60 * HOUR).toISOString();
    const sa = await insertSubmission(t().db, contest.id, a.id, t().clock.now(), { created_at: late });
    const sb = await insertSubmission(t().db, contest.id, b.id, t().clock.now(), { created_at: early });
    const sc = await insertSubmission(t().db, contest.id, c.id, t().clock.now(), { created_at: early });
    await insertSubmission(t().db, contest.id, c.id, t().clock.now(), { slot: 2, state: 'rejected' });
    // a: 3 votes (+4 voided), b: 3 votes, c: 1 vote. b and a tie; b entered earlier.
    await castVotes(t(), contest.id, sa.id, 3, 4);
    await castVotes(t(), contest.id, sb.id, 3);
    await castVotes(t(), contest.id, sc.id, 1);
    return { contest, a, b, c, sa, sb, sc };
  }

  it('fixes results lazily on a read after the close: ties to the earlier entry, voided votes removed', async () => {
    const { contest, a, b, sa, sb, sc } = await closedContest();
    t().clock.advance(2 * HOUR);
    const res = await t().get<ContestDetail>('/api/contest_v1', { query: { contestid: String(contest.id) } });
    const detail = res.body.data[0]!;
    expect(detail.phase).toBe('closed');
    expect(detail.counts_visible).toBe(true);
    expect(detail.results.map((r) => [r.place, r.submission_id, r.votes, r.removed_votes, r.winner])).toEqual([
      [1, sb.id, 3, 0, true],
      [2, sa.id, 3, 4, true],
      [3, sc.id, 1, 0, false],
    ]);
    expect(detail.gallery.map((g) => g.id)).toEqual([sb.id, sa.id, sc.id]);
    expect(detail.results_fixed_at).toBe(t().clock.now().toISOString());
    expect(await ledger(t())).toEqual(
      [
        { user_id: a.id, points: 250, reason: 'contest', source_id: `contest:${contest.id}:${sa.id}` },
        { user_id: b.id, points: 250, reason: 'contest', source_id: `contest:${contest.id}:${sb.id}` },
      ].sort((x, y) => x.user_id - y.user_id),
    );
  });

  it('credits once when fixed twice and concurrently, and by the sweep', async () => {
    const { contest } = await closedContest(100, 1);
    t().clock.advance(2 * HOUR);
    const results = createContestResults(t().app.ctx, createRewardsService(t().app.ctx));
    const outcomes = await Promise.all([
      results.fix(contest.id),
      results.fix(contest.id),
      results.sweep(),
      results.fix(contest.id),
    ]);
    expect(outcomes.filter((o) => o === true || o === 1).length).toBe(1);
    expect(await results.fix(contest.id)).toBe(false);
    expect(await results.sweep()).toBe(0);
    expect((await ledger(t())).length).toBe(1);
    expect(await t().db.selectFrom('contest_results').select('place').execute()).toHaveLength(3);
    const log = await t().db.selectFrom('contest_audit').select('action').execute();
    expect(log.map((l) => l.action)).toEqual(['results_fixed']);
  });

  it('does not fix a contest whose voting is still open, and credits nothing without prize points', async () => {
    const { contest } = await closedContest(0);
    const results = createContestResults(t().app.ctx, createRewardsService(t().app.ctx));
    expect(await results.fix(contest.id)).toBe(false);
    expect(await results.sweep()).toBe(0);
    t().clock.advance(2 * HOUR);
    expect(await results.sweep()).toBe(1);
    expect(await ledger(t())).toEqual([]);
  });
});
