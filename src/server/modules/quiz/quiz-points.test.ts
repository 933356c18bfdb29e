// Quiz points (decision 061): staff mark a question's right answer; a viewer whose answers are all
// right earns the quiz rule's points once per event, in the answers' transaction; no viewer call
// ever carries the right answer.
import { expect, it } from 'vitest';
import type { StaffQuestion } from '../../../shared/contract/quiz';
import { describeEachEngine, type TestApp } from '../../testing/harness';

/** The viewer's quiz rows (the RSVP the quiz makes earns its own row, checked on its own). */
const ledgerOf = (t: TestApp, userId: number, reason = 'quiz') =>
  t.db
    .selectFrom('reward_ledger')
    .select(['points', 'reason', 'source_id', 'state'])
    .where('user_id', '=', userId)
    .where('reason', '=', reason)
    .orderBy('seq')
    .execute();

const QUESTIONS = [
  { prompt: 'Which stone is July’s?', choices: ['Ruby', 'Opal', 'Pearl'], right_answer: 'Ruby' },
  { prompt: 'Which is harder?', choices: ['Diamond', 'Quartz'], right_answer: 'Diamond' },
  { prompt: 'What would you like to see?', choices: [] },
];

async function quizEvent(t: TestApp, questions: unknown[] = QUESTIONS) {
  const staff = await t.createStaff();
  const event = await t.createEvent({ type: 'specialshow', title: 'Birthstone Ball' });
  const set = await t.post<StaffQuestion>(
    `/api/staff/events/${event.id}/questions`,
    { questions },
    { token: staff.tokenvalue },
  );
  expect(set.http, JSON.stringify(set.body)).toBe(200);
  return { staff, event, questions: set.body.data };
}

/** The answers in the questions' order: the first two as given, any free answer 'Tell us more'. */
const answers = (questions: StaffQuestion[], picks: string[]) =>
  questions.map((q, index) => ({ question_id: q.id, answer: picks[index] ?? 'Tell us more' }));

describeEachEngine('quiz points', (t) => {
  it('lets staff set and read the right answers, and no viewer call carries them', async () => {
    const { staff, event, questions } = await quizEvent(t());
    expect(questions.map((q) => q.right_answer)).toEqual(['Ruby', 'Diamond', null]);
    const read = await t().get<StaffQuestion>(`/api/staff/events/${event.id}/questions`, { token: staff.tokenvalue });
    expect([read.http, read.body.data]).toEqual([200, questions]);

    const viewer = await t().createViewer();
    for (const token of [undefined, viewer.tokenvalue]) {
      const listed = await t().get('/api/eventquestions', { token, query: { eventid: String(event.id) } });
      expect(listed.http).toBe(200);
      expect(listed.body.data).toEqual(questions.map(({ id, prompt, choices }) => ({ id, prompt, choices })));
      expect(JSON.stringify(listed.body)).not.toContain('right_answer');
    }
    const submitted = await t().post(
      '/api/rsvpquiz_v1',
      { eventid: event.id, answers: answers(questions, ['Opal', 'Quartz']) },
      { token: viewer.tokenvalue },
    );
    expect(submitted.http).toBe(200);
    expect(JSON.stringify(submitted.body)).not.toContain('right_answer');
    const check = await t().get('/api/checkifspecialeventsubmitted', {
      token: viewer.tokenvalue,
      query: { eventid: String(event.id) },
    });
    expect(JSON.stringify(check.body)).not.toMatch(/right_answer|Ruby|Diamond/);
  });

  it('credits the quiz points once when every right answer is given, and keeps free answers out of it', async () => {
    const { event, questions } = await quizEvent(t());
    const viewer = await t().createViewer();
    const body = { eventid: event.id, answers: answers(questions, ['Ruby', 'Diamond', 'Anything at all']) };
    const res = await t().post('/api/rsvpquiz_v1', body, { token: viewer.tokenvalue });
    expect(res.http).toBe(200);
    expect(await ledgerOf(t(), viewer.id)).toEqual([
      { points: 50, reason: 'quiz', source_id: `event:${event.id}`, state: 'settled' },
    ]);
    const again = await t().post('/api/rsvpquiz_v1', body, { token: viewer.tokenvalue });
    expect(again.http).toBe(409);
    expect(await ledgerOf(t(), viewer.id)).toHaveLength(1);
  });

  it('credits the RSVP the quiz makes like any other RSVP, once, right answers or not', async () => {
    const { event, questions } = await quizEvent(t());
    const viewer = await t().createViewer();
    const body = { eventid: event.id, answers: answers(questions, ['Opal', 'Quartz']) };
    expect((await t().post('/api/rsvpquiz_v1', body, { token: viewer.tokenvalue })).http).toBe(200);
    expect((await t().post('/api/rsvpquiz_v1', body, { token: viewer.tokenvalue })).http).toBe(409);
    expect(await ledgerOf(t(), viewer.id, 'rsvp')).toEqual([
      { points: 10, reason: 'rsvp', source_id: `event:${event.id}`, state: 'settled' },
    ]);
  });

  it('credits nothing when one right answer is missed, but keeps the answers and the RSVP', async () => {
    const { event, questions } = await quizEvent(t());
    const viewer = await t().createViewer();
    const res = await t().post(
      '/api/rsvpquiz_v1',
      { eventid: event.id, answers: answers(questions, ['Ruby', 'Quartz']) },
      { token: viewer.tokenvalue },
    );
    expect(res.http).toBe(200);
    expect(await ledgerOf(t(), viewer.id)).toEqual([]);
    expect(await t().db.selectFrom('quiz_answers').select('user_id').execute()).toHaveLength(1);
    expect(await t().db.selectFrom('rsvps').select('user_id').execute()).toHaveLength(1);
  });

  it('gives one set of answers and one credit when the same viewer submits many times at once', async () => {
    const { event, questions } = await quizEvent(t());
    const viewer = await t().createViewer();
    const body = { eventid: event.id, answers: answers(questions, ['Ruby', 'Diamond']) };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t().post('/api/rsvpquiz_v1', body, { token: viewer.tokenvalue })),
    );
    expect(results.map((r) => r.http).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await ledgerOf(t(), viewer.id)).toEqual([
      { points: 50, reason: 'quiz', source_id: `event:${event.id}`, state: 'settled' },
    ]);
    expect(await t().db.selectFrom('quiz_answers').select('user_id').execute()).toHaveLength(1);
  });

  it('credits nothing for a quiz whose questions have no right answer, or when staff turned the rule off', async () => {
    const plain = await quizEvent(t(), [
      { prompt: 'Rings or pendants?', choices: ['Rings', 'Pendants'] },
      { prompt: 'Why do you love jewelry?' },
    ]);
    expect(plain.questions.map((q) => q.right_answer)).toEqual([null, null]);
    const viewer = await t().createViewer();
    const res = await t().post(
      '/api/rsvpquiz_v1',
      { eventid: plain.event.id, answers: answers(plain.questions, ['Rings']) },
      { token: viewer.tokenvalue },
    );
    expect(res.http).toBe(200);
    expect(await ledgerOf(t(), viewer.id)).toEqual([]);

    const marked = await quizEvent(t());
    const off = await t().app.inject({
      method: 'PUT',
      url: '/api/staff/rewards/rules',
      payload: JSON.stringify({
        rules: [{ rule: 'quiz', points: 50, daily_cap: null, show_cap: null, enabled: false }],
      }),
      headers: { 'content-type': 'application/json', token: marked.staff.tokenvalue },
    });
    expect(off.statusCode).toBe(200);
    const right = await t().post(
      '/api/rsvpquiz_v1',
      { eventid: marked.event.id, answers: answers(marked.questions, ['Ruby', 'Diamond']) },
      { token: viewer.tokenvalue },
    );
    expect(right.http).toBe(200);
    expect(await ledgerOf(t(), viewer.id)).toEqual([]);
  });

  it('refuses a right answer that is not one of the choices, changing nothing', async () => {
    const { staff, event, questions } = await quizEvent(t());
    const before = await t().db.selectFrom('event_questions').selectAll().orderBy('id').execute();
    for (const bad of [
      [{ prompt: 'Stone?', choices: ['Ruby', 'Opal'], right_answer: 'Pearl' }],
      [{ prompt: 'Why?', right_answer: 'Because' }],
      [{ prompt: 'Stone?', choices: ['Ruby', 'Opal'], right_answer: 7 }],
    ]) {
      const res = await t().post(
        `/api/staff/events/${event.id}/questions`,
        { questions: bad },
        { token: staff.tokenvalue },
      );
      expect(res.http, JSON.stringify(res.body)).toBe(400);
    }
    const res = await t().post(
      `/api/staff/events/${event.id}/questions`,
      { questions: [{ prompt: 'Stone?', choices: ['Ruby', 'Opal'], right_answer: 'Pearl' }] },
      { token: staff.tokenvalue },
    );
    expect(res.body.message).toBe('The right answer must be one of the choices.');
    expect(await t().db.selectFrom('event_questions').selectAll().orderBy('id').execute()).toEqual(before);
    expect(questions).toHaveLength(3);
  });

  it('answers the staff question read to staff only, for a special event', async () => {
    const { event } = await quizEvent(t());
    const viewer = await t().createViewer();
    const staff = await t().createStaff();
    const url = `/api/staff/events/${event.id}/questions`;
    expect((await t().get(url)).http).toBe(401);
    expect((await t().get(url, { token: viewer.tokenvalue })).http).toBe(403);
    const bad = await t().get('/api/staff/events/x/questions', { token: staff.tokenvalue });
    expect(bad.http).toBe(400);
    expect((await t().get('/api/staff/events/999999/questions', { token: staff.tokenvalue })).http).toBe(404);
    const show = await t().createEvent();
    expect((await t().get(`/api/staff/events/${show.id}/questions`, { token: staff.tokenvalue })).http).toBe(422);
  });
});
