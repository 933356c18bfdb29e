import { expect, it } from 'vitest';
import type { ChatToken } from '../../../shared/contract/chat';
import type { GuessQuestion, MyGuess, StaffGuessQuestion } from '../../../shared/contract/guessing';
import { checkGuessCommitment } from '../../../shared/guess-commitment';
import { GUESS_MESSAGES } from '../../../shared/guess-messages';
import { insertViewers } from '../../testing/bulk-viewers';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { connectChat } from '../chat/chat.test-client';

const MINUTE = 60_000;

/** A show on air now (started ten minutes ago, an hour to go). */
async function liveShow(t: TestApp, fields: Parameters<TestApp['createEvent']>[0] = {}) {
  const now = t.clock.now().getTime();
  return t.createEvent({
    cust_start: new Date(now - 10 * MINUTE).toISOString(),
    cust_end: new Date(now + 60 * MINUTE).toISOString(),
    ...fields,
  });
}

async function openQuestion(t: TestApp, token: string, eventid: number, fields: Record<string, unknown> = {}) {
  const res = await t.post<StaffGuessQuestion>(
    '/api/staff/guessing',
    {
      eventid,
      question: 'Carat weight of this sapphire?',
      unit: 'ct',
      answer: 2.35,
      closes_at: new Date(t.clock.now().getTime() + 5 * MINUTE).toISOString(),
      ...fields,
    },
    { token },
  );
  expect(res.http, res.body.message).toBe(200);
  const question = res.body.data[0];
  if (!question) throw new Error('no question');
  return question;
}

const guess = (t: TestApp, token: string, questionid: number, value: unknown) =>
  t.post<MyGuess>('/api/guesscrtdata_v1', { questionid, guess: value }, { token });

const current = (t: TestApp, eventid: number, token?: string) =>
  t.get<GuessQuestion>('/api/guessdata_v1', { query: { eventid: String(eventid) }, ...(token ? { token } : {}) });

const tableState = async (t: TestApp) => ({
  questions: await t.db.selectFrom('guess_questions').selectAll().orderBy('id').execute(),
  guesses: await t.db.selectFrom('guesses').selectAll().orderBy('id').execute(),
  winners: await t.db.selectFrom('guess_winners').selectAll().execute(),
  ledger: await t.db.selectFrom('reward_ledger').selectAll().orderBy('id').execute(),
});

describeEachEngine('guessing game', (t) => {
  it('publishes a commitment at open that checks out against the answer and salt revealed at the end', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer({ first_name: 'Ruby', last_name: 'Alvarez' });
    const show = await liveShow(t());
    const opened = await openQuestion(t(), staff.tokenvalue, show.id);
    expect(opened).toMatchObject({ state: 'open', points: 100, winner_count: 1, secret_answer: 2.35, answer: null });

    const before = await current(t(), show.id, viewer.tokenvalue);
    expect(before.body.data[0]).toMatchObject({
      id: opened.id,
      question: 'Carat weight of this sapphire?',
      unit: 'ct',
      commitment: opened.commitment,
      state: 'open',
      answer: null,
      salt: null,
      winners: [],
      mine: null,
      won: false,
    });
    // Nothing of the answer leaves before the reveal.
    expect(JSON.stringify(before.body)).not.toContain(opened.secret_salt);

    expect((await guess(t(), viewer.tokenvalue, opened.id, 2.3)).http).toBe(200);
    t().clock.advance(5 * MINUTE);
    expect((await current(t(), show.id)).body.data[0]?.state).toBe('closed');
    const revealed = await t().post<StaffGuessQuestion>(
      `/api/staff/guessing/${opened.id}/reveal`,
      {},
      {
        token: staff.tokenvalue,
      },
    );
    expect(revealed.http, revealed.body.message).toBe(200);

    const after = (await current(t(), show.id, viewer.tokenvalue)).body.data[0];
    expect(after).toMatchObject({ state: 'revealed', answer: 2.35, commitment: opened.commitment, won: true });
    expect(after?.mine).toMatchObject({ guess: 2.3 });
    expect(after?.winners).toEqual([{ place: 1, name: 'Ruby A.', guess: 2.3 }]);
    expect(await checkGuessCommitment(after?.answer ?? 0, after?.salt ?? '', after?.commitment ?? '')).toBe(true);
    expect(await checkGuessCommitment(2.36, after?.salt ?? '', after?.commitment ?? '')).toBe(false);
  });

  it('closest guess wins; equal distance goes to the earliest guess', async () => {
    const staff = await t().createStaff();
    const show = await liveShow(t());
    const q = await openQuestion(t(), staff.tokenvalue, show.id, { answer: 10, winners: 2, points: 50 });
    const late = await t().createViewer({ first_name: 'Late', last_name: 'Lo' });
    const early = await t().createViewer({ first_name: 'Early', last_name: 'Eddy' });
    const far = await t().createViewer({ first_name: 'Far', last_name: 'Fern' });
    const exact = await t().createViewer({ first_name: 'Exact', last_name: 'Ember' });
    expect((await guess(t(), far.tokenvalue, q.id, 14)).http).toBe(200);
    t().clock.advance(1000);
    expect((await guess(t(), early.tokenvalue, q.id, 9.5)).http).toBe(200);
    t().clock.advance(1000);
    expect((await guess(t(), late.tokenvalue, q.id, 10.5)).http).toBe(200);
    t().clock.advance(1000);
    expect((await guess(t(), exact.tokenvalue, q.id, 10)).http).toBe(200);
    await t().post(`/api/staff/guessing/${q.id}/close`, {}, { token: staff.tokenvalue });
    const res = await t().post<StaffGuessQuestion>(
      `/api/staff/guessing/${q.id}/reveal`,
      {},
      {
        token: staff.tokenvalue,
      },
    );
    expect(res.body.data[0]?.winners).toEqual([
      { place: 1, name: 'Exact E.', guess: 10 },
      { place: 2, name: 'Early E.', guess: 9.5 },
    ]);
    const ledger = await t().db.selectFrom('reward_ledger').selectAll().orderBy('user_id').execute();
    expect(ledger.map((r) => [r.user_id, r.points, r.reason, r.source_id])).toEqual(
      [
        [early.id, 50, 'guess', `guess:${q.id}`],
        [exact.id, 50, 'guess', `guess:${q.id}`],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect((await current(t(), show.id, late.tokenvalue)).body.data[0]?.won).toBe(false);
  });

  it('credits the winners once when the reveal is called twice, even at the same time', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await liveShow(t());
    const q = await openQuestion(t(), staff.tokenvalue, show.id);
    await guess(t(), viewer.tokenvalue, q.id, 2);
    t().clock.advance(6 * MINUTE);
    const reveal = () => t().post(`/api/staff/guessing/${q.id}/reveal`, {}, { token: staff.tokenvalue });
    const answers = await Promise.all([reveal(), reveal()]);
    expect(answers.map((a) => a.http)).toEqual([200, 200]);
    expect((await reveal()).http).toBe(200);
    const ledger = await t().db.selectFrom('reward_ledger').selectAll().execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ user_id: viewer.id, points: 100, source_id: `guess:${q.id}` });
    expect(await t().db.selectFrom('guess_winners').selectAll().execute()).toHaveLength(1);
  });

  it('takes one guess per viewer: a second answers 409 with the first guess', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await liveShow(t());
    const q = await openQuestion(t(), staff.tokenvalue, show.id);
    const first = await guess(t(), viewer.tokenvalue, q.id, 2.5);
    expect(first.http).toBe(200);
    expect(first.body.message).toBe(GUESS_MESSAGES.guessed);
    expect(first.body.data[0]).toMatchObject({ questionid: q.id, guess: 2.5 });
    const second = await guess(t(), viewer.tokenvalue, q.id, 3);
    expect(second.http).toBe(409);
    expect(second.body.message).toBe(GUESS_MESSAGES.alreadyGuessed);
    expect(second.body.data[0]).toMatchObject({ questionid: q.id, guess: 2.5 });
    expect((await current(t(), show.id, viewer.tokenvalue)).body.data[0]?.mine?.guess).toBe(2.5);
  });

  it('refuses guesses once the question closed, at its time or early', async () => {
    const staff = await t().createStaff();
    const [a, b] = [await t().createViewer(), await t().createViewer()];
    const show = await liveShow(t());
    const q = await openQuestion(t(), staff.tokenvalue, show.id);
    const closed = await t().post<StaffGuessQuestion>(
      `/api/staff/guessing/${q.id}/close`,
      {},
      {
        token: staff.tokenvalue,
      },
    );
    expect(closed.body.data[0]?.state).toBe('closed');
    const refused = await guess(t(), a.tokenvalue, q.id, 2);
    expect([refused.http, refused.body.message]).toEqual([409, GUESS_MESSAGES.closed]);
    expect((await t().post(`/api/staff/guessing/${q.id}/close`, {}, { token: staff.tokenvalue })).http).toBe(409);

    const q2 = await openQuestion(t(), staff.tokenvalue, show.id);
    t().clock.advance(5 * MINUTE);
    expect((await guess(t(), b.tokenvalue, q2.id, 2)).http).toBe(409);
    expect(await t().db.selectFrom('guesses').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a reveal while the question is still open, and a second open question in one show', async () => {
    const staff = await t().createStaff();
    const show = await liveShow(t());
    const q = await openQuestion(t(), staff.tokenvalue, show.id);
    const early = await t().post(`/api/staff/guessing/${q.id}/reveal`, {}, { token: staff.tokenvalue });
    expect([early.http, early.body.message]).toEqual([409, GUESS_MESSAGES.stillGuessing]);
    const second = await t().post(
      '/api/staff/guessing',
      { eventid: show.id, question: 'How many stones?', answer: 7, closes_at: q.closes_at },
      { token: staff.tokenvalue },
    );
    expect([second.http, second.body.message]).toEqual([409, GUESS_MESSAGES.stillOpen]);
    expect(await t().db.selectFrom('guess_questions').selectAll().execute()).toHaveLength(1);
  });

  it('opens questions only in a show that is live', async () => {
    const staff = await t().createStaff();
    const later = await t().createEvent();
    const res = await t().post(
      '/api/staff/guessing',
      {
        eventid: later.id,
        question: 'How many stones?',
        answer: 7,
        closes_at: new Date(t().clock.now().getTime() + MINUTE).toISOString(),
      },
      { token: staff.tokenvalue },
    );
    expect([res.http, res.body.message]).toEqual([422, GUESS_MESSAGES.notLiveShow]);
    expect(await t().db.selectFrom('guess_questions').selectAll().execute()).toHaveLength(0);
  });

  it("keeps a private show's question to those who may see the show", async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await liveShow(t(), { is_public: 0 });
    const q = await openQuestion(t(), staff.tokenvalue, show.id);
    const seen = await current(t(), show.id, viewer.tokenvalue);
    expect([seen.http, seen.body.data]).toEqual([200, []]);
    expect((await current(t(), show.id)).body.data).toEqual([]);
    expect((await guess(t(), viewer.tokenvalue, q.id, 2)).http).toBe(404);
    expect((await current(t(), show.id, staff.tokenvalue)).body.data[0]?.id).toBe(q.id);
    expect(await t().db.selectFrom('guesses').selectAll().execute()).toEqual([]);
  });

  it('answers bad input with the 400 envelope and changes nothing', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await liveShow(t());
    const q = await openQuestion(t(), staff.tokenvalue, show.id);
    await guess(t(), viewer.tokenvalue, q.id, 2);
    const before = await tableState(t());
    const other = await t().createViewer();
    for (const value of ['2', 2.12345, null, 2e9]) {
      const res = await guess(t(), other.tokenvalue, q.id, value);
      expect([res.http, res.body.status], JSON.stringify(value)).toEqual([400, -1]);
    }
    for (const body of [{ guess: 2 }, { questionid: '1', guess: 2 }, {}]) {
      const res = await t().post('/api/guesscrtdata_v1', body, { token: other.tokenvalue });
      expect(res.http).toBe(400);
    }
    expect((await t().get('/api/guessdata_v1', { query: { eventid: 'x' } })).http).toBe(400);
    const closesAt = new Date(t().clock.now().getTime() + MINUTE).toISOString();
    for (const body of [
      { eventid: show.id, question: 'ok?', answer: 'seven', closes_at: closesAt },
      { eventid: show.id, question: 'How many?', answer: 7, closes_at: 'tomorrow' },
      { eventid: show.id, question: '', answer: 7, closes_at: closesAt },
      { eventid: show.id, question: 'How many?', answer: 7, closes_at: closesAt, points: 0 },
      { eventid: show.id, question: 'How many?', answer: 7, closes_at: closesAt, winners: 1.5 },
      { eventid: show.id, question: 'How many?', answer: 7, closes_at: '2020-01-01T00:00:00Z' },
    ]) {
      const res = await t().post('/api/staff/guessing', body, { token: staff.tokenvalue });
      expect(res.http, JSON.stringify(body)).toBe(400);
    }
    expect((await t().post('/api/staff/guessing/x/close', {}, { token: staff.tokenvalue })).http).toBe(400);
    expect((await t().get('/api/staff/guessing', { token: staff.tokenvalue })).http).toBe(400);
    const after = await tableState(t());
    expect(after).toEqual(before);
  });

  it('answers 401 without a token and 403 for viewers on staff calls; 404 for an unknown question', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await liveShow(t());
    const q = await openQuestion(t(), staff.tokenvalue, show.id);
    const before = await tableState(t());
    expect((await t().post('/api/guesscrtdata_v1', { questionid: q.id, guess: 2 })).http).toBe(401);
    const body = { eventid: show.id, question: 'How many?', answer: 7, closes_at: q.closes_at };
    expect((await t().post('/api/staff/guessing', body)).http).toBe(401);
    expect((await t().post('/api/staff/guessing', body, { token: viewer.tokenvalue })).http).toBe(403);
    for (const step of ['close', 'reveal']) {
      expect((await t().post(`/api/staff/guessing/${q.id}/${step}`, {})).http).toBe(401);
      expect((await t().post(`/api/staff/guessing/${q.id}/${step}`, {}, { token: viewer.tokenvalue })).http).toBe(403);
    }
    const list = `/api/staff/guessing?eventid=${show.id}`;
    expect((await t().get(list)).http).toBe(401);
    expect((await t().get(list, { token: viewer.tokenvalue })).http).toBe(403);
    expect(await tableState(t())).toEqual(before);
    expect((await guess(t(), viewer.tokenvalue, q.id + 100, 2)).http).toBe(404);
    const none = await current(t(), show.id + 100);
    expect([none.http, none.body.data, none.body.message]).toEqual([200, [], GUESS_MESSAGES.noQuestion]);
  });

  it('stores every guess of a surge of distinct viewers and refuses each duplicate', async () => {
    const staff = await t().createStaff();
    const show = await liveShow(t());
    const q = await openQuestion(t(), staff.tokenvalue, show.id);
    const viewers = await insertViewers(t().db, 150, 'guess', t().clock.now());
    const answers = await Promise.all(
      viewers.flatMap((v, i) => [guess(t(), v.token, q.id, i), guess(t(), v.token, q.id, i + 0.5)]),
    );
    expect(answers.filter((a) => a.http === 200)).toHaveLength(150);
    expect(answers.filter((a) => a.http === 409)).toHaveLength(150);
    const stored = await t().db.selectFrom('guesses').select(['user_id', 'value']).orderBy('user_id').execute();
    expect(stored.map((g) => g.user_id)).toEqual(viewers.map((v) => v.id));
    viewers.forEach((v, i) => {
      const pair = [answers[2 * i], answers[2 * i + 1]];
      const value = stored.find((g) => g.user_id === v.id)?.value;
      // Both answers name the stored guess, whichever of the two won.
      expect(pair.map((p) => p?.body.data[0]?.guess)).toEqual([value, value]);
    });
  });
});

describeEachEngine('guessing game in the show chat', (t) => {
  it("announces the reveal once in the show's chat room, not in the lobby", async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const address = t().app.server.address();
    const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    const staff = await t().createStaff();
    const viewer = await t().createViewer({ first_name: 'Opal', last_name: 'Nguyen' });
    const show = await liveShow(t());
    const chatToken = async () =>
      (await t().get<ChatToken>('/api/weavy/token', { token: viewer.tokenvalue })).body.data[0]?.token ?? '';
    const inRoom = await connectChat(base);
    const inLobby = await connectChat(base);
    try {
      await inRoom.join(await chatToken(), show.id);
      await inLobby.join(await chatToken(), 'lobby');
      const q = await openQuestion(t(), staff.tokenvalue, show.id, { answer: 3.2 });
      await guess(t(), viewer.tokenvalue, q.id, 3);
      await t().post(`/api/staff/guessing/${q.id}/close`, {}, { token: staff.tokenvalue });
      for (let i = 0; i < 2; i += 1)
        expect((await t().post(`/api/staff/guessing/${q.id}/reveal`, {}, { token: staff.tokenvalue })).http).toBe(200);
      const frame = await inRoom.next('guess');
      expect(frame).toEqual({
        type: 'guess',
        questionid: q.id,
        text: 'The answer was 3.2 ct. Congratulations Opal N.!',
      });
      inRoom.send({ type: 'ping' });
      await inRoom.next('pong');
      expect(inRoom.frames.filter((f) => f.type === 'guess')).toHaveLength(1);
      expect(inLobby.frames.filter((f) => f.type === 'guess')).toEqual([]);
    } finally {
      await Promise.all([inRoom.close(), inLobby.close()]);
    }
  });
});
