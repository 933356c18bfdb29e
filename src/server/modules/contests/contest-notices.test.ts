// Contest results and the hourly activity digest through the notification outbox, on both engines
// (decision 069): every entrant is told when the results are fixed, winners with their place and
// prize, in the fixing transaction and once; likes and votes are added up at most once an hour per
// viewer, with a fixed clock.
import { expect, it } from 'vitest';
import { insertContest, insertSubmission } from '../../testing/contests';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { drainNotifications } from '../notifications/notification-worker';
import { createRewardsService } from '../rewards/rewards.service';
import { createContestResults } from './contest-results';
import { recordActivityDigests } from './submission-digest';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function vote(t: TestApp, contestId: number, submissionId: number, voterId: number, voided = false) {
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('contest_votes')
    .values({
      contest_id: contestId,
      submission_id: submissionId,
      user_id: voterId,
      vote_day: '',
      ip: '',
      network: '',
      visitor: '',
      created_at: at,
      cast_at: at,
      voided_at: voided ? at : null,
      voided_by: null,
      void_reason: voided ? 'One network' : '',
    })
    .execute();
}

async function like(t: TestApp, submissionId: number, userId: number) {
  await t.db
    .insertInto('contest_likes')
    .values({ submission_id: submissionId, user_id: userId, created_at: t.clock.now().toISOString() })
    .execute();
}

describeEachEngine('contest notifications', (t) => {
  async function contestWithEntries() {
    const now = t().clock.now().getTime();
    const contest = await insertContest(t().db, t().clock.now(), {
      title: 'Best ring selfie',
      submit_opens_at: new Date(now - 72 * HOUR).toISOString(),
      submit_closes_at: new Date(now - 48 * HOUR).toISOString(),
      vote_opens_at: new Date(now - 48 * HOUR).toISOString(),
      vote_closes_at: new Date(now + 4 * HOUR).toISOString(),
      prize_points: 250,
      prize_text: '',
      winner_count: 2,
    });
    const [a, b, c, d] = [
      await t().createViewer({ first_name: 'Amber' }),
      await t().createViewer({ first_name: 'Bea' }),
      await t().createViewer({ first_name: 'Cleo' }),
      await t().createViewer({ first_name: 'Dana' }),
    ];
    const sa = await insertSubmission(t().db, contest.id, a.id, t().clock.now());
    const sb = await insertSubmission(t().db, contest.id, b.id, t().clock.now());
    const sc = await insertSubmission(t().db, contest.id, c.id, t().clock.now());
    await insertSubmission(t().db, contest.id, c.id, t().clock.now(), { slot: 2, state: 'rejected' });
    await insertSubmission(t().db, contest.id, d.id, t().clock.now(), { state: 'rejected' });
    return { contest, a, b, c, d, sa, sb, sc };
  }

  it('tells every entrant the results once, in the transaction that fixes them', async () => {
    const { contest, a, b, c, d, sa, sb } = await contestWithEntries();
    const voters = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    for (const voter of voters.slice(0, 2)) await vote(t(), contest.id, sa.id, voter.id);
    await vote(t(), contest.id, sb.id, voters[2]?.id ?? 0);
    t().clock.advance(5 * HOUR);
    const results = createContestResults(t().app.ctx, createRewardsService(t().app.ctx));
    expect(await Promise.all([results.fix(contest.id), results.sweep()])).toContain(true);
    expect(await results.fix(contest.id)).toBe(false);
    const rows = await t()
      .db.selectFrom('notifications')
      .select(['user_id', 'subject', 'title', 'body', 'created_at'])
      .where('kind', '=', 'contest_result')
      .orderBy('user_id')
      .execute();
    const fixedAt = (await t().db.selectFrom('contests').select('results_fixed_at').executeTakeFirst())
      ?.results_fixed_at;
    expect(rows.map((r) => [r.user_id, r.title])).toEqual(
      [
        [a.id, 'You placed 1st in Best ring selfie'],
        [b.id, 'You placed 2nd in Best ring selfie'],
        [c.id, 'Results are in: Best ring selfie'],
        [d.id, 'Results are in: Best ring selfie'],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    expect(rows.every((r) => r.subject === `contest:${contest.id}:results` && r.created_at === fixedAt)).toBe(true);
    expect(rows.find((r) => r.user_id === a.id)?.body).toContain('wins 250 reward points');

    await drainNotifications(t().app.ctx);
    const mail = await t().outbox();
    expect(mail.find((m) => m.to_address === b.email)?.text_body).toContain('Your entry placed 2nd');
    expect(mail.find((m) => m.to_address === d.email)?.text_body).toContain('Thank you for taking part');
  });

  it('adds up likes and votes at most once an hour per viewer (fixed clock)', async () => {
    const { contest, a, b, sa } = await contestWithEntries();
    const fans = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    expect(await recordActivityDigests(t().app.ctx)).toBe(0);

    t().clock.advance(MINUTE);
    for (const fan of fans) await vote(t(), contest.id, sa.id, fan.id);
    await vote(t(), contest.id, sa.id, b.id, true);
    await like(t(), sa.id, fans[0]?.id ?? 0);
    await like(t(), sa.id, fans[1]?.id ?? 0);
    t().clock.advance(4 * MINUTE);
    expect(await recordActivityDigests(t().app.ctx)).toBe(1);
    expect(await recordActivityDigests(t().app.ctx)).toBe(0);

    // More within the hour: nothing until the hour since the last digest has passed.
    t().clock.advance(10 * MINUTE);
    await like(t(), sa.id, fans[2]?.id ?? 0);
    t().clock.advance(20 * MINUTE);
    expect(await recordActivityDigests(t().app.ctx)).toBe(0);
    t().clock.advance(30 * MINUTE);
    expect(await recordActivityDigests(t().app.ctx)).toBe(1);
    // Nothing new: nothing sent.
    t().clock.advance(2 * HOUR);
    expect(await recordActivityDigests(t().app.ctx)).toBe(0);

    const rows = await t()
      .db.selectFrom('notifications')
      .select(['user_id', 'body', 'data', 'created_at', 'subject'])
      .where('kind', '=', 'submission_activity')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.user_id, r.body, JSON.parse(r.data)])).toEqual([
      [a.id, 'Your entries got 3 new votes and 2 likes.', { votes: 3, likes: 2 }],
      [a.id, 'Your entries got 1 new like.', { votes: 0, likes: 1 }],
    ]);
    const [first, second] = rows.map((r) => new Date(r.created_at).getTime());
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(HOUR);
    expect(rows[0]?.subject).not.toBe(rows[1]?.subject);

    await drainNotifications(t().app.ctx);
    const mail = (await t().outbox()).filter((m) => m.to_address === a.email);
    expect(mail.map((m) => m.subject)).toEqual([
      'Your entries got 3 new votes and 2 likes',
      'Your entries got 1 new like',
    ]);
  });

  it('records one digest when two processes run it at once', async () => {
    const { contest, a, sa } = await contestWithEntries();
    const fan = await t().createViewer();
    t().clock.advance(MINUTE);
    await vote(t(), contest.id, sa.id, fan.id);
    const counts = await Promise.all([recordActivityDigests(t().app.ctx), recordActivityDigests(t().app.ctx)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    const rows = await t()
      .db.selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'submission_activity')
      .execute();
    expect(rows).toEqual([{ user_id: a.id }]);
  });
});
