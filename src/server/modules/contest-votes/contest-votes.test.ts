// uservotes and userlikes over the API on both engines (decision 063): exact counts under
// concurrency, the vote rules (once, daily across the Los Angeles midnight, moves), the refusals,
// the limits, and what a vote records of where it came from.
import { expect, it } from 'vitest';
import type { VoteState } from '../../../shared/contract/contests';
import { CONTEST_VOTE_MESSAGES, MESSAGES } from '../../../shared/messages';
import { insertViewers } from '../../testing/bulk-viewers';
import { insertContest, insertSubmission } from '../../testing/contests';
import type { TestApp } from '../../testing/harness';
import { describeEachEngine } from '../../testing/harness';
import { sha256Hex } from '../../platform/secrets';
import { VOTE_LIMITS } from './contest-votes.routes';

const HOUR = 3600_000;
let tagSeq = 0;

/** A contest in its voting phase with two approved entries by two other viewers. */
async function votingContest(t: TestApp, fields: Parameters<typeof insertContest>[2] = {}) {
  const now = t.clock.now();
  tagSeq += 1;
  const [ann, bea] = await insertViewers(t.db, 2, `e${tagSeq}`, now);
  const contest = await insertContest(t.db, now, fields);
  const a = await insertSubmission(t.db, contest.id, ann!.id, now);
  const b = await insertSubmission(t.db, contest.id, bea!.id, now);
  return { contest, a, b, entrants: [ann!, bea!] as const };
}

async function viewers(t: TestApp, count: number) {
  tagSeq += 1;
  return insertViewers(t.db, count, `v${tagSeq}`, t.clock.now());
}

const vote = (
  t: TestApp,
  token: string | undefined,
  submissionid: number | string,
  headers: Record<string, string> = {},
) => t.get<VoteState>('/api/uservotes', { token, query: { submissionid: String(submissionid) }, headers });
const votePost = (t: TestApp, token: string | undefined, body: unknown) =>
  t.post<VoteState>('/api/uservotes', body, { token });
const like = (t: TestApp, token: string | undefined, submissionid: number | string, liked: string) =>
  t.get<VoteState>('/api/userlikes', { token, query: { submissionid: String(submissionid), liked } });
const likePost = (t: TestApp, token: string | undefined, body: unknown) =>
  t.post<VoteState>('/api/userlikes', body, { token });

const votesOf = async (t: TestApp, submissionId: number) =>
  Number(
    (
      await t.db
        .selectFrom('contest_votes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('submission_id', '=', submissionId)
        .where('voided_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

const tables = async (t: TestApp) => ({
  votes: await t.db.selectFrom('contest_votes').selectAll().orderBy('id').execute(),
  likes: await t.db.selectFrom('contest_likes').selectAll().orderBy('submission_id').orderBy('user_id').execute(),
  audit: await t.db.selectFrom('contest_audit').selectAll().orderBy('id').execute(),
});

describeEachEngine('uservotes and userlikes', (t) => {
  it('counts 100 simultaneous votes by 100 viewers exactly', async () => {
    const { a } = await votingContest(t());
    const crowd = await viewers(t(), 100);
    const answers = await Promise.all(crowd.map((v) => vote(t(), v.token, a.id)));
    expect(answers.map((r) => r.http)).toEqual(crowd.map(() => 200));
    expect(answers.every((r) => r.body.message === CONTEST_VOTE_MESSAGES.voted)).toBe(true);
    expect(await votesOf(t(), a.id)).toBe(100);
    // Every answer saw a count between 1 and 100; a later look sees exactly 100.
    expect(answers.every((r) => (r.body.data[0]?.votes ?? 0) >= 1 && (r.body.data[0]?.votes ?? 0) <= 100)).toBe(true);
    const again = await vote(t(), crowd[0]!.token, a.id);
    expect(again.body.data[0]).toMatchObject({ votes: 100, voted: true, my_vote: a.id });
    expect(again.body.message).toBe(CONTEST_VOTE_MESSAGES.alreadyVoted);
  });

  it('keeps one vote row when one viewer votes 20 times at once, and one like when they like 20 times at once', async () => {
    const { a, b } = await votingContest(t());
    const [me] = await viewers(t(), 1);
    const votes = await Promise.all(Array.from({ length: 20 }, (_, i) => vote(t(), me!.token, i % 2 ? a.id : b.id)));
    expect(votes.every((r) => r.http === 200)).toBe(true);
    const rows = await t().db.selectFrom('contest_votes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect((await votesOf(t(), a.id)) + (await votesOf(t(), b.id))).toBe(1);

    const likes = await Promise.all(Array.from({ length: 20 }, () => like(t(), me!.token, a.id, 'true')));
    expect(likes.every((r) => r.http === 200 && r.body.data[0]?.liked === true)).toBe(true);
    expect(await t().db.selectFrom('contest_likes').selectAll().execute()).toHaveLength(1);
    const unlikes = await Promise.all(Array.from({ length: 20 }, () => like(t(), me!.token, a.id, 'false')));
    expect(unlikes.every((r) => r.http === 200 && r.body.data[0]?.liked === false)).toBe(true);
    expect(await t().db.selectFrom('contest_likes').selectAll().execute()).toHaveLength(0);
  });

  it('moves a once-rule vote: the same row changes entry and cast_at, counts go old −1 and new +1', async () => {
    const { contest, a, b } = await votingContest(t());
    const [me] = await viewers(t(), 1);
    const first = await vote(t(), me!.token, a.id);
    expect(first.http).toBe(200);
    expect(first.body.message).toBe(CONTEST_VOTE_MESSAGES.voted);
    expect(first.body.data).toEqual([
      { submissionid: a.id, contestid: contest.id, votes: 1, likes: 0, voted: true, liked: false, my_vote: a.id },
    ]);
    const [before] = await t().db.selectFrom('contest_votes').selectAll().execute();
    expect(before).toMatchObject({ vote_day: '', submission_id: a.id });

    t().clock.advance(5 * 60_000);
    const moved = await votePost(t(), me!.token, { submissionid: b.id });
    expect(moved.http).toBe(200);
    expect(moved.body.message).toBe(CONTEST_VOTE_MESSAGES.voteMoved);
    expect(moved.body.data[0]).toMatchObject({ submissionid: b.id, votes: 1, voted: true, my_vote: b.id });
    const after = await t().db.selectFrom('contest_votes').selectAll().execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before!.id,
      submission_id: b.id,
      created_at: before!.created_at,
      cast_at: t().clock.now().toISOString(),
    });
    expect([await votesOf(t(), a.id), await votesOf(t(), b.id)]).toEqual([0, 1]);

    // Voting again for the same entry keeps the vote as it is; the old entry now answers voted=false.
    t().clock.advance(60_000);
    const kept = await vote(t(), me!.token, b.id);
    expect(kept.body.message).toBe(CONTEST_VOTE_MESSAGES.alreadyVoted);
    expect((await t().db.selectFrom('contest_votes').selectAll().execute())[0]).toEqual(after[0]);
    const liked = await like(t(), me!.token, a.id, 'true');
    expect(liked.body.data[0]).toMatchObject({ submissionid: a.id, votes: 0, likes: 1, voted: false, my_vote: b.id });
  });

  it('gives one vote per Los Angeles day under the daily rule: a UTC midnight is not a new day', async () => {
    // 16:50 in Los Angeles on 15 June (23:50 UTC).
    t().clock.set(new Date('2026-06-15T23:50:00Z'));
    const { a, b } = await votingContest(t(), { vote_rule: 'daily' });
    const [me] = await viewers(t(), 1);
    expect((await vote(t(), me!.token, a.id)).http).toBe(200);
    expect([await votesOf(t(), a.id), await votesOf(t(), b.id)]).toEqual([1, 0]);

    // 17:10 in Los Angeles, 16 June in UTC: the same day, so the vote moves.
    t().clock.set(new Date('2026-06-16T00:10:00Z'));
    const moved = await vote(t(), me!.token, b.id);
    expect(moved.body.message).toBe(CONTEST_VOTE_MESSAGES.voteMoved);
    expect([await votesOf(t(), a.id), await votesOf(t(), b.id)]).toEqual([0, 1]);

    // 00:05 in Los Angeles on 16 June: a new day, a second vote that counts as well.
    t().clock.set(new Date('2026-06-16T07:05:00Z'));
    const second = await vote(t(), me!.token, a.id);
    expect(second.body.message).toBe(CONTEST_VOTE_MESSAGES.voted);
    expect(second.body.data[0]).toMatchObject({ votes: 1, voted: true, my_vote: a.id });
    expect([await votesOf(t(), a.id), await votesOf(t(), b.id)]).toEqual([1, 1]);
    const rows = await t().db.selectFrom('contest_votes').select(['vote_day', 'submission_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { vote_day: '2026-06-15', submission_id: b.id },
      { vote_day: '2026-06-16', submission_id: a.id },
    ]);
    // The answer for b says the caller's vote today is on a.
    const onB = await like(t(), me!.token, b.id, 'true');
    expect(onB.body.data[0]).toMatchObject({ voted: false, my_vote: a.id, votes: 1 });
  });

  it('refuses a vote for one’s own entry (403) and writes nothing', async () => {
    const { a, entrants } = await votingContest(t());
    const before = await tables(t());
    const res = await vote(t(), entrants[0].token, a.id);
    expect(res.http).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, message: CONTEST_VOTE_MESSAGES.ownEntry, data: [] });
    expect(await tables(t())).toEqual(before);
    // Liking one's own entry is allowed: likes decide nothing.
    expect((await like(t(), entrants[0].token, a.id, 'true')).http).toBe(200);
  });

  it('refuses votes before voting opens, after it closes and once results are fixed (409)', async () => {
    const now = t().clock.now().getTime();
    const [me] = await viewers(t(), 1);
    const cases = [
      // Submissions still open: voting opens tomorrow.
      {
        fields: {
          submit_opens_at: new Date(now - HOUR).toISOString(),
          submit_closes_at: new Date(now + HOUR).toISOString(),
          vote_opens_at: new Date(now + 24 * HOUR).toISOString(),
          vote_closes_at: new Date(now + 48 * HOUR).toISOString(),
        },
        message: CONTEST_VOTE_MESSAGES.votingNotOpen,
      },
      // Between: submissions closed, voting opens in a minute.
      {
        fields: {
          submit_opens_at: new Date(now - 48 * HOUR).toISOString(),
          submit_closes_at: new Date(now - HOUR).toISOString(),
          vote_opens_at: new Date(now + 60_000).toISOString(),
          vote_closes_at: new Date(now + 48 * HOUR).toISOString(),
        },
        message: CONTEST_VOTE_MESSAGES.votingNotOpen,
      },
      // Voting closed exactly now (windows are half-open).
      {
        fields: {
          submit_opens_at: new Date(now - 72 * HOUR).toISOString(),
          submit_closes_at: new Date(now - 48 * HOUR).toISOString(),
          vote_opens_at: new Date(now - 48 * HOUR).toISOString(),
          vote_closes_at: new Date(now).toISOString(),
        },
        message: CONTEST_VOTE_MESSAGES.votingClosed,
      },
      // Closed early by staff: results fixed.
      {
        fields: { results_fixed_at: new Date(now - 60_000).toISOString() },
        message: CONTEST_VOTE_MESSAGES.votingClosed,
      },
    ];
    for (const { fields, message } of cases) {
      const { a } = await votingContest(t(), fields);
      const before = await tables(t());
      const res = await vote(t(), me!.token, a.id);
      expect(res.http, message).toBe(409);
      expect(res.body).toMatchObject({ statusCode: 409, message });
      expect(await tables(t())).toEqual(before);
    }
  });

  it('answers not found for pending, rejected and unknown entries alike, for votes and likes', async () => {
    const { contest, entrants } = await votingContest(t());
    const [me] = await viewers(t(), 1);
    const now = t().clock.now();
    const pending = await insertSubmission(t().db, contest.id, entrants[0].id, now, { slot: 2, state: 'pending' });
    const rejected = await insertSubmission(t().db, contest.id, entrants[1].id, now, { slot: 2, state: 'rejected' });
    const before = await tables(t());
    for (const id of [pending.id, rejected.id, 999_999]) {
      for (const res of [
        await vote(t(), me!.token, id),
        await votePost(t(), me!.token, { submissionid: id }),
        await like(t(), me!.token, id, 'true'),
        await likePost(t(), me!.token, { submissionid: id, liked: true }),
      ]) {
        expect(res.http).toBe(404);
        expect(res.body).toMatchObject({ statusCode: 404, message: MESSAGES.notFound, data: [] });
      }
    }
    expect(await tables(t())).toEqual(before);
  });

  it('lets likes change in every phase until the contest closes, and hides counts as the contest says', async () => {
    const now = t().clock.now().getTime();
    const [me] = await viewers(t(), 1);
    const submitting = await votingContest(t(), {
      show_counts: 0,
      submit_opens_at: new Date(now - HOUR).toISOString(),
      submit_closes_at: new Date(now + HOUR).toISOString(),
      vote_opens_at: new Date(now + 2 * HOUR).toISOString(),
      vote_closes_at: new Date(now + 48 * HOUR).toISOString(),
    });
    const liked = await likePost(t(), me!.token, { submissionid: submitting.a.id, liked: true });
    expect(liked.http).toBe(200);
    expect(liked.body.message).toBe(CONTEST_VOTE_MESSAGES.liked);
    expect(liked.body.data[0]).toMatchObject({ votes: null, likes: null, liked: true, voted: false, my_vote: null });

    const hidden = await votingContest(t(), { show_counts: 0 });
    const voted = await vote(t(), me!.token, hidden.a.id);
    expect(voted.body.data[0]).toMatchObject({ votes: null, likes: null, voted: true, my_vote: hidden.a.id });

    const closed = await votingContest(t(), { show_counts: 0 });
    expect((await like(t(), me!.token, closed.a.id, '1')).http).toBe(200);
    await t()
      .db.updateTable('contests')
      .set({ results_fixed_at: new Date(now).toISOString() })
      .where('id', '=', closed.contest.id)
      .execute();
    const before = await tables(t());
    for (const liked of ['true', 'false']) {
      const res = await like(t(), me!.token, closed.a.id, liked);
      expect(res.http).toBe(409);
      expect(res.body.message).toBe(CONTEST_VOTE_MESSAGES.contestClosed);
    }
    expect(await tables(t())).toEqual(before);
  });

  it('refuses to re-cast or move a voided vote, and under the daily rule lets the viewer vote the next day', async () => {
    t().clock.set(new Date('2026-06-15T20:00:00Z'));
    const once = await votingContest(t());
    const daily = await votingContest(t(), { vote_rule: 'daily' });
    const [me] = await viewers(t(), 1);
    await vote(t(), me!.token, once.a.id);
    await vote(t(), me!.token, daily.a.id);
    await t()
      .db.updateTable('contest_votes')
      .set({ voided_at: t().clock.now().toISOString(), void_reason: 'test' })
      .execute();
    const before = await tables(t());
    for (const [id, message] of [
      [once.a.id, CONTEST_VOTE_MESSAGES.voteVoidedOnce],
      [once.b.id, CONTEST_VOTE_MESSAGES.voteVoidedOnce],
      [daily.a.id, CONTEST_VOTE_MESSAGES.voteVoidedToday],
      [daily.b.id, CONTEST_VOTE_MESSAGES.voteVoidedToday],
    ] as const) {
      const res = await vote(t(), me!.token, id);
      expect(res.http).toBe(409);
      expect(res.body.message).toBe(message);
    }
    expect(await tables(t())).toEqual(before);
    // The voided vote is no one's vote: the answers say so.
    const state = await like(t(), me!.token, daily.a.id, 'false');
    expect(state.body.data[0]).toMatchObject({ voted: false, my_vote: null, votes: 0 });

    t().clock.set(new Date('2026-06-16T08:00:00Z'));
    const next = await vote(t(), me!.token, daily.b.id);
    expect(next.http).toBe(200);
    expect(next.body.data[0]).toMatchObject({ votes: 1, voted: true });
  });

  it('records the address, its network and the visitor token’s id (never the token)', async () => {
    const { a, b } = await votingContest(t());
    const [one, two] = await viewers(t(), 2);
    const tkn = 'gv_AAAAAAAAAAAAAAAAAAAAAA';
    await t().get('/api/uservotes', {
      token: one!.token,
      query: { submissionid: String(a.id) },
      headers: { visitor: tkn },
      remoteAddress: '2001:db8:a:b::7',
    });
    await t().get('/api/uservotes', {
      token: two!.token,
      query: { submissionid: String(b.id) },
      headers: { visitor: 'not-a-visitor-token' },
      remoteAddress: '203.0.113.9',
    });
    const rows = await t().db.selectFrom('contest_votes').select(['ip', 'network', 'visitor']).orderBy('id').execute();
    expect(rows).toEqual([
      { ip: '2001:db8:a:b::7', network: '2001:db8:a::/48', visitor: sha256Hex(tkn).slice(0, 16) },
      { ip: '203.0.113.9', network: '203.0.113.9', visitor: '' },
    ]);
  });

  it('limits votes and likes per viewer (429 envelope with Retry-After), and per address before the token', async () => {
    const { a, b } = await votingContest(t());
    const [me] = await viewers(t(), 1);
    for (let i = 0; i < VOTE_LIMITS.votesPerViewer; i += 1) {
      expect((await vote(t(), me!.token, i % 2 ? a.id : b.id)).http).toBe(200);
    }
    const before = await tables(t());
    const limited = await vote(t(), me!.token, a.id);
    expect(limited.http).toBe(429);
    expect(limited.body).toMatchObject({ statusCode: 429, message: CONTEST_VOTE_MESSAGES.tooManyVotes });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await tables(t())).toEqual(before);
    // Likes have their own counter, and the next minute the viewer may vote again.
    expect((await like(t(), me!.token, a.id, 'true')).http).toBe(200);
    t().clock.advance(VOTE_LIMITS.windowMs);
    expect((await vote(t(), me!.token, a.id)).http).toBe(200);

    // An address that sent its minute's worth is refused before its token is even read.
    const address = '198.51.100.77';
    for (let i = 0; i < VOTE_LIMITS.likesPerIp; i += 1)
      await t().app.ctx.limiter.hit(`like-ip:${address}`, VOTE_LIMITS.likesPerIp, VOTE_LIMITS.windowMs);
    const flood = await t().get('/api/userlikes', {
      query: { submissionid: String(a.id), liked: 'true' },
      remoteAddress: address,
    });
    expect(flood.http).toBe(429);
    expect(flood.body.message).toBe(CONTEST_VOTE_MESSAGES.tooManyLikes);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { a } = await votingContest(t());
    const [me] = await viewers(t(), 1);
    const before = await tables(t());
    const token = me!.token;
    const bad = [
      await vote(t(), token, 'abc'),
      await t().get('/api/uservotes', { token }),
      await vote(t(), token, '-3'),
      await votePost(t(), token, {}),
      await votePost(t(), token, { submissionid: 'abc' }),
      await like(t(), token, a.id, 'maybe'),
      await t().get('/api/userlikes', { token, query: { submissionid: String(a.id) } }),
      await like(t(), token, 'abc', 'true'),
      await likePost(t(), token, { submissionid: a.id }),
      await likePost(t(), token, { submissionid: a.id, liked: 'yes' }),
      await likePost(t(), token, { liked: true }),
    ];
    for (const res of bad) {
      expect(res.http).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.message).not.toBe('');
    }
    expect(bad[5]!.body.message).toBe('liked is true or false.');
    expect(await tables(t())).toEqual(before);
  });

  it('refuses every call without a live user token (401) and changes nothing', async () => {
    const { a } = await votingContest(t());
    const before = await tables(t());
    for (const token of [undefined, 'gv_visitor-token', 'gc_no-such-session']) {
      for (const res of [
        await vote(t(), token, a.id),
        await votePost(t(), token, { submissionid: a.id }),
        await like(t(), token, a.id, 'true'),
        await likePost(t(), token, { submissionid: a.id, liked: true }),
      ]) {
        expect(res.http).toBe(401);
        expect(res.body.statusCode).toBe(401);
      }
    }
    expect(await tables(t())).toEqual(before);
  });
});
