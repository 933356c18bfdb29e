import { expect, it } from 'vitest';
import type { ContestCounts } from '../../../shared/contract/contests';
import { describeEachEngine } from '../../testing/harness';
import { insertContest, insertSubmission } from '../../testing/contests';
import { countingQueries } from '../../testing/query-counter';
import { contestTally, forgetContestTally, TALLY_FRESH_MS } from './contest-tally';
import { contestsRepository } from './contests.repository';

describeEachEngine('the contest tally the page polls', (t) => {
  it('counts once for many callers at once, keeps the count briefly, and counts again once forgotten', async () => {
    const [a, b, c] = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    const contest = await insertContest(t().db, t().clock.now());
    const entry = await insertSubmission(t().db, contest.id, a.id, t().clock.now());
    const now = Date.now();
    const asked = Array.from({ length: 20 }, () => contestTally(t().db, contest.id, now));
    expect(new Set(asked).size).toBe(1);
    expect((await asked[0])?.approvedIds).toEqual([entry.id]);

    const at = t().clock.now().toISOString();
    await t()
      .db.insertInto('contest_likes')
      .values({ submission_id: entry.id, user_id: b.id, created_at: at })
      .execute();
    expect((await contestTally(t().db, contest.id, now + 1)).likes.get(entry.id)).toBeUndefined();
    expect((await contestTally(t().db, contest.id, now + TALLY_FRESH_MS + 1)).likes.get(entry.id)).toBe(1);
    await t()
      .db.insertInto('contest_likes')
      .values({ submission_id: entry.id, user_id: c.id, created_at: at })
      .execute();
    forgetContestTally(t().db, contest.id);
    expect((await contestTally(t().db, contest.id, now + TALLY_FRESH_MS + 2)).likes.get(entry.id)).toBe(2);
  });

  it('shows a vote made through the API on the very next poll', async () => {
    const [a, b] = [await t().createViewer(), await t().createViewer()];
    const contest = await insertContest(t().db, t().clock.now());
    const entry = await insertSubmission(t().db, contest.id, a.id, t().clock.now());
    const poll = async () =>
      (await t().get<ContestCounts>('/api/contestcounts_v1', { query: { contestid: String(contest.id) } })).body.data[0]
        ?.entries[0]?.votes;
    expect(await poll()).toBe(0);
    const vote = await t().get('/api/uservotes', { token: b.tokenvalue, query: { submissionid: String(entry.id) } });
    expect(vote.http).toBe(200);
    expect(await poll()).toBe(1);
  });

  // Every viewer on the page polls the same contest with their own likes and vote (decision 126).
  it("answers a turn's polls each with its own contest, likes and vote, in one query each on PostgreSQL", async () => {
    const [a, b, c, d] = [
      await t().createViewer(),
      await t().createViewer(),
      await t().createViewer(),
      await t().createViewer(),
    ];
    const now = t().clock.now();
    const at = now.toISOString();
    const once = await insertContest(t().db, now, { title: 'Best ring photo' });
    const daily = await insertContest(t().db, now, { title: 'Best pendant photo', vote_rule: 'daily' });
    const [ring1, ring2] = [
      await insertSubmission(t().db, once.id, a.id, now),
      await insertSubmission(t().db, once.id, b.id, now),
    ];
    const pendant = await insertSubmission(t().db, daily.id, a.id, now);
    await t()
      .db.insertInto('contest_likes')
      .values([
        { submission_id: ring1.id, user_id: b.id, created_at: at },
        { submission_id: ring2.id, user_id: b.id, created_at: at },
        { submission_id: ring2.id, user_id: c.id, created_at: at },
        { submission_id: pendant.id, user_id: c.id, created_at: at },
      ])
      .execute();
    const vote = { ip: '', network: '', visitor: '', void_reason: '', created_at: at, cast_at: at };
    await t()
      .db.insertInto('contest_votes')
      .values([
        { ...vote, contest_id: once.id, submission_id: ring1.id, user_id: b.id, vote_day: '' },
        { ...vote, contest_id: once.id, submission_id: ring2.id, user_id: c.id, vote_day: '', voided_at: at },
        { ...vote, contest_id: daily.id, submission_id: pendant.id, user_id: c.id, vote_day: '2026-11-30' },
        { ...vote, contest_id: daily.id, submission_id: pendant.id, user_id: d.id, vote_day: '2026-12-01' },
      ])
      .execute();

    const counter = countingQueries(t().db);
    const asks = [
      [once.id, b.id, ''],
      [once.id, c.id, ''],
      [once.id, d.id, ''],
      [daily.id, c.id, '2026-12-01'],
      [daily.id, d.id, '2026-12-01'],
      [once.id, b.id, ''],
    ] as const;
    const [contests, likes, votes] = await Promise.all([
      Promise.all([once.id, daily.id, once.id, 0].map((id) => contestsRepository.byId(counter.db, id))),
      Promise.all(asks.map(([contest, user]) => contestsRepository.likedBy(counter.db, contest, user))),
      Promise.all(asks.map(([contest, user, day]) => contestsRepository.voteOf(counter.db, contest, user, day))),
    ]);
    expect(contests.map((row) => row?.title)).toEqual([
      'Best ring photo',
      'Best pendant photo',
      'Best ring photo',
      undefined,
    ]);
    expect(likes.map((liked) => [...liked].sort((x, y) => x - y))).toEqual([
      [ring1.id, ring2.id],
      [ring2.id],
      [],
      [pendant.id],
      [],
      [ring1.id, ring2.id],
    ]);
    // A voided vote stands for nothing; a daily vote counts on its own day only.
    expect(votes).toEqual([ring1.id, null, null, null, pendant.id, ring1.id]);
    expect(counter.take()).toBe(t().engine === 'postgres' ? 3 : 4 + asks.length * 2);

    // A transaction reads on its own connection, one read at a time.
    await counter.db.transaction().execute(async (trx) => {
      expect(await contestsRepository.voteOf(trx, once.id, b.id, '')).toBe(ring1.id);
      expect([...(await contestsRepository.likedBy(trx, once.id, c.id))]).toEqual([ring2.id]);
    });
    expect(counter.take()).toBe(2);
  });
});
