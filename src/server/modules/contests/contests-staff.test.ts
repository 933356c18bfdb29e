// Staff contest calls on both engines: create, update, get, list, the queue and its reviews,
// close and the log; bad input changes nothing, viewers get 403, visitors 401, a final contest 409.
import { expect, it } from 'vitest';
import type { AuditLine, StaffContest, SubmissionQueue } from '../../../shared/contract/contests';
import { CONTEST_MESSAGES } from '../../../shared/contest-messages';
import { MESSAGES } from '../../../shared/messages';
import { insertContest, insertSubmission } from '../../testing/contests';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import type { Envelope } from '../../../shared/contract/envelope';

const fields = (over: Record<string, unknown> = {}) => ({
  title: 'Best ring photo',
  description: 'Your favourite ring, in daylight.',
  rules: '<p>One photo each.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
  submit_opens_at: '2026-06-16T09:00:00-07:00',
  submit_closes_at: '2026-06-20T21:00:00-07:00',
  vote_opens_at: '2026-06-21T09:00:00-07:00',
  vote_closes_at: '2026-06-25T21:00:00-07:00',
  entries_per_viewer: 2,
  vote_rule: 'daily',
  show_counts: false,
  winner_count: 3,
  prize_points: 500,
  prize_text: 'A sapphire pendant',
  ...over,
});

async function put<T>(t: TestApp, url: string, body: unknown, token?: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
  });
  return { http: res.statusCode, body: res.json<Envelope<T>>() };
}

const contestsState = async (t: TestApp) => ({
  contests: await t.db.selectFrom('contests').selectAll().orderBy('id').execute(),
  entries: await t.db.selectFrom('contest_submissions').selectAll().orderBy('id').execute(),
  log: await t.db.selectFrom('contest_audit').selectAll().orderBy('id').execute(),
});

describeEachEngine('staff contests: create, update, get, list, log', (t) => {
  it('creates a contest with sanitised rules, LA instants stored in UTC, and logs it', async () => {
    const staff = await t().createStaff();
    const show = await t().createEvent();
    const res = await t().post<StaffContest>('/api/staff/contests', fields({ eventid: show.id }), {
      token: staff.tokenvalue,
    });
    expect(res.http).toBe(200);
    const contest = res.body.data[0]!;
    expect(contest).toMatchObject({
      title: 'Best ring photo',
      eventid: show.id,
      phase: 'upcoming',
      submit_opens_at: '2026-06-16T16:00:00.000Z',
      vote_rule: 'daily',
      show_counts: false,
      winner_count: 3,
      prize_points: 500,
      pending: 0,
      votes: 0,
    });
    expect(contest.rules_html).toContain('<p>One photo each.</p>');
    expect(contest.rules_html).not.toMatch(/script|javascript/);
    const got = await t().get<StaffContest>(`/api/staff/contests/${contest.id}`, { token: staff.tokenvalue });
    expect(got.body.data[0]).toEqual(contest);
    const list = await t().get<StaffContest>('/api/staff/contests', { token: staff.tokenvalue });
    expect(list.body.data.map((c) => c.id)).toEqual([contest.id]);

    const updated = await put<StaffContest>(
      t(),
      `/api/staff/contests/${contest.id}`,
      fields({ title: 'Best opal photo' }),
      staff.tokenvalue,
    );
    expect(updated.http).toBe(200);
    expect(updated.body.data[0]?.title).toBe('Best opal photo');
    const log = await t().get<AuditLine>(`/api/staff/contests/${contest.id}/log`, { token: staff.tokenvalue });
    expect(log.body.data.map((l) => l.action)).toEqual(['updated', 'created']);
    expect(log.body.data[0]?.detail).toContain('Best opal photo');
    expect(log.body.data[0]?.actor).toBe(`${staff.first_name} ${staff.last_name}`);
  });

  it('refuses bad input (400) and changes nothing', async () => {
    const staff = await t().createStaff();
    const existing = await insertContest(t().db, t().clock.now());
    const before = await contestsState(t());
    const cases: [Record<string, unknown>, string][] = [
      [fields({ title: '' }), 'title'],
      [fields({ submit_opens_at: '2026-06-16 09:00' }), 'submit_opens_at'],
      [fields({ entries_per_viewer: 11 }), 'entries_per_viewer'],
      [fields({ vote_rule: 'hourly' }), 'vote_rule'],
      [fields({ winner_count: 0 }), 'winner_count'],
      [fields({ prize_points: -5 }), 'prize_points'],
      [fields({ submit_closes_at: '2026-06-15T09:00:00-07:00' }), 'submit_opens_at'],
      [fields({ vote_opens_at: '2026-06-10T09:00:00-07:00' }), 'submit_opens_at'],
      [fields({ eventid: 999 }), 'eventid'],
    ];
    for (const [body, field] of cases) {
      const created = await t().post('/api/staff/contests', body, { token: staff.tokenvalue });
      expect({ field, http: created.http, issue: created.body.data[0] }).toMatchObject({
        field,
        http: 400,
        issue: { field },
      });
      const updated = await put(t(), `/api/staff/contests/${existing.id}`, body, staff.tokenvalue);
      expect({ field, http: updated.http }).toEqual({ field, http: 400 });
    }
    const windows = await t().post('/api/staff/contests', fields({ vote_closes_at: '2026-06-18T09:00:00-07:00' }), {
      token: staff.tokenvalue,
    });
    expect(windows.body.message).toBe('Voting must open before it closes.');
    expect(await contestsState(t())).toEqual(before);
    expect((await t().get(`/api/staff/contests/999`, { token: staff.tokenvalue })).http).toBe(404);
    expect((await put(t(), `/api/staff/contests/999`, fields(), staff.tokenvalue)).http).toBe(404);
  });

  it('answers 401 without a token and 403 to a viewer on every staff call, changing nothing', async () => {
    const viewer = await t().createViewer();
    const contest = await insertContest(t().db, t().clock.now());
    const before = await contestsState(t());
    const base = `/api/staff/contests/${contest.id}`;
    for (const [token, http] of [
      [undefined, 401],
      [viewer.tokenvalue, 403],
    ] as const) {
      const answers = [
        await t().get('/api/staff/contests', { token }),
        await t().get(base, { token }),
        await t().post('/api/staff/contests', fields(), { token }),
        await put(t(), base, fields(), token),
        await t().get(`${base}/submissions`, { token }),
        await t().post(`${base}/review`, { ids: [1], decision: 'approve' }, { token }),
        await t().post(`${base}/close`, {}, { token }),
        await t().get(`${base}/log`, { token }),
      ];
      expect(answers.map((a) => a.http)).toEqual(answers.map(() => http));
      if (http === 403) expect(answers[0]?.body.message).toBe(MESSAGES.forbidden);
    }
    expect(await contestsState(t())).toEqual(before);
  });
});

describeEachEngine('staff contests: the queue and reviews', (t) => {
  it('approves and rejects several at once, each logged, and shows the counts', async () => {
    const staff = await t().createStaff();
    const a = await t().createViewer();
    const b = await t().createViewer();
    const contest = await insertContest(t().db, t().clock.now());
    const s1 = await insertSubmission(t().db, contest.id, a.id, t().clock.now(), { state: 'pending' });
    const s2 = await insertSubmission(t().db, contest.id, b.id, t().clock.now(), { state: 'pending' });
    const s3 = await insertSubmission(t().db, contest.id, a.id, t().clock.now(), { state: 'pending', slot: 2 });
    const base = `/api/staff/contests/${contest.id}`;
    const queue = await t().get<SubmissionQueue>(`${base}/submissions`, { token: staff.tokenvalue });
    expect(queue.body.data[0]?.counts).toEqual({ pending: 3, approved: 0, rejected: 0 });
    expect(queue.body.data[0]?.submissions[0]).toMatchObject({
      id: s1.id,
      email: a.email,
      entrant: `${a.first_name} ${a.last_name}`,
    });

    const approved = await t().post<SubmissionQueue>(
      `${base}/review`,
      { ids: [s1.id, s2.id], decision: 'approve' },
      { token: staff.tokenvalue },
    );
    expect(approved.http).toBe(200);
    expect(approved.body.data[0]?.counts).toEqual({ pending: 1, approved: 2, rejected: 0 });
    const rejected = await t().post<SubmissionQueue>(
      `${base}/review`,
      { ids: [s3.id], decision: 'reject', reason: 'Not a ring' },
      { token: staff.tokenvalue },
    );
    expect(rejected.body.data[0]?.counts).toEqual({ pending: 0, approved: 2, rejected: 1 });
    const rejectedList = await t().get<SubmissionQueue>(`${base}/submissions`, {
      token: staff.tokenvalue,
      query: { state: 'rejected' },
    });
    expect(rejectedList.body.data[0]?.submissions.map((s) => [s.id, s.reject_reason])).toEqual([[s3.id, 'Not a ring']]);

    const log = await t().db.selectFrom('contest_audit').selectAll().orderBy('id').execute();
    expect(log.map((l) => [l.action, l.submission_id, l.actor_id])).toEqual([
      ['approved', s1.id, staff.id],
      ['approved', s2.id, staff.id],
      ['rejected', s3.id, staff.id],
    ]);
    // The entrant sees the state and the reason.
    const detail = await t().get<{ mine: { id: number; state: string; reject_reason: string }[] }>('/api/contest_v1', {
      query: { contestid: String(contest.id) },
      token: a.tokenvalue,
    });
    expect(detail.body.data[0]?.mine.map((m) => [m.id, m.state, m.reject_reason])).toEqual([
      [s1.id, 'approved', ''],
      [s3.id, 'rejected', 'Not a ring'],
    ]);
  });

  it('refuses bad reviews and changes nothing: ids of another contest, no reason, bad state', async () => {
    const staff = await t().createStaff();
    const a = await t().createViewer();
    const contest = await insertContest(t().db, t().clock.now());
    const other = await insertContest(t().db, t().clock.now());
    const mine = await insertSubmission(t().db, contest.id, a.id, t().clock.now(), { state: 'pending' });
    const elsewhere = await insertSubmission(t().db, other.id, a.id, t().clock.now(), { state: 'pending' });
    const before = await contestsState(t());
    const base = `/api/staff/contests/${contest.id}`;
    const mixed = await t().post(
      `${base}/review`,
      { ids: [mine.id, elsewhere.id], decision: 'approve' },
      { token: staff.tokenvalue },
    );
    expect([mixed.http, mixed.body.message]).toEqual([400, CONTEST_MESSAGES.notInContest]);
    const noReason = await t().post(
      `${base}/review`,
      { ids: [mine.id], decision: 'reject' },
      { token: staff.tokenvalue },
    );
    expect([noReason.http, noReason.body.data[0]]).toMatchObject([400, { field: 'reason' }]);
    const empty = await t().post(`${base}/review`, { ids: [], decision: 'approve' }, { token: staff.tokenvalue });
    expect(empty.http).toBe(400);
    const badState = await t().get(`${base}/submissions`, { token: staff.tokenvalue, query: { state: 'lost' } });
    expect(badState.http).toBe(400);
    expect(await contestsState(t())).toEqual(before);
  });
});

describeEachEngine('staff contests: close and after the results', (t) => {
  it('closes voting now, logs it, fixes results once; then update, review and close answer 409', async () => {
    const staff = await t().createStaff();
    const a = await t().createViewer();
    const contest = await insertContest(t().db, t().clock.now());
    const entry = await insertSubmission(t().db, contest.id, a.id, t().clock.now(), { state: 'pending' });
    const base = `/api/staff/contests/${contest.id}`;
    const closed = await t().post<StaffContest>(`${base}/close`, {}, { token: staff.tokenvalue });
    expect(closed.http).toBe(200);
    expect(closed.body.data[0]).toMatchObject({ phase: 'closed', results_fixed_at: t().clock.now().toISOString() });
    const before = await contestsState(t());
    expect(before.log.map((l) => l.action)).toEqual(['closed', 'results_fixed']);

    const again = await t().post(`${base}/close`, {}, { token: staff.tokenvalue });
    const update = await put(t(), base, fields(), staff.tokenvalue);
    const review = await t().post(
      `${base}/review`,
      { ids: [entry.id], decision: 'approve' },
      { token: staff.tokenvalue },
    );
    for (const res of [again, update, review])
      expect([res.http, res.body.message]).toEqual([409, CONTEST_MESSAGES.resultsFixed]);
    expect(await contestsState(t())).toEqual(before);
  });

  it('refuses to close a contest that has not started (409)', async () => {
    const staff = await t().createStaff();
    const later = new Date(t().clock.now().getTime() + 3600_000).toISOString();
    const contest = await insertContest(t().db, t().clock.now(), {
      submit_opens_at: later,
      submit_closes_at: later.replace(/T../, 'T23'),
    });
    const res = await t().post(`/api/staff/contests/${contest.id}/close`, {}, { token: staff.tokenvalue });
    expect([res.http, res.body.message]).toEqual([409, CONTEST_MESSAGES.notStarted]);
    expect(
      (await t().db.selectFrom('contests').select('results_fixed_at').executeTakeFirstOrThrow()).results_fixed_at,
    ).toBeNull();
  });
});
