// One-time codes over the API: login by code (getloginotp, loginbyotp), code-mode confirmation
// and password reset (forgotpasswordOTP_v1, valresetpassotp, resetpasswordotp_v1).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import type { RegisterRequest } from '../../../shared/contract/auth';
import { AuthedUserResponse, type AuthedUser } from '../../../shared/contract/user';
import { MESSAGES } from '../../../shared/messages';
import { describeEachEngine, type TestApp } from '../../testing/harness';

const MINUTE = 60_000;
const NEW_PASSWORD = 'emerald-spinel-77';

const storedState = (t: TestApp) => t.accountState();

/** Sends every bad input in turn: each must answer 400 naming the field, and no stored row may change. */
async function expectRefusedInputs<I>(
  t: TestApp,
  cases: [label: string, input: I, field: string][],
  send: (input: I) => Promise<{ http: number; body: unknown }>,
) {
  const before = await storedState(t);
  for (const [label, input, field] of cases) {
    const res = await send(input);
    expect({ label, http: res.http, body: res.body }).toMatchObject({
      label,
      http: 400,
      body: { status: -1, statusCode: 400, data: [{ field }] },
    });
  }
  expect(await storedState(t)).toEqual(before);
}

const codesFor = (t: TestApp, email: string) =>
  t.db.selectFrom('one_time_codes').selectAll().where('email', '=', email).orderBy('id').execute();
const userByEmail = (t: TestApp, email: string) =>
  t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** A code that is not `code`: same length, every digit shifted. */
function otherCode(code: string): string {
  return [...code].map((d) => String((Number(d) + 1) % 10)).join('');
}

async function askLoginCode(t: TestApp, email: string, sessionId?: string): Promise<string> {
  const res = await t.get('/api/getloginotp', {
    query: { emailid: email, ...(sessionId ? { session_id: sessionId } : {}) },
  });
  expect(res.http).toBe(200);
  return t.latestCode(email);
}

async function askResetCode(t: TestApp, email: string): Promise<string> {
  const res = await t.get('/api/forgotpasswordOTP_v1', { query: { emailId: email } });
  expect(res.http).toBe(200);
  return t.latestCode(email);
}

async function registerInCodeMode(t: TestApp, fields: Partial<RegisterRequest> = {}) {
  const input: RegisterRequest = {
    first_name: 'Opal',
    last_name: 'Field',
    email: 'opal@example.com',
    phone: '+15550401000',
    ...fields,
  };
  return t.post<AuthedUser>('/api/registeruser_v1', input);
}

describeEachEngine('getloginotp', (t) => {
  it('mails a 6-digit code to a registered address and stores only its HMAC', async () => {
    const viewer = await t().createViewer();
    const res = await t().get('/api/getloginotp', { query: { emailid: viewer.email, session_id: 'tab-1' } });
    expect(res.http).toBe(200);
    expect(res.body).toEqual({ status: 1, statusCode: 200, message: MESSAGES.codeSent, data: [], tzdiff: '-07:00' });

    const mail = await t().outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: viewer.email });
    const code = await t().latestCode(viewer.email);
    expect(mail[0]?.text_body).not.toContain(viewer.first_name);
    expect(mail[0]?.text_body).toContain(code);

    const rows = await codesFor(t(), viewer.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: 'login',
      session_id: 'tab-1',
      attempts: 0,
      used_at: null,
      created_at: '2026-06-15T18:00:00.000Z',
      expires_at: '2026-06-15T18:10:00.000Z',
    });
    expect(rows[0]?.code_hmac).not.toContain(code);
    expect(rows[0]?.code_hmac).not.toBe(sha256Hex(code));
  });

  it('answers an unknown address exactly as a known one and mails nothing', async () => {
    const viewer = await t().createViewer();
    const known = await t().get('/api/getloginotp', { query: { emailid: viewer.email } });
    const unknown = await t().get('/api/getloginotp', { query: { emailid: 'nobody@example.com' } });
    expect(unknown.http).toBe(known.http);
    expect(unknown.body).toEqual(known.body);
    const mail = await t().outbox();
    expect(mail.map((m) => m.to_address)).toEqual([viewer.email]);
  });

  it('refuses a second code for the same address within 60 s (429 with Retry-After) and mails once', async () => {
    const viewer = await t().createViewer();
    await askLoginCode(t(), viewer.email);
    t().clock.advance(20_000);
    const res = await t().get('/api/getloginotp', { query: { emailid: viewer.email } });
    expect(res.http).toBe(429);
    expect(res.body).toEqual({
      status: 0,
      statusCode: 429,
      message: MESSAGES.codeSendWait,
      data: [{ retryAfterSeconds: 40 }],
    });
    expect(res.headers['retry-after']).toBe('40');
    expect(await t().outbox()).toHaveLength(1);
    expect(await codesFor(t(), viewer.email)).toHaveLength(1);
  });

  it('answers the resend limit the same way for an unknown address', async () => {
    await t().get('/api/getloginotp', { query: { emailid: 'nobody@example.com' } });
    const res = await t().get('/api/getloginotp', { query: { emailid: 'nobody@example.com' } });
    expect(res.http).toBe(429);
    expect(res.body.message).toBe(MESSAGES.codeSendWait);
  });

  it('voids the old code when a new one is sent after a minute', async () => {
    const viewer = await t().createViewer();
    const first = await askLoginCode(t(), viewer.email);
    t().clock.advance(MINUTE);
    const second = await askLoginCode(t(), viewer.email);
    expect(second).not.toBe(first);

    const old = await t().post('/api/loginbyotp', { email: viewer.email, OTP: first });
    expect(old.http).toBe(401);
    expect(old.body.message).toBe(MESSAGES.codeWrong);
    const fresh = await t().post('/api/loginbyotp', { email: viewer.email, OTP: second });
    expect(fresh.http).toBe(200);
  });

  it('stops after 10 codes a day for one address (429) and allows more the next day', async () => {
    const viewer = await t().createViewer();
    for (let i = 0; i < 10; i++) {
      expect((await t().get('/api/getloginotp', { query: { emailid: viewer.email } })).http).toBe(200);
      t().clock.advance(MINUTE);
    }
    const capped = await t().get('/api/getloginotp', { query: { emailid: viewer.email } });
    expect(capped.http).toBe(429);
    expect(capped.body.message).toBe(MESSAGES.codeDailyCap);
    expect(await t().outbox()).toHaveLength(10);
    t().clock.advance(24 * 60 * MINUTE);
    expect((await t().get('/api/getloginotp', { query: { emailid: viewer.email } })).http).toBe(200);
  });

  it('refuses a missing or malformed address and an overlong session id (400) and stores no code', async () => {
    await t().createViewer({ email: 'ruby@example.com' });
    const cases: [string, Record<string, string>, string][] = [
      ['no address', {}, 'emailid'],
      ['a malformed address', { emailid: 'ruby-at-example.com' }, 'emailid'],
      ['a quoted local part', { emailid: '"ruby"@example.com' }, 'emailid'],
      ['a session id over 200 characters', { emailid: 'ruby@example.com', session_id: 's'.repeat(201) }, 'session_id'],
    ];
    await expectRefusedInputs(t(), cases, (query) => t().get('/api/getloginotp', { query }));
  });
});

describeEachEngine('loginbyotp', (t) => {
  it('logs in with the mailed code and uses it up', async () => {
    const viewer = await t().createViewer();
    const code = await askLoginCode(t(), viewer.email, 'tab-1');
    const res = await t().post<AuthedUser>('/api/loginbyotp', { email: viewer.email, OTP: code, session_id: 'tab-1' });
    expect(res.http).toBe(200);
    const body = AuthedUserResponse.parse(res.body);
    expect(body).toMatchObject({ status: 1, statusCode: 200, message: MESSAGES.loggedIn });
    const token = body.data[0]?.tokenvalue ?? '';
    expect(token).toMatch(/^gc_/);
    expect((await t().get('/api/profile_v1', { token })).body.data[0]).toMatchObject({ id: viewer.id });
    const sessions = await t().db.selectFrom('sessions').select('token_hash').orderBy('id').execute();
    expect(sessions.at(-1)?.token_hash).toBe(sha256Hex(token));
    const [row] = await codesFor(t(), viewer.email);
    expect(row?.used_at).toBe('2026-06-15T18:00:00.000Z');
  });

  it('accepts a code only once', async () => {
    const viewer = await t().createViewer();
    const code = await askLoginCode(t(), viewer.email);
    expect((await t().post('/api/loginbyotp', { email: viewer.email, OTP: code })).http).toBe(200);
    const before = await storedState(t());
    const again = await t().post('/api/loginbyotp', { email: viewer.email, OTP: code });
    expect(again.http).toBe(401);
    expect(again.body).toEqual({ status: 0, statusCode: 401, message: MESSAGES.codeWrong, data: [] });
    expect(await storedState(t())).toEqual(before);
  });

  it('lets only one of two simultaneous logins with the same code through', async () => {
    const viewer = await t().createViewer();
    const code = await askLoginCode(t(), viewer.email);
    const results = await Promise.all(
      [0, 1, 2].map(() => t().post('/api/loginbyotp', { email: viewer.email, OTP: code })),
    );
    expect(results.map((r) => r.http).sort()).toEqual([200, 401, 401]);
    expect(await t().db.selectFrom('sessions').select('id').execute()).toHaveLength(2);
  });

  it('refuses a wrong code (401), counts the try and starts no session', async () => {
    const viewer = await t().createViewer();
    const code = await askLoginCode(t(), viewer.email);
    const res = await t().post('/api/loginbyotp', { email: viewer.email, OTP: otherCode(code) });
    expect(res.http).toBe(401);
    expect(res.body).toEqual({ status: 0, statusCode: 401, message: MESSAGES.codeWrong, data: [] });
    expect((await codesFor(t(), viewer.email))[0]).toMatchObject({ attempts: 1, used_at: null });
    expect(await t().db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
  });

  it('refuses the code once 10 minutes have passed, saying it expired', async () => {
    const viewer = await t().createViewer();
    const code = await askLoginCode(t(), viewer.email);
    t().clock.advance(10 * MINUTE);
    const res = await t().post('/api/loginbyotp', { email: viewer.email, OTP: code });
    expect(res.http).toBe(401);
    expect(res.body).toEqual({ status: 0, statusCode: 401, message: MESSAGES.codeExpired, data: [] });
    expect(await t().db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
  });

  it('still accepts the code a moment before 10 minutes have passed', async () => {
    const viewer = await t().createViewer();
    const code = await askLoginCode(t(), viewer.email);
    t().clock.advance(10 * MINUTE - 1_000);
    expect((await t().post('/api/loginbyotp', { email: viewer.email, OTP: code })).http).toBe(200);
  });

  it('refuses the sixth try even with the right code after five wrong ones', async () => {
    const viewer = await t().createViewer();
    const code = await askLoginCode(t(), viewer.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await t().post('/api/loginbyotp', { email: viewer.email, OTP: otherCode(code) });
      expect(wrong.body.message).toBe(MESSAGES.codeWrong);
    }
    const res = await t().post('/api/loginbyotp', { email: viewer.email, OTP: code });
    expect(res.http).toBe(401);
    expect(res.body).toEqual({ status: 0, statusCode: 401, message: MESSAGES.codeDead, data: [] });
    expect((await codesFor(t(), viewer.email))[0]).toMatchObject({ attempts: 5, used_at: null });
    expect(await t().db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
  });

  it('refuses a code asked for in another browser session and counts the try', async () => {
    const viewer = await t().createViewer();
    const code = await askLoginCode(t(), viewer.email, 'tab-a');
    const res = await t().post('/api/loginbyotp', { email: viewer.email, OTP: code, session_id: 'tab-b' });
    expect(res.http).toBe(401);
    expect(res.body.message).toBe(MESSAGES.codeWrong);
    expect((await codesFor(t(), viewer.email))[0]).toMatchObject({ attempts: 1, used_at: null });
    expect((await t().post('/api/loginbyotp', { email: viewer.email, OTP: code, session_id: 'tab-a' })).http).toBe(200);
  });

  // Server gap (see the report): a code bound to a session is accepted from a request that
  // names no session, so the binding can be side-stepped by leaving session_id out.
  it('refuses a code bound to a browser session when the login names no session', async () => {
    const viewer = await t().createViewer();
    const code = await askLoginCode(t(), viewer.email, 'tab-a');
    const res = await t().post('/api/loginbyotp', { email: viewer.email, OTP: code });
    expect(res.http).toBe(401);
  });

  it('answers an unknown address as a wrong code', async () => {
    await t().get('/api/getloginotp', { query: { emailid: 'nobody@example.com' } });
    const res = await t().post('/api/loginbyotp', { email: 'nobody@example.com', OTP: '123456' });
    expect(res.http).toBe(401);
    expect(res.body).toEqual({ status: 0, statusCode: 401, message: MESSAGES.codeWrong, data: [] });
    expect(await t().db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });

  it('does not accept a reset code as a login code', async () => {
    const viewer = await t().createViewer();
    const resetCode = await askResetCode(t(), viewer.email);
    const res = await t().post('/api/loginbyotp', { email: viewer.email, OTP: resetCode });
    expect(res.http).toBe(401);
  });

  it('refuses a missing, short, lettered or numeric code and a missing or malformed address (400) without counting a try', async () => {
    await t().createViewer({ email: 'ruby@example.com' });
    await askLoginCode(t(), 'ruby@example.com');
    const cases: [string, Record<string, unknown>, string][] = [
      ['no code', { email: 'ruby@example.com' }, 'OTP'],
      ['a 5-digit code', { email: 'ruby@example.com', OTP: '12345' }, 'OTP'],
      ['letters for a code', { email: 'ruby@example.com', OTP: 'abcdef' }, 'OTP'],
      ['a numeric code', { email: 'ruby@example.com', OTP: 123456 }, 'OTP'],
      ['no address', { OTP: '123456' }, 'email'],
      ['a malformed address', { email: 'ruby@@example.com', OTP: '123456' }, 'email'],
    ];
    await expectRefusedInputs(t(), cases, (body) => t().post('/api/loginbyotp', body));
  });

  it('refuses a body over 100 KB (413) without counting a try', async () => {
    const viewer = await t().createViewer();
    const code = await askLoginCode(t(), viewer.email);
    const before = await storedState(t());
    const res = await t().post(
      '/api/loginbyotp',
      JSON.stringify({ email: viewer.email, OTP: code, session_id: 'x'.repeat(101 * 1024) }),
    );
    expect(res.http).toBe(413);
    expect(res.body).toMatchObject({ status: -1, statusCode: 413, message: MESSAGES.tooLarge });
    expect(await storedState(t())).toEqual(before);
  });
});

describeEachEngine('code-mode registration', (t) => {
  it('confirms the account with the mailed code: isactive becomes 1 and a session starts', async () => {
    const registered = await registerInCodeMode(t(), { session_id: 'tab-1' });
    expect(registered.body.data[0]).toMatchObject({ isactive: 0, tokenvalue: '' });
    const code = await t().latestCode('opal@example.com');
    const res = await t().post<AuthedUser>('/api/loginbyotp', {
      email: 'opal@example.com',
      OTP: code,
      session_id: 'tab-1',
    });
    expect(res.http).toBe(200);
    expect(res.body.data[0]).toMatchObject({ email: 'opal@example.com', isactive: 1 });
    expect((await userByEmail(t(), 'opal@example.com'))?.isactive).toBe(1);
    expect(await t().db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
  });

  it('leaves the account unconfirmed after a wrong code', async () => {
    await registerInCodeMode(t());
    const code = await t().latestCode('opal@example.com');
    await t().post('/api/loginbyotp', { email: 'opal@example.com', OTP: otherCode(code) });
    expect((await userByEmail(t(), 'opal@example.com'))?.isactive).toBe(0);
  });

  // Server bug (see the report): the code is issued after the account row is written, and the
  // 60 s resend limit then answers 429 although the account now exists.
  it('registers in code mode even when a login code was asked for the same address a moment before', async () => {
    await t().get('/api/getloginotp', { query: { emailid: 'opal@example.com' } });
    const res = await registerInCodeMode(t());
    const row = await userByEmail(t(), 'opal@example.com');
    expect({ http: res.http, created: Boolean(row) }).toEqual({ http: 200, created: true });
    expect(await t().outbox()).toHaveLength(1);
  });
});

describeEachEngine('forgotpasswordOTP_v1', (t) => {
  it('mails a reset code to a registered address', async () => {
    const viewer = await t().createViewer();
    const res = await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: viewer.email } });
    expect(res.http).toBe(200);
    expect(res.body).toEqual({ status: 1, statusCode: 200, message: MESSAGES.codeSent, data: [], tzdiff: '-07:00' });
    const mail = await t().outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toMatch(/^Your Gemcast password reset code: \d{6}$/);
    const rows = await codesFor(t(), viewer.email);
    expect(rows).toMatchObject([{ purpose: 'reset', used_at: null, attempts: 0 }]);
    expect(rows[0]?.code_hmac).not.toContain(await t().latestCode(viewer.email));
  });

  it('answers an unknown address exactly as a known one and mails nothing', async () => {
    const viewer = await t().createViewer();
    const known = await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: viewer.email } });
    const unknown = await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: 'nobody@example.com' } });
    expect(unknown.http).toBe(known.http);
    expect(unknown.body).toEqual(known.body);
    expect((await t().outbox()).map((m) => m.to_address)).toEqual([viewer.email]);
  });

  it('does the same work for an unknown address: a code row and a queued mail, and the same answer and headers', async () => {
    const viewer = await t().createViewer();
    const queued = vi.spyOn(t().app.ctx, 'sendMail');
    const known = await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: viewer.email } });
    const unknown = await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: 'nobody@example.com' } });
    const apartFromDateAndId = ({ date: _date, 'x-request-id': _id, ...headers }: Record<string, unknown>) => headers;
    expect([unknown.http, unknown.body, apartFromDateAndId(unknown.headers)]).toEqual([
      known.http,
      known.body,
      apartFromDateAndId(known.headers),
    ]);
    expect(queued).toHaveBeenCalledTimes(2);
    expect(await codesFor(t(), 'nobody@example.com')).toMatchObject([{ purpose: 'reset', used_at: null }]);
    expect((await t().outbox()).map((m) => m.to_address)).toEqual([viewer.email]);
  });

  it('answers before the mail is delivered; the queue delivers it afterwards', async () => {
    const viewer = await t().createViewer();
    const outboxDir = path.join(t().config.dataDir, 'outbox');
    const filesInOutbox = () => (existsSync(outboxDir) ? readdirSync(outboxDir).length : 0);
    const res = await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: viewer.email } });
    const atAnswer = { http: res.http, queued: t().app.mailPending(), files: filesInOutbox() };
    expect(atAnswer).toEqual({ http: 200, queued: 1, files: 0 });
    await t().app.mailIdle();
    expect({ queued: t().app.mailPending(), files: filesInOutbox() }).toEqual({ queued: 0, files: 1 });
    expect((await t().outbox()).map((m) => m.to_address)).toEqual([viewer.email]);
  });

  it('refuses a second reset code within 60 s (429 with Retry-After)', async () => {
    const viewer = await t().createViewer();
    await askResetCode(t(), viewer.email);
    const res = await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: viewer.email } });
    expect(res.http).toBe(429);
    expect(res.body.message).toBe(MESSAGES.codeSendWait);
    expect(res.headers['retry-after']).toBe('60');
    expect(await t().outbox()).toHaveLength(1);
  });

  it('keeps a pending login code working when a reset code is sent', async () => {
    const viewer = await t().createViewer();
    const loginCode = await askLoginCode(t(), viewer.email);
    await askResetCode(t(), viewer.email);
    expect((await t().post('/api/loginbyotp', { email: viewer.email, OTP: loginCode })).http).toBe(200);
  });

  it('refuses a missing or malformed address, or one under another parameter name (400), and stores no code', async () => {
    await t().createViewer({ email: 'ruby@example.com' });
    const cases: [string, Record<string, string>, string][] = [
      ['no address', {}, 'emailId'],
      ['a malformed address', { emailId: 'ruby.example.com' }, 'emailId'],
      ['the address under another parameter name', { emailid: 'ruby@example.com' }, 'emailId'],
    ];
    await expectRefusedInputs(t(), cases, (query) => t().get('/api/forgotpasswordOTP_v1', { query }));
  });
});

describeEachEngine('valresetpassotp', (t) => {
  it('accepts the right reset code without using it up', async () => {
    const viewer = await t().createViewer();
    const code = await askResetCode(t(), viewer.email);
    const res = await t().post('/api/valresetpassotp', { email: viewer.email, OTP: code });
    expect(res.http).toBe(200);
    expect(res.body).toEqual({
      status: 1,
      statusCode: 200,
      message: MESSAGES.codeAccepted,
      data: [],
      tzdiff: '-07:00',
    });
    expect((await codesFor(t(), viewer.email))[0]).toMatchObject({ used_at: null, attempts: 0 });
    expect(
      (await t().post('/api/resetpasswordotp_v1', { email: viewer.email, OTP: code, password: NEW_PASSWORD })).http,
    ).toBe(200);
  });

  it('refuses a wrong reset code (401) and counts the try', async () => {
    const viewer = await t().createViewer();
    const code = await askResetCode(t(), viewer.email);
    const res = await t().post('/api/valresetpassotp', { email: viewer.email, OTP: otherCode(code) });
    expect(res.http).toBe(401);
    expect(res.body).toEqual({ status: 0, statusCode: 401, message: MESSAGES.codeWrong, data: [] });
    expect((await codesFor(t(), viewer.email))[0]).toMatchObject({ attempts: 1 });
  });

  it('refuses an expired reset code (401) with the expired message', async () => {
    const viewer = await t().createViewer();
    const code = await askResetCode(t(), viewer.email);
    t().clock.advance(10 * MINUTE);
    const res = await t().post('/api/valresetpassotp', { email: viewer.email, OTP: code });
    expect(res.http).toBe(401);
    expect(res.body.message).toBe(MESSAGES.codeExpired);
  });

  it('does not accept a login code as a reset code', async () => {
    const viewer = await t().createViewer();
    const loginCode = await askLoginCode(t(), viewer.email);
    const res = await t().post('/api/valresetpassotp', { email: viewer.email, OTP: loginCode });
    expect(res.http).toBe(401);
  });

  it('refuses a missing or 7-digit code and a malformed address (400) without counting a try', async () => {
    await t().createViewer({ email: 'ruby@example.com' });
    await askResetCode(t(), 'ruby@example.com');
    const cases: [string, Record<string, string>, string][] = [
      ['no code', { email: 'ruby@example.com' }, 'OTP'],
      ['a 7-digit code', { email: 'ruby@example.com', OTP: '1234567' }, 'OTP'],
      ['a malformed address', { email: 'ruby', OTP: '123456' }, 'email'],
    ];
    await expectRefusedInputs(t(), cases, (body) => t().post('/api/valresetpassotp', body));
  });

  it('refuses a body over 100 KB (413)', async () => {
    const res = await t().post(
      '/api/valresetpassotp',
      JSON.stringify({ email: 'ruby@example.com', OTP: '123456', pad: 'x'.repeat(101 * 1024) }),
    );
    expect(res.http).toBe(413);
  });
});

describeEachEngine('resetpasswordotp_v1', (t) => {
  it('sets the new password: the old one stops working and the new one logs in', async () => {
    const viewer = await t().createViewer();
    const code = await askResetCode(t(), viewer.email);
    const res = await t().post('/api/resetpasswordotp_v1', { email: viewer.email, OTP: code, password: NEW_PASSWORD });
    expect(res.http).toBe(200);
    expect(res.body).toEqual({
      status: 1,
      statusCode: 200,
      message: MESSAGES.passwordReset,
      data: [],
      tzdiff: '-07:00',
    });

    const old = await t().post('/api/login_v1', { email: viewer.email, password: viewer.password });
    expect(old.http).toBe(401);
    const fresh = await t().post('/api/login_v1', { email: viewer.email, password: NEW_PASSWORD });
    expect(fresh.http).toBe(200);
  });

  it('ends every session of the account: old tokens answer 401 afterwards', async () => {
    const viewer = await t().createViewer();
    const second = await t().post<AuthedUser>('/api/login_v1', { email: viewer.email, password: viewer.password });
    const bystander = await t().createViewer();
    const code = await askResetCode(t(), viewer.email);
    await t().post('/api/resetpasswordotp_v1', { email: viewer.email, OTP: code, password: NEW_PASSWORD });

    for (const token of [viewer.tokenvalue, second.body.data[0]?.tokenvalue]) {
      const res = await t().get('/api/profile_v1', { token });
      expect(res.http).toBe(401);
      expect(res.body.message).toBe(MESSAGES.sessionExpired);
    }
    const sessions = await t().db.selectFrom('sessions').select('user_id').execute();
    expect(sessions).toEqual([{ user_id: bystander.id }]);
    expect((await t().get('/api/profile_v1', { token: bystander.tokenvalue })).http).toBe(200);
  });

  it('voids a pending login code of the account', async () => {
    const viewer = await t().createViewer();
    const loginCode = await askLoginCode(t(), viewer.email);
    const resetCode = await askResetCode(t(), viewer.email);
    await t().post('/api/resetpasswordotp_v1', { email: viewer.email, OTP: resetCode, password: NEW_PASSWORD });
    const res = await t().post('/api/loginbyotp', { email: viewer.email, OTP: loginCode });
    expect(res.http).toBe(401);
    expect((await codesFor(t(), viewer.email)).every((row) => row.used_at !== null)).toBe(true);
  });

  it('accepts a reset code only once', async () => {
    const viewer = await t().createViewer();
    const code = await askResetCode(t(), viewer.email);
    await t().post('/api/resetpasswordotp_v1', { email: viewer.email, OTP: code, password: NEW_PASSWORD });
    const again = await t().post('/api/resetpasswordotp_v1', {
      email: viewer.email,
      OTP: code,
      password: 'another-new-pass-88',
    });
    expect(again.http).toBe(401);
    expect((await t().post('/api/login_v1', { email: viewer.email, password: NEW_PASSWORD })).http).toBe(200);
  });

  it('sets a first password on a code-mode account and confirms it', async () => {
    await registerInCodeMode(t());
    t().clock.advance(MINUTE);
    const code = await askResetCode(t(), 'opal@example.com');
    expect(
      (await t().post('/api/resetpasswordotp_v1', { email: 'opal@example.com', OTP: code, password: NEW_PASSWORD }))
        .http,
    ).toBe(200);
    expect((await userByEmail(t(), 'opal@example.com'))?.isactive).toBe(1);
    expect((await t().post('/api/login_v1', { email: 'opal@example.com', password: NEW_PASSWORD })).http).toBe(200);
  });

  it('refuses a wrong code for an unknown address exactly as for a known one', async () => {
    const viewer = await t().createViewer();
    await askResetCode(t(), viewer.email);
    await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: 'nobody@example.com' } });
    const known = await t().post('/api/resetpasswordotp_v1', {
      email: viewer.email,
      OTP: '000000',
      password: NEW_PASSWORD,
    });
    const unknown = await t().post('/api/resetpasswordotp_v1', {
      email: 'nobody@example.com',
      OTP: '000000',
      password: NEW_PASSWORD,
    });
    expect(unknown.http).toBe(401);
    expect(unknown.body).toEqual(known.body);
    expect(await t().db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('refuses a common new password (400) and keeps the code for a better one', async () => {
    const viewer = await t().createViewer();
    const code = await askResetCode(t(), viewer.email);
    const before = await storedState(t());
    const res = await t().post('/api/resetpasswordotp_v1', { email: viewer.email, OTP: code, password: 'password1' });
    expect(res.http).toBe(400);
    expect(res.body).toMatchObject({ status: -1, statusCode: 400, message: MESSAGES.weakPassword });
    expect(await storedState(t())).toEqual(before);
    expect(
      (await t().post('/api/resetpasswordotp_v1', { email: viewer.email, OTP: code, password: NEW_PASSWORD })).http,
    ).toBe(200);
  });

  it('keeps the old password and sessions when the code is wrong', async () => {
    const viewer = await t().createViewer();
    const code = await askResetCode(t(), viewer.email);
    const before = await storedState(t());
    const res = await t().post('/api/resetpasswordotp_v1', {
      email: viewer.email,
      OTP: otherCode(code),
      password: NEW_PASSWORD,
    });
    expect(res.http).toBe(401);
    const after = await storedState(t());
    expect(after.users).toEqual(before.users);
    expect(after.sessions).toEqual(before.sessions);
    expect((await t().get('/api/profile_v1', { token: viewer.tokenvalue })).http).toBe(200);
  });

  it('refuses a short, missing or numeric password, a missing code or a missing address (400) and changes nothing', async () => {
    await t().createViewer({ email: 'ruby@example.com' });
    await askResetCode(t(), 'ruby@example.com');
    const cases: [string, Record<string, unknown>, string][] = [
      ['a 7-character password', { email: 'ruby@example.com', OTP: '123456', password: 'tg!8Rq2' }, 'password'],
      ['no password', { email: 'ruby@example.com', OTP: '123456' }, 'password'],
      ['no code', { email: 'ruby@example.com', password: NEW_PASSWORD }, 'OTP'],
      ['a numeric password', { email: 'ruby@example.com', OTP: '123456', password: 123456789 }, 'password'],
      ['no address', { OTP: '123456', password: NEW_PASSWORD }, 'email'],
    ];
    await expectRefusedInputs(t(), cases, (body) => t().post('/api/resetpasswordotp_v1', body));
  });

  it('refuses a body over 100 KB (413) and changes nothing', async () => {
    const viewer = await t().createViewer();
    const code = await askResetCode(t(), viewer.email);
    const before = await storedState(t());
    const res = await t().post(
      '/api/resetpasswordotp_v1',
      JSON.stringify({ email: viewer.email, OTP: code, password: NEW_PASSWORD, pad: 'x'.repeat(101 * 1024) }),
    );
    expect(res.http).toBe(413);
    expect(await storedState(t())).toEqual(before);
  });
});
