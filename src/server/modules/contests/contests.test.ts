// The public contest calls on both engines: contests_v1, contest_v1, contestcounts_v1 and
// contestusers' rules (windows, replacing a photo, whose entry, field checks, limits).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import {
  CAPTION_MAX,
  type ContestCounts,
  type ContestDetail,
  type ContestSummary,
} from '../../../shared/contract/contests';
import { CONTEST_MESSAGES } from '../../../shared/contest-messages';
import { MESSAGES } from '../../../shared/messages';
import { laDay } from '../../../shared/time';
import { mediaRoot } from '../../platform/media';
import { photo, submitEntry } from '../../testing/contest-uploads';
import { insertContest, insertSubmission } from '../../testing/contests';
import { describeEachEngine, type TestApp } from '../../testing/harness';

const HOUR = 3600_000;
const at = (t: TestApp, hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();

function submittingContest(t: TestApp, fields: Parameters<typeof insertContest>[2] = {}) {
  return insertContest(t.db, t.clock.now(), {
    submit_opens_at: at(t, -1),
    submit_closes_at: at(t, 24),
    vote_opens_at: at(t, 24),
    vote_closes_at: at(t, 48),
    ...fields,
  });
}

async function files(t: TestApp) {
  return readdir(path.join(mediaRoot(t.config.dataDir), 'contests')).catch(() => []);
}

describeEachEngine('contests_v1', (t) => {
  it('lists contests with their phase, voting first, with approved entries and a cover', async () => {
    const viewer = await t().createViewer();
    const upcoming = await insertContest(t().db, t().clock.now(), {
      title: 'Later',
      submit_opens_at: at(t(), 24),
      submit_closes_at: at(t(), 48),
      vote_opens_at: at(t(), 48),
      vote_closes_at: at(t(), 72),
    });
    const show = await t().createEvent({ title: 'Sapphire Sunday' });
    const voting = await insertContest(t().db, t().clock.now(), { title: 'Now', event_id: show.id });
    await insertSubmission(t().db, voting.id, viewer.id, t().clock.now());
    await insertSubmission(t().db, voting.id, viewer.id, t().clock.now(), { slot: 2, state: 'pending' });
    const res = await t().get<ContestSummary>('/api/contests_v1');
    expect(res.http).toBe(200);
    expect(res.body.data.map((c) => [c.id, c.phase, c.entries])).toEqual([
      [voting.id, 'voting', 1],
      [upcoming.id, 'upcoming', 0],
    ]);
    expect(res.body.data[0]?.cover_url).toMatch(/^\/media\/contests\//);
    expect(res.body.data[1]?.cover_url).toBeNull();
    // The show a contest belongs to comes with its title, for the contest page's link to it.
    expect(res.body.data.map((c) => [c.eventid, c.event_title])).toEqual([
      [show.id, 'Sapphire Sunday'],
      [null, null],
    ]);
    const detail = await t().get<ContestDetail>('/api/contest_v1', { query: { contestid: String(voting.id) } });
    expect(detail.body.data[0]?.event_title).toBe('Sapphire Sunday');
  });
});

describeEachEngine('contest_v1 and contestcounts_v1', (t) => {
  it('shows approved entries only, the caller’s entries in any state, their vote and likes', async () => {
    const me = await t().createViewer();
    const other = await t().createViewer();
    const contest = await insertContest(t().db, t().clock.now(), { vote_rule: 'daily' });
    const mine = await insertSubmission(t().db, contest.id, me.id, t().clock.now());
    const theirs = await insertSubmission(t().db, contest.id, other.id, t().clock.now());
    const pending = await insertSubmission(t().db, contest.id, me.id, t().clock.now(), { slot: 2, state: 'pending' });
    const rejected = await insertSubmission(t().db, contest.id, other.id, t().clock.now(), {
      slot: 2,
      state: 'rejected',
      reject_reason: 'Blurry',
    });
    const now = t().clock.now().toISOString();
    const vote = (submission_id: number, user_id: number, vote_day: string, voided = false) => ({
      contest_id: contest.id,
      submission_id,
      user_id,
      vote_day,
      ip: '',
      network: '',
      visitor: '',
      created_at: now,
      cast_at: now,
      voided_at: voided ? now : null,
      voided_by: null,
      void_reason: voided ? 'Ring of new accounts' : '',
    });
    await t()
      .db.insertInto('contest_votes')
      .values([
        vote(theirs.id, me.id, laDay(t().clock.now())),
        vote(theirs.id, other.id, '2026-06-01'),
        vote(mine.id, other.id, '2026-06-02', true),
      ])
      .execute();
    await t()
      .db.insertInto('contest_likes')
      .values({ submission_id: mine.id, user_id: me.id, created_at: now })
      .execute();

    const res = await t().get<ContestDetail>('/api/contest_v1', {
      query: { contestid: String(contest.id) },
      token: me.tokenvalue,
    });
    expect(res.http).toBe(200);
    const detail = res.body.data[0]!;
    expect(detail.phase).toBe('voting');
    expect(detail.gallery.map((g) => g.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect(detail.gallery.find((g) => g.id === theirs.id)).toMatchObject({
      votes: 2,
      likes: 0,
      voted: true,
      mine: false,
      liked: false,
      entrant: 'Viewer N.',
    });
    expect(detail.gallery.find((g) => g.id === mine.id)).toMatchObject({
      votes: 0,
      likes: 1,
      removed_votes: 1,
      liked: true,
      mine: true,
    });
    expect(detail.mine.map((m) => [m.id, m.state])).toEqual([
      [mine.id, 'approved'],
      [pending.id, 'pending'],
    ]);
    expect(detail.my_vote).toBe(theirs.id);
    expect(detail.results).toEqual([]);
    expect(JSON.stringify(detail)).not.toContain(String(rejected.reject_reason));

    const counts = await t().get<ContestCounts>('/api/contestcounts_v1', {
      query: { contestid: String(contest.id) },
      token: me.tokenvalue,
    });
    expect(counts.http).toBe(200);
    expect(counts.body.data[0]).toEqual({
      contestid: contest.id,
      phase: 'voting',
      counts_visible: true,
      my_vote: theirs.id,
      entries: [
        { id: mine.id, votes: 0, likes: 1, liked: true },
        { id: theirs.id, votes: 2, likes: 0, liked: false },
      ].sort((a, b) => a.id - b.id),
    });
    const signedOut = await t().get<ContestCounts>('/api/contestcounts_v1', {
      query: { contestid: String(contest.id) },
    });
    expect(signedOut.body.data[0]?.my_vote).toBeNull();
  });

  it('hides counts while voting when the contest says so', async () => {
    const me = await t().createViewer();
    const contest = await insertContest(t().db, t().clock.now(), { show_counts: 0 });
    await insertSubmission(t().db, contest.id, me.id, t().clock.now());
    const detail = (await t().get<ContestDetail>('/api/contest_v1', { query: { contestid: String(contest.id) } })).body
      .data[0]!;
    expect(detail.counts_visible).toBe(false);
    expect(detail.gallery[0]).toMatchObject({ votes: null, likes: null });
    const counts = (await t().get<ContestCounts>('/api/contestcounts_v1', { query: { contestid: String(contest.id) } }))
      .body.data[0]!;
    expect(counts.entries[0]).toMatchObject({ votes: null, likes: null });
  });

  it('shuffles the gallery per viewer while voting, the same for each viewer every time', async () => {
    const contest = await insertContest(t().db, t().clock.now());
    const entrants = [];
    for (let i = 0; i < 8; i += 1) entrants.push(await t().createViewer());
    for (const e of entrants) await insertSubmission(t().db, contest.id, e.id, t().clock.now());
    const orderFor = async (token: string) =>
      (
        await t().get<ContestDetail>('/api/contest_v1', { query: { contestid: String(contest.id) }, token })
      ).body.data[0]!.gallery.map((g) => g.id);
    const orders = await Promise.all(entrants.map((e) => orderFor(e.tokenvalue)));
    expect(await orderFor(entrants[0]!.tokenvalue)).toEqual(orders[0]);
    expect(new Set(orders.map((o) => o.join())).size).toBeGreaterThan(1);
  });

  it('refuses a bad or unknown contest id', async () => {
    const bad = await t().get('/api/contest_v1', { query: { contestid: 'abc' } });
    expect(bad.http).toBe(400);
    expect(bad.body.data[0]).toMatchObject({ field: 'contestid' });
    const unknown = await t().get('/api/contestcounts_v1', { query: { contestid: '999' } });
    expect(unknown.http).toBe(404);
    expect(unknown.body.message).toBe(CONTEST_MESSAGES.notFound);
  });
});

describeEachEngine('contestusers', (t) => {
  it('takes a pending entry with its caption and consent while submissions are open', async () => {
    const viewer = await t().createViewer();
    const contest = await submittingContest(t());
    const res = await submitEntry(
      t(),
      viewer.tokenvalue,
      { contestid: contest.id, caption: '  My opal  ', consent: 'true' },
      await photo(1),
    );
    expect(res.http).toBe(200);
    expect(res.body.message).toBe(CONTEST_MESSAGES.submitted);
    expect(res.body.data[0]).toMatchObject({
      caption: 'My opal',
      state: 'pending',
      consent_on_air: true,
      reject_reason: '',
    });
    const detail = (
      await t().get<ContestDetail>('/api/contest_v1', {
        query: { contestid: String(contest.id) },
        token: viewer.tokenvalue,
      })
    ).body.data[0]!;
    expect(detail.gallery).toEqual([]);
    expect(detail.mine.map((m) => m.state)).toEqual(['pending']);
  });

  it('refuses bad fields (400) and stores nothing', async () => {
    const viewer = await t().createViewer();
    const contest = await submittingContest(t());
    const cases: [Record<string, string | number>, string][] = [
      [{ caption: 'x' }, 'contestid'],
      [{ contestid: 'abc' }, 'contestid'],
      [{ contestid: contest.id, caption: 'x'.repeat(CAPTION_MAX + 1) }, 'caption'],
      [{ contestid: contest.id, consent: 'maybe' }, 'consent'],
      [{ contestid: contest.id, submissionid: '-1' }, 'submissionid'],
    ];
    for (const [fields, field] of cases) {
      const res = await submitEntry(t(), viewer.tokenvalue, fields, await photo(2));
      expect({ field, http: res.http, issue: res.body.data[0] }).toMatchObject({ field, http: 400, issue: { field } });
    }
    expect(await t().db.selectFrom('contest_submissions').select('id').execute()).toEqual([]);
    expect(await files(t())).toEqual([]);
  });

  it('refuses a caller without a token (401) and an unknown contest (404)', async () => {
    const contest = await submittingContest(t());
    const res = await submitEntry(t(), undefined, { contestid: contest.id }, await photo(1));
    expect(res.http).toBe(401);
    expect(res.body.message).toBe(MESSAGES.unauthorized);
    const viewer = await t().createViewer();
    expect((await submitEntry(t(), viewer.tokenvalue, { contestid: 999 }, await photo(1))).http).toBe(404);
    expect(await t().db.selectFrom('contest_submissions').select('id').execute()).toEqual([]);
  });

  it('refuses entries before and after the submission window (409)', async () => {
    const viewer = await t().createViewer();
    const voting = await insertContest(t().db, t().clock.now());
    const upcoming = await submittingContest(t(), { submit_opens_at: at(t(), 1) });
    for (const contest of [voting, upcoming]) {
      const res = await submitEntry(t(), viewer.tokenvalue, { contestid: contest.id }, await photo(1));
      expect(res.http).toBe(409);
      expect(res.body.message).toBe(CONTEST_MESSAGES.notSubmitting);
    }
    expect(await files(t())).toEqual([]);
  });

  it('replaces the photo of a rejected entry: pending again, reason cleared, old file removed', async () => {
    const viewer = await t().createViewer();
    const contest = await submittingContest(t());
    const first = await submitEntry(t(), viewer.tokenvalue, { contestid: contest.id, caption: 'One' }, await photo(1));
    const id = first.body.data[0]!.id;
    const before = await t()
      .db.selectFrom('contest_submissions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t()
      .db.updateTable('contest_submissions')
      .set({ state: 'rejected', reject_reason: 'Too dark' })
      .where('id', '=', id)
      .execute();
    const res = await submitEntry(
      t(),
      viewer.tokenvalue,
      { contestid: contest.id, submissionid: id, caption: 'Two' },
      await photo(2),
    );
    expect(res.http).toBe(200);
    expect(res.body.message).toBe(CONTEST_MESSAGES.replaced);
    expect(res.body.data[0]).toMatchObject({ id, caption: 'Two', state: 'pending', reject_reason: '' });
    const after = await t()
      .db.selectFrom('contest_submissions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.photo_path).not.toBe(before.photo_path);
    expect(await files(t())).toEqual([path.basename(after.photo_path)]);
    expect((await t().db.selectFrom('contest_submissions').select('id').execute()).length).toBe(1);
  });

  it('refuses to replace an approved entry, another viewer’s entry, or after the window', async () => {
    const viewer = await t().createViewer();
    const other = await t().createViewer();
    const contest = await submittingContest(t(), { entries_per_viewer: 2 });
    const approved = await insertSubmission(t().db, contest.id, viewer.id, t().clock.now());
    const theirs = await insertSubmission(t().db, contest.id, other.id, t().clock.now(), { state: 'pending' });
    const locked = await submitEntry(
      t(),
      viewer.tokenvalue,
      { contestid: contest.id, submissionid: approved.id },
      await photo(3),
    );
    expect([locked.http, locked.body.message]).toEqual([409, CONTEST_MESSAGES.approvedLocked]);
    const notMine = await submitEntry(
      t(),
      viewer.tokenvalue,
      { contestid: contest.id, submissionid: theirs.id },
      await photo(3),
    );
    expect([notMine.http, notMine.body.message]).toEqual([404, CONTEST_MESSAGES.entryNotFound]);
    await t()
      .db.updateTable('contests')
      .set({ submit_closes_at: at(t(), -0.5), vote_opens_at: at(t(), -0.5) })
      .execute();
    const pending = await insertSubmission(t().db, contest.id, viewer.id, t().clock.now(), {
      slot: 2,
      state: 'pending',
    });
    const late = await submitEntry(
      t(),
      viewer.tokenvalue,
      { contestid: contest.id, submissionid: pending.id },
      await photo(3),
    );
    expect([late.http, late.body.message]).toEqual([409, CONTEST_MESSAGES.notSubmitting]);
    expect(await files(t())).toEqual([]);
    const rows = await t().db.selectFrom('contest_submissions').select(['id', 'photo_path']).orderBy('id').execute();
    expect(rows.map((r) => r.photo_path)).toEqual([approved.photo_path, theirs.photo_path, pending.photo_path]);
  });

  it('limits uploads per address before the token is read (429 in the envelope)', async () => {
    const answers = [];
    for (let i = 0; i < 31; i += 1)
      answers.push(await submitEntry(t(), undefined, { contestid: 1 }, undefined, '203.0.113.9'));
    expect(answers.slice(0, 30).every((a) => a.http === 401)).toBe(true);
    expect(answers[30]?.body).toMatchObject({ statusCode: 429, message: CONTEST_MESSAGES.tooManyUploads });
    expect((await submitEntry(t(), undefined, { contestid: 1 }, undefined, '203.0.113.10')).http).toBe(401);
  });

  it('limits uploads per viewer (429 in the envelope)', async () => {
    const viewer = await t().createViewer();
    const contest = await submittingContest(t());
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push(await submitEntry(t(), viewer.tokenvalue, { contestid: 999 }));
    expect(answers.slice(0, 10).every((a) => a.http === 404)).toBe(true);
    expect(answers[10]?.http).toBe(429);
    expect(answers[10]?.body).toMatchObject({ statusCode: 429, message: CONTEST_MESSAGES.tooManyUploads });
    expect(contest.id).toBeGreaterThan(0);
  });
});
