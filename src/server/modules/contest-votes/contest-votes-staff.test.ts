// The staff vote review over the API on both engines (decision 063): timeline, flags and votes of an
// entry, and voids that keep the count, the log and the review consistent, all or nothing.
import { expect, it } from 'vitest';
import type { VoteReview, VoteState } from '../../../shared/contract/contests';
import { CONTEST_VOTE_MESSAGES, MESSAGES } from '../../../shared/messages';
import { insertViewers } from '../../testing/bulk-viewers';
import { insertContest, insertSubmission } from '../../testing/contests';
import type { TestApp } from '../../testing/harness';
import { describeEachEngine } from '../../testing/harness';

const DAY = 24 * 3600_000;
let tagSeq = 0;

async function viewers(t: TestApp, count: number) {
  tagSeq += 1;
  return insertViewers(t.db, count, `s${tagSeq}`, t.clock.now());
}

/** A contest in its voting phase with two approved entries, and staff. */
async function setup(t: TestApp) {
  const now = t.clock.now();
  const [ann, bea] = await viewers(t, 2);
  const contest = await insertContest(t.db, now);
  const a = await insertSubmission(t.db, contest.id, ann!.id, now);
  const b = await insertSubmission(t.db, contest.id, bea!.id, now);
  const staff = await t.createStaff({ first_name: 'Sam', last_name: 'Staff' });
  return { contest, a, b, staff: staff.tokenvalue };
}

/** Votes for `submissionId` by viewers made `accountAge` before now, one each, from `address`. */
async function castVotes(
  t: TestApp,
  submissionId: number,
  count: number,
  { accountAge = 30 * DAY, address = '', visitor = '' } = {},
) {
  const voters = await viewers(t, count);
  const made = new Date(t.clock.now().getTime() - accountAge).toISOString();
  await t.db
    .updateTable('users')
    .set({ created_at: made })
    .where(
      'id',
      'in',
      voters.map((v) => v.id),
    )
    .execute();
  let i = 0;
  for (const v of voters) {
    i += 1;
    const res = await t.get<VoteState>('/api/uservotes', {
      token: v.token,
      query: { submissionid: String(submissionId) },
      remoteAddress: address || `192.0.2.${(tagSeq * 37 + i) % 250}`,
      headers: visitor ? { visitor } : {},
    });
    expect(res.http, res.body.message).toBe(200);
  }
  return voters;
}

const review = (t: TestApp, token: string | undefined, contestId: number, submissionid: string | number) =>
  t.get<VoteReview>(`/api/staff/contests/${contestId}/votes`, { token, query: { submissionid: String(submissionid) } });
const voidVotes = (t: TestApp, token: string | undefined, contestId: number | string, body: unknown) =>
  t.post<VoteReview>(`/api/staff/contests/${contestId}/votes/void`, body, { token });

const tables = async (t: TestApp) => ({
  votes: await t.db.selectFrom('contest_votes').selectAll().orderBy('id').execute(),
  audit: await t.db.selectFrom('contest_audit').selectAll().orderBy('id').execute(),
  contests: await t.db.selectFrom('contests').selectAll().orderBy('id').execute(),
});

describeEachEngine('staff vote review', (t) => {
  it('shows an entry’s votes newest first with a per-minute timeline and no flags for ordinary votes', async () => {
    const { contest, a, b, staff } = await setup(t());
    await castVotes(t(), a.id, 2);
    t().clock.advance(3 * 60_000);
    await castVotes(t(), a.id, 1);
    await castVotes(t(), b.id, 1);
    const res = await review(t(), staff, contest.id, a.id);
    expect(res.http).toBe(200);
    expect(res.body.message).toBe(CONTEST_VOTE_MESSAGES.review);
    const r = res.body.data[0]!;
    expect(r).toMatchObject({ submissionid: a.id, votes: 3, voided_votes: 0, flags: [] });
    expect(r.timeline).toEqual([
      { minute: '2026-06-15T18:00', votes: 2, voided: 0 },
      { minute: '2026-06-15T18:03', votes: 1, voided: 0 },
    ]);
    expect(r.list).toHaveLength(3);
    expect(r.list[0]).toMatchObject({
      cast_at: '2026-06-15T18:03:00.000Z',
      voided_at: null,
      void_reason: '',
      vote_day: '',
    });
    expect(r.list[0]?.voter).toMatch(/^s\d+ Viewer0$/);
  });

  it('flags votes from new accounts, one network and one visitor token, and a burst', async () => {
    const { contest, a, staff } = await setup(t());
    const fresh = await castVotes(t(), a.id, 5, { accountAge: 3600_000 });
    t().clock.advance(10 * 60_000);
    const shared = await castVotes(t(), a.id, 5, { address: '203.0.113.50' });
    t().clock.advance(10 * 60_000);
    const browser = await castVotes(t(), a.id, 2, { visitor: 'gv_one-browser-session' });
    t().clock.advance(10 * 60_000);
    const burst = await castVotes(t(), a.id, 12);
    const r = (await review(t(), staff, contest.id, a.id)).body.data[0]!;
    const idsOfUsers = (users: { id: number }[]) =>
      r.list
        .filter((v) => users.some((u) => u.id === v.userid))
        .map((v) => v.id)
        .sort((x, y) => x - y);
    expect(r.flags.map((f) => [f.kind, f.vote_ids])).toEqual([
      ['new_accounts', idsOfUsers(fresh)],
      ['one_network', idsOfUsers(shared)],
      ['one_visitor', idsOfUsers(browser)],
      ['burst', idsOfUsers(burst)],
    ]);
    expect(r.flags[1]?.summary).toBe('5 votes from one network (203.0.113.50)');
  });

  it('voids votes with a reason: the count drops by exactly N, the log says N with the ids, the review shows them', async () => {
    const { contest, a, b, staff } = await setup(t());
    await castVotes(t(), a.id, 6);
    await castVotes(t(), b.id, 2);
    const before = (await review(t(), staff, contest.id, a.id)).body.data[0]!;
    const chosen = before.list.slice(0, 4).map((v) => v.id);
    t().clock.advance(60_000);
    const res = await voidVotes(t(), staff, contest.id, {
      submissionid: a.id,
      voteids: [...chosen, chosen[0]],
      reason: '  Votes from one household script  ',
    });
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.message).toBe(CONTEST_VOTE_MESSAGES.voided);
    const after = res.body.data[0]!;
    expect(after).toMatchObject({ votes: 2, voided_votes: 4 });
    expect(after.timeline).toEqual([{ minute: '2026-06-15T18:00', votes: 2, voided: 4 }]);
    for (const v of after.list.filter((x) => chosen.includes(x.id))) {
      expect(v).toMatchObject({
        voided_at: '2026-06-15T18:01:00.000Z',
        void_reason: 'Votes from one household script',
      });
    }
    const counted = await t()
      .db.selectFrom('contest_votes')
      .select(['submission_id', 'voided_at'])
      .where('voided_at', 'is', null)
      .execute();
    expect(counted.filter((v) => v.submission_id === a.id)).toHaveLength(2);
    expect(counted.filter((v) => v.submission_id === b.id)).toHaveLength(2);

    const audit = await t().db.selectFrom('contest_audit').selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      contest_id: contest.id,
      submission_id: a.id,
      action: 'votes_voided',
      actor_name: 'Sam Staff',
      created_at: '2026-06-15T18:01:00.000Z',
    });
    expect(JSON.parse(audit[0]!.detail)).toEqual({
      count: 4,
      vote_ids: [...chosen].sort((x, y) => x - y),
      reason: 'Votes from one household script',
    });
    // The public count the viewer sees drops as well.
    const [viewer] = await viewers(t(), 1);
    const state = await t().get<VoteState>('/api/userlikes', {
      token: viewer!.token,
      query: { submissionid: String(a.id), liked: 'true' },
    });
    expect(state.body.data[0]?.votes).toBe(2);
  });

  it('lets only one of two simultaneous voids of the same votes through: one log line, the count down by N once', async () => {
    const { contest, a, staff } = await setup(t());
    await castVotes(t(), a.id, 5);
    const ids = (await review(t(), staff, contest.id, a.id)).body.data[0]!.list.slice(0, 3).map((v) => v.id);
    const body = { submissionid: a.id, voteids: ids, reason: 'one script' };
    const answers = await Promise.all([
      voidVotes(t(), staff, contest.id, body),
      voidVotes(t(), staff, contest.id, body),
      voidVotes(t(), staff, contest.id, { ...body, voteids: [ids[2]] }),
    ]);
    expect(answers.filter((r) => r.http === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.http === 409)).toHaveLength(2);
    const audit = await t().db.selectFrom('contest_audit').selectAll().execute();
    expect(audit).toHaveLength(1);
    const detail = JSON.parse(audit[0]!.detail) as { count: number; vote_ids: number[] };
    const after = (await review(t(), staff, contest.id, a.id)).body.data[0]!;
    expect(after.voided_votes).toBe(detail.count);
    expect(after.votes).toBe(5 - detail.count);
    expect(
      after.list
        .filter((v) => v.voided_at)
        .map((v) => v.id)
        .sort((x, y) => x - y),
    ).toEqual(detail.vote_ids);
  });

  it('refuses voids of another entry’s votes (400), voided votes (409) and after results are fixed (409), changing nothing', async () => {
    const { contest, a, b, staff } = await setup(t());
    await castVotes(t(), a.id, 3);
    await castVotes(t(), b.id, 2);
    const aIds = (await review(t(), staff, contest.id, a.id)).body.data[0]!.list.map((v) => v.id);
    const bIds = (await review(t(), staff, contest.id, b.id)).body.data[0]!.list.map((v) => v.id);
    const other = await insertContest(t().db, t().clock.now());
    const [c] = await viewers(t(), 1);
    const otherEntry = await insertSubmission(t().db, other.id, c!.id, t().clock.now());

    let before = await tables(t());
    const foreign = await voidVotes(t(), staff, contest.id, {
      submissionid: a.id,
      voteids: [aIds[0], bIds[0]],
      reason: 'script',
    });
    expect(foreign.http).toBe(400);
    expect(foreign.body.message).toBe(CONTEST_VOTE_MESSAGES.voidNotThisEntry);
    expect(foreign.body.data).toEqual([{ field: 'voteids', ids: [bIds[0]] }]);
    const unknown = await voidVotes(t(), staff, contest.id, {
      submissionid: a.id,
      voteids: [999_999],
      reason: 'script',
    });
    expect(unknown.http).toBe(400);
    // The entry of another contest, and that contest with this contest's votes.
    const wrongContest = await voidVotes(t(), staff, contest.id, {
      submissionid: otherEntry.id,
      voteids: [aIds[0]],
      reason: 'script',
    });
    expect(wrongContest.http).toBe(404);
    const wrongPair = await voidVotes(t(), staff, other.id, {
      submissionid: a.id,
      voteids: [aIds[0]],
      reason: 'script',
    });
    expect(wrongPair.http).toBe(404);
    expect(await tables(t())).toEqual(before);

    expect(
      (await voidVotes(t(), staff, contest.id, { submissionid: a.id, voteids: [aIds[0]], reason: 'script' })).http,
    ).toBe(200);
    before = await tables(t());
    const again = await voidVotes(t(), staff, contest.id, {
      submissionid: a.id,
      voteids: [aIds[1], aIds[0]],
      reason: 'script',
    });
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(CONTEST_VOTE_MESSAGES.voidAlreadyVoided);
    expect(await tables(t())).toEqual(before);

    await t()
      .db.updateTable('contests')
      .set({ results_fixed_at: t().clock.now().toISOString() })
      .where('id', '=', contest.id)
      .execute();
    before = await tables(t());
    const fixed = await voidVotes(t(), staff, contest.id, { submissionid: a.id, voteids: [aIds[1]], reason: 'script' });
    expect(fixed.http).toBe(409);
    expect(fixed.body.message).toBe(CONTEST_VOTE_MESSAGES.voidResultsFixed);
    expect(await tables(t())).toEqual(before);
    // The review stays readable after the results are fixed.
    expect((await review(t(), staff, contest.id, a.id)).body.data[0]).toMatchObject({ votes: 2, voided_votes: 1 });
  });

  it('refuses bad input (400), unknown contests and entries (404), and changes nothing', async () => {
    const { contest, a, staff } = await setup(t());
    await castVotes(t(), a.id, 1);
    const id = (await review(t(), staff, contest.id, a.id)).body.data[0]!.list[0]!.id;
    const before = await tables(t());
    for (const res of [
      await review(t(), staff, contest.id, 'abc'),
      await t().get(`/api/staff/contests/${contest.id}/votes`, { token: staff }),
      await t().get(`/api/staff/contests/abc/votes`, { token: staff, query: { submissionid: String(a.id) } }),
      await voidVotes(t(), staff, contest.id, { submissionid: a.id, voteids: [], reason: 'script' }),
      await voidVotes(t(), staff, contest.id, { submissionid: a.id, voteids: ['abc'], reason: 'script' }),
      await voidVotes(t(), staff, contest.id, { submissionid: a.id, voteids: [id] }),
      await voidVotes(t(), staff, contest.id, { submissionid: a.id, voteids: [id], reason: ' a ' }),
      await voidVotes(t(), staff, contest.id, { voteids: [id], reason: 'script' }),
      await voidVotes(t(), staff, 'abc', { submissionid: a.id, voteids: [id], reason: 'script' }),
    ]) {
      expect(res.http).toBe(400);
      expect(res.body.statusCode).toBe(400);
    }
    const short = await voidVotes(t(), staff, contest.id, { submissionid: a.id, voteids: [id], reason: 'ab' });
    expect(short.body.message).toBe('Say why the votes are removed.');
    for (const res of [
      await review(t(), staff, 999_999, a.id),
      await review(t(), staff, contest.id, 999_999),
      await voidVotes(t(), staff, 999_999, { submissionid: a.id, voteids: [id], reason: 'script' }),
    ]) {
      expect(res.http).toBe(404);
      expect(res.body.message).toBe(MESSAGES.notFound);
    }
    expect(await tables(t())).toEqual(before);
  });

  it('refuses visitors (401) and viewers (403) on both staff calls, changing nothing', async () => {
    const { contest, a, staff } = await setup(t());
    await castVotes(t(), a.id, 1);
    const id = (await review(t(), staff, contest.id, a.id)).body.data[0]!.list[0]!.id;
    const [viewer] = await viewers(t(), 1);
    const before = await tables(t());
    const body = { submissionid: a.id, voteids: [id], reason: 'script' };
    for (const [token, status] of [
      [undefined, 401],
      [viewer!.token, 403],
    ] as const) {
      expect((await review(t(), token, contest.id, a.id)).http).toBe(status);
      expect((await voidVotes(t(), token, contest.id, body)).http).toBe(status);
    }
    expect(await tables(t())).toEqual(before);
  });
});
