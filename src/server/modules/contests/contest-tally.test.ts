import { expect, it } from 'vitest';
import type { ContestCounts } from '../../../shared/contract/contests';
import { describeEachEngine } from '../../testing/harness';
import { insertContest, insertSubmission } from '../../testing/contests';
import { contestTally, forgetContestTally, TALLY_FRESH_MS } from './contest-tally';

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
});
