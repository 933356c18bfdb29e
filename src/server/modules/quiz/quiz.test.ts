import { expect, it } from 'vitest';
import type { Question, QuizSubmission } from '../../../shared/contract/quiz';
import { describeEachEngine, type TestApp } from '../../testing/harness';

/** Answers to both of specialWithQuiz's questions that the quiz accepts. */
const answersTo = (questions: Question[]) => [
  { question_id: questions[0]!.id, answer: 'Garnet' },
  { question_id: questions[1]!.id, answer: 'Sparkle' },
];

async function specialWithQuiz(t: TestApp) {
  const staff = await t.createStaff();
  const event = await t.createEvent({ type: 'specialshow', title: 'Birthstone Ball' });
  const set = await t.post<Question>(
    `/api/staff/events/${event.id}/questions`,
    {
      questions: [
        { prompt: 'Your birth month stone?', choices: ['Garnet', 'Amethyst', 'Opal'] },
        { prompt: 'Why do you love jewelry?' },
      ],
    },
    { token: staff.tokenvalue },
  );
  expect(set.http).toBe(200);
  return { staff, event, questions: set.body.data };
}

describeEachEngine('special-event quiz', (t) => {
  it('stores the answers and the RSVP together, once, and confirms by e-mail', async () => {
    const { staff, event, questions } = await specialWithQuiz(t());
    const viewer = await t().createViewer({ first_name: 'Iris' });
    const listed = await t().get<Question>('/api/eventquestions', { query: { eventid: String(event.id) } });
    expect(listed.body.data.map((q) => [q.prompt, q.choices])).toEqual([
      ['Your birth month stone?', ['Garnet', 'Amethyst', 'Opal']],
      ['Why do you love jewelry?', []],
    ]);
    const answers = [
      { question_id: questions[0]!.id, answer: 'Opal' },
      { question_id: questions[1]!.id, answer: 'It tells a story.' },
    ];
    const res = await t().post('/api/rsvpquiz_v1', { eventid: event.id, answers }, { token: viewer.tokenvalue });
    expect([res.http, res.body.message]).toEqual([200, "Thanks for your answers! You're on the list."]);
    expect(
      (
        await t().get<{ exists: boolean }>('/api/checkifspecialeventsubmitted', {
          token: viewer.tokenvalue,
          query: { eventid: String(event.id) },
        })
      ).body.data[0],
    ).toEqual({ exists: true });
    expect(
      (
        await t().get<{ exists: boolean }>('/api/checkifrsvpenroll_v1', {
          token: viewer.tokenvalue,
          query: { eventid: String(event.id) },
        })
      ).body.data[0],
    ).toEqual({ exists: true });
    const again = await t().post('/api/rsvpquiz_v1', { eventid: event.id, answers }, { token: viewer.tokenvalue });
    expect([again.http, again.body.message]).toEqual([409, 'You have already answered the questions for this event.']);
    const staffView = await t().get<QuizSubmission>(`/api/staff/events/${event.id}/answers`, {
      token: staff.tokenvalue,
    });
    expect(staffView.body.data).toEqual([
      {
        user_id: viewer.id,
        name: `Iris ${viewer.last_name}`,
        email: viewer.email,
        created_at: t().clock.now().toISOString(),
        answers: [
          { question_id: questions[0]!.id, prompt: 'Your birth month stone?', answer: 'Opal' },
          { question_id: questions[1]!.id, prompt: 'Why do you love jewelry?', answer: 'It tells a story.' },
        ],
      },
    ]);
    expect((await t().outbox()).filter((m) => m.subject === "You're on the list: Birthstone Ball")).toHaveLength(1);
  });

  it('refuses a plain RSVP to a special event that asks questions', async () => {
    const { event } = await specialWithQuiz(t());
    const viewer = await t().createViewer();
    const res = await t().post('/api/rsvpdata_v1', { eventid: event.id }, { token: viewer.tokenvalue });
    expect([res.http, res.body.message]).toEqual([422, 'This event asks a few questions first. Answer them to RSVP.']);
  });

  it('refuses missing answers and answers outside the choices, storing nothing', async () => {
    const { event, questions } = await specialWithQuiz(t());
    const viewer = await t().createViewer();
    const missing = await t().post(
      '/api/rsvpquiz_v1',
      { eventid: event.id, answers: [{ question_id: questions[0]!.id, answer: 'Opal' }] },
      { token: viewer.tokenvalue },
    );
    expect([missing.http, missing.body.message]).toEqual([400, 'Please answer every question.']);
    const offList = await t().post(
      '/api/rsvpquiz_v1',
      {
        eventid: event.id,
        answers: [
          { question_id: questions[0]!.id, answer: 'Diamond' },
          { question_id: questions[1]!.id, answer: 'Yes' },
        ],
      },
      { token: viewer.tokenvalue },
    );
    expect([offList.http, offList.body.message]).toEqual([
      400,
      'Choose one of the answers offered for "Your birth month stone?".',
    ]);
    const blank = await t().post(
      '/api/rsvpquiz_v1',
      { eventid: event.id, answers: [{ question_id: questions[0]!.id, answer: ' ' }] },
      { token: viewer.tokenvalue },
    );
    expect(blank.http).toBe(400);
    expect((await t().post('/api/rsvpquiz_v1', { eventid: event.id, answers: [] })).http).toBe(401);
    expect(await t().db.selectFrom('quiz_answers').select('user_id').execute()).toHaveLength(0);
    expect(await t().db.selectFrom('rsvps').select('id').execute()).toHaveLength(0);
  });

  it('lets staff change questions only until the first answer, and only on special events', async () => {
    const { staff, event, questions } = await specialWithQuiz(t());
    const show = await t().createEvent();
    expect(
      (
        await t().post(
          `/api/staff/events/${show.id}/questions`,
          { questions: [{ prompt: 'Hi?' }] },
          { token: staff.tokenvalue },
        )
      ).http,
    ).toBe(422);
    expect(
      (await t().post(`/api/staff/events/${event.id}/questions`, { questions: [] }, { token: staff.tokenvalue })).body
        .message,
    ).toBe('Add at least one question.');
    expect(
      (
        await t().post(
          `/api/staff/events/${event.id}/questions`,
          { questions: [{ prompt: 'Pick', choices: ['One'] }] },
          { token: staff.tokenvalue },
        )
      ).body.message,
    ).toBe('Give at least two choices, or none for a free answer.');
    const viewer = await t().createViewer();
    await t().post(
      '/api/rsvpquiz_v1',
      { eventid: event.id, answers: answersTo(questions) },
      { token: viewer.tokenvalue },
    );
    const locked = await t().post(
      `/api/staff/events/${event.id}/questions`,
      { questions: [{ prompt: 'New?' }] },
      { token: staff.tokenvalue },
    );
    expect([locked.http, locked.body.message]).toEqual([
      409,
      'Viewers have already answered these questions, so they can no longer change.',
    ]);
    expect(
      (
        await t().post(
          `/api/staff/events/${event.id}/questions`,
          { questions: [{ prompt: 'New?' }] },
          { token: viewer.tokenvalue },
        )
      ).http,
    ).toBe(403);
  });

  it('sends the special event e-mail again on request, to viewers on the list only', async () => {
    const { event, questions } = await specialWithQuiz(t());
    const viewer = await t().createViewer();
    const early = await t().post('/api/specialeventemail', { eventid: event.id }, { token: viewer.tokenvalue });
    expect(early.http).toBe(422);
    await t().post(
      '/api/rsvpquiz_v1',
      { eventid: event.id, answers: answersTo(questions) },
      { token: viewer.tokenvalue },
    );
    const res = await t().post('/api/specialeventemail', { eventid: event.id }, { token: viewer.tokenvalue });
    expect([res.http, res.body.message]).toEqual([200, 'We sent the details to your e-mail again.']);
    expect(
      (await t().outbox()).filter((m) => m.to_address === viewer.email && m.subject.startsWith("You're on the list")),
    ).toHaveLength(2);
    expect((await t().post('/api/specialeventemail', { eventid: 'x' }, { token: viewer.tokenvalue })).http).toBe(400);
  });

  it('refuses ids that are not JSON numbers in the answers and the resend, storing and sending nothing', async () => {
    const { event, questions } = await specialWithQuiz(t());
    const viewer = await t().createViewer();
    const answersWith = (questionId: unknown) => [
      { question_id: questionId, answer: 'Garnet' },
      { question_id: questions[1]!.id, answer: 'Sparkle' },
    ];
    for (const bad of [true, [event.id], String(event.id)]) {
      const quiz = await t().post(
        '/api/rsvpquiz_v1',
        { eventid: bad, answers: answersWith(questions[0]!.id) },
        { token: viewer.tokenvalue },
      );
      expect([quiz.http, quiz.body.message]).toEqual([400, 'eventid is a number.']);
      const resend = await t().post('/api/specialeventemail', { eventid: bad }, { token: viewer.tokenvalue });
      expect([resend.http, resend.body.message]).toEqual([400, 'eventid is a number.']);
    }
    for (const bad of [true, [questions[0]!.id]]) {
      const quiz = await t().post(
        '/api/rsvpquiz_v1',
        { eventid: event.id, answers: answersWith(bad) },
        { token: viewer.tokenvalue },
      );
      expect([quiz.http, quiz.body.message]).toEqual([400, 'question_id is a number.']);
    }
    expect(await t().db.selectFrom('quiz_answers').select('user_id').execute()).toHaveLength(0);
    expect(await t().db.selectFrom('rsvps').select('id').execute()).toHaveLength(0);
    expect((await t().outbox()).filter((m) => m.to_address === viewer.email)).toHaveLength(0);
  });

  it('sends the special event e-mail again at most three times an hour per viewer', async () => {
    const { event, questions } = await specialWithQuiz(t());
    const [viewer, other] = [await t().createViewer(), await t().createViewer()];
    for (const who of [viewer, other])
      await t().post(
        '/api/rsvpquiz_v1',
        { eventid: event.id, answers: answersTo(questions) },
        { token: who.tokenvalue },
      );
    const resend = (token: string) => t().post('/api/specialeventemail', { eventid: event.id }, { token });
    for (let i = 0; i < 3; i++) expect((await resend(viewer.tokenvalue)).http).toBe(200);
    const fourth = await resend(viewer.tokenvalue);
    expect([fourth.http, fourth.body.message]).toEqual([429, 'Too many attempts. Please wait a moment and try again.']);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await resend(other.tokenvalue)).http).toBe(200);
    const sentTo = async (email: string) =>
      (await t().outbox()).filter((m) => m.to_address === email && m.subject.startsWith("You're on the list")).length;
    expect(await sentTo(viewer.email)).toBe(1 + 3);
    expect(await sentTo(other.email)).toBe(1 + 1);
    t().clock.advance(60 * 60_000);
    expect((await resend(viewer.tokenvalue)).http).toBe(200);
  });
});
