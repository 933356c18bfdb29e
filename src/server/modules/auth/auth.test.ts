// Password accounts over the API: registeruser_v1, login_v1, logout, visitortoken and the two
// existence checks, asserted on the answer a viewer sees and on the rows stored.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RegisterRequest } from '../../../shared/contract/auth';
import { AuthedUserResponse } from '../../../shared/contract/user';
import type { AuthedUser } from '../../../shared/contract/user';
import { MESSAGES } from '../../../shared/messages';
import { describeEachEngine, type TestApp } from '../../testing/harness';

const PASSWORD = 'violet-tourmaline-42';
let registrations = 0;

/** A valid password-mode registration with a unique e-mail and phone; fields override. */
function registration(fields: Partial<RegisterRequest> = {}): RegisterRequest {
  registrations += 1;
  const n = String(1000 + registrations).slice(-4);
  return {
    first_name: 'Ruby',
    last_name: 'Stone',
    email: `ruby${n}@example.com`,
    phone: `+1555020${n}`,
    password: PASSWORD,
    ...fields,
  };
}

const storedState = (t: TestApp) => t.accountState();

const userByEmail = (t: TestApp, email: string) =>
  t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const oversizeJson = (fields: Record<string, string>) => JSON.stringify({ ...fields, padding: 'x'.repeat(101 * 1024) });

describeEachEngine('registeruser_v1', (t) => {
  it('creates an active account in password mode and returns a token that works', async () => {
    const input = registration({ middle_name: 'Jade', nickname: 'Rubes', birthday: '1990-04-02' });
    const res = await t().post<AuthedUser>('/api/registeruser_v1', input);
    expect(res.http).toBe(200);
    const body = AuthedUserResponse.parse(res.body);
    expect(body).toMatchObject({ status: 1, statusCode: 200, message: MESSAGES.registered, tzdiff: '-07:00' });
    const user = body.data[0];
    expect(user).toMatchObject({
      email: input.email,
      first_name: 'Ruby',
      full_name: 'Ruby Jade Stone',
      nickname: 'Rubes',
      birthday: '1990-04-02',
      isactive: 1,
      is_staff: 0,
      profile_picture: '',
    });
    expect(user?.tokenvalue).toMatch(/^gc_[\w-]{43}$/);
    expect(user?.myInviteCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const row = await userByEmail(t(), input.email);
    expect(row).toMatchObject({ id: user?.id, isactive: 1, is_staff: 0, phone: input.phone, birthday: '1990-04-02' });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const profile = await t().get('/api/profile_v1', { token: user?.tokenvalue });
    expect(profile.body.data[0]).toMatchObject({ id: user?.id, email: input.email });
  });

  it('stores the e-mail in lower case and the phone in one canonical form', async () => {
    const res = await t().post(
      '/api/registeruser_v1',
      registration({ email: '  Ruby.Stone@Example.COM ', phone: '(555) 020-7788' }),
    );
    expect(res.http).toBe(200);
    expect(res.body.data[0]).toMatchObject({ email: 'ruby.stone@example.com', phone: '+15550207788' });
    const row = await userByEmail(t(), 'ruby.stone@example.com');
    expect(row?.phone).toBe('+15550207788');
  });

  it('creates an unconfirmed account in code mode and mails a code instead of a token', async () => {
    const { password: _unused, ...codeMode } = registration({ email: 'opal@example.com' });
    const res = await t().post<AuthedUser>('/api/registeruser_v1', codeMode);
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: 1, message: MESSAGES.registeredConfirm });
    expect(res.body.data[0]).toMatchObject({ email: 'opal@example.com', isactive: 0, tokenvalue: '' });
    const row = await userByEmail(t(), 'opal@example.com');
    expect(row).toMatchObject({ isactive: 0, password_hash: null });
    const state = await storedState(t());
    expect(state.sessions).toHaveLength(0);
    expect(state.mail).toHaveLength(1);
    expect(state.mail[0]).toMatchObject({ to_address: 'opal@example.com' });
    expect(state.mail[0]?.subject).toMatch(/^Your Gemcast login code: \d{6}$/);
  });

  it('ignores privileged fields sent with a registration: staff flag, activation, id and inviter', async () => {
    const inviter = await t().createViewer();
    const { password: _unused, ...codeMode } = registration({ email: 'sneaky@example.com' });
    const res = await t().post('/api/registeruser_v1', {
      ...codeMode,
      is_staff: 1,
      isactive: 1,
      id: 999,
      invited_by: inviter.id,
      my_invite_code: 'STAFF222',
      password_hash: 'x',
    });
    expect(res.http).toBe(200);
    const row = await userByEmail(t(), 'sneaky@example.com');
    expect(row).toMatchObject({ is_staff: 0, isactive: 0, invited_by: null, password_hash: null });
    expect(row?.id).not.toBe(999);
    expect(row?.my_invite_code).not.toBe('STAFF222');
  });

  it('records who invited the new viewer when the invite code is known, in any letter case', async () => {
    const inviter = await t().createViewer();
    const res = await t().post(
      '/api/registeruser_v1',
      registration({ email: 'invited@example.com', invitedCode: inviter.myInviteCode.toLowerCase() }),
    );
    expect(res.http).toBe(200);
    expect(res.body.data[0]).toMatchObject({ invitedCode: inviter.myInviteCode });
    const row = await userByEmail(t(), 'invited@example.com');
    expect(row).toMatchObject({ invited_by: inviter.id, invited_code: inviter.myInviteCode });
  });

  it('credits nobody for an invite code that belongs to no one', async () => {
    await t().post('/api/registeruser_v1', registration({ email: 'stray@example.com', invitedCode: 'NOSUCH22' }));
    const row = await userByEmail(t(), 'stray@example.com');
    expect(row?.invited_by ?? null).toBeNull();
  });

  it('stores the referral id the viewer arrived with', async () => {
    await t().post('/api/registeruser_v1', registration({ email: 'referred@example.com', refId: 'spring-show-42' }));
    const row = await userByEmail(t(), 'referred@example.com');
    expect(row?.ref_id).toBe('spring-show-42');
  });

  it('prefers the referral id the form sent over the refId cookie', async () => {
    await t().post('/api/registeruser_v1', registration({ email: 'both@example.com', refId: 'from-form' }), {
      headers: { cookie: 'refId=from-cookie' },
    });
    const row = await userByEmail(t(), 'both@example.com');
    expect(row?.ref_id).toBe('from-form');
  });

  it('gives every account a different invite code of its own', async () => {
    const a = await t().createViewer();
    const b = await t().createViewer();
    expect(a.myInviteCode).not.toBe(b.myInviteCode);
  });

  it('normalises a full-width password (NFKC) so its plain form logs in', async () => {
    const input = registration({ email: 'wide@example.com', password: 'ｐａｓｓｗｏｒｄ-Ｇｅｍ１２' });
    expect((await t().post('/api/registeruser_v1', input)).http).toBe(200);
    const plain = await t().post('/api/login_v1', { email: 'wide@example.com', password: 'password-Gem12' });
    expect(plain.http).toBe(200);
    const wide = await t().post('/api/login_v1', {
      email: 'wide@example.com',
      password: 'ｐａｓｓｗｏｒｄ-Ｇｅｍ１２',
    });
    expect(wide.http).toBe(200);
  });

  it('accepts a password of exactly 8 characters', async () => {
    const res = await t().post('/api/registeruser_v1', registration({ password: 'tg!8Rq2z' }));
    expect(res.http).toBe(200);
  });

  describe('refusals, each writing nothing', () => {
    it('refuses a second account with the same e-mail in another letter case (409)', async () => {
      const first = registration({ email: 'garnet@example.com' });
      await t().post('/api/registeruser_v1', first);
      const before = await storedState(t());
      const res = await t().post('/api/registeruser_v1', registration({ email: 'GARNET@example.com' }));
      expect(res.http).toBe(409);
      expect(res.body).toEqual({ status: 0, statusCode: 409, message: MESSAGES.emailTaken, data: [] });
      expect(await storedState(t())).toEqual(before);
    });

    it('refuses a second account with the same phone written another way (409)', async () => {
      await t().post('/api/registeruser_v1', registration({ phone: '+15550209911' }));
      const before = await storedState(t());
      const res = await t().post('/api/registeruser_v1', registration({ phone: '555.020.9911' }));
      expect(res.http).toBe(409);
      expect(res.body).toEqual({ status: 0, statusCode: 409, message: MESSAGES.phoneTaken, data: [] });
      expect(await storedState(t())).toEqual(before);
    });

    it('refuses common passwords such as password1, in any letter case (400)', async () => {
      for (const password of ['password1', 'Password1', 'iloveyou', 'qwertyuiop']) {
        const res = await t().post('/api/registeruser_v1', registration({ password }));
        expect({ password, http: res.http, body: res.body }).toEqual({
          password,
          http: 400,
          body: {
            status: -1,
            statusCode: 400,
            message: MESSAGES.weakPassword,
            data: [{ field: 'password', message: MESSAGES.weakPassword }],
          },
        });
      }
      expect((await storedState(t())).users).toHaveLength(0);
    });

    it('refuses a 7-character password (400)', async () => {
      const res = await t().post('/api/registeruser_v1', registration({ password: 'tg!8Rq2' }));
      expect(res.http).toBe(400);
      expect(res.body).toMatchObject({
        status: -1,
        statusCode: 400,
        message: 'Use at least 8 characters.',
        data: [{ field: 'password' }],
      });
      expect((await storedState(t())).users).toHaveLength(0);
    });

    it('refuses a password over 128 characters (400)', async () => {
      const res = await t().post('/api/registeruser_v1', registration({ password: 'gem-'.repeat(33) }));
      expect(res.http).toBe(400);
      expect(res.body.data).toMatchObject([{ field: 'password' }]);
      expect((await storedState(t())).users).toHaveLength(0);
    });

    it('refuses an e-mail with a quoted local part, two @ signs, no domain, no top-level domain, a double dot or a space (400)', async () => {
      for (const email of [
        '"ruby stone"@example.com',
        'ruby@stone@example.com',
        'ruby@',
        'ruby@example',
        'ruby..stone@example.com',
        'ruby stone@example.com',
      ]) {
        const res = await t().post('/api/registeruser_v1', registration({ email }));
        expect({ email, http: res.http, body: res.body }).toMatchObject({
          email,
          http: 400,
          body: { status: -1, statusCode: 400, data: [{ field: 'email' }] },
        });
      }
      expect((await storedState(t())).users).toHaveLength(0);
    });

    it('refuses a registration missing first name, last name, e-mail or phone (400)', async () => {
      for (const field of ['first_name', 'last_name', 'email', 'phone']) {
        const input: Record<string, unknown> = { ...registration() };
        delete input[field];
        const res = await t().post('/api/registeruser_v1', input);
        expect({ field, http: res.http, body: res.body }).toMatchObject({
          field,
          http: 400,
          body: { status: -1, statusCode: 400, data: [{ field }] },
        });
      }
      expect((await storedState(t())).users).toHaveLength(0);
    });

    it('refuses an empty body (400)', async () => {
      const res = await t().post('/api/registeruser_v1', {});
      expect(res.http).toBe(400);
      expect(res.body.status).toBe(-1);
      expect((await storedState(t())).users).toHaveLength(0);
    });

    it('refuses fields of the wrong type: a numeric name, phone or password, an e-mail list, an object refId (400)', async () => {
      const cases: [string, unknown][] = [
        ['first_name', 42],
        ['email', ['ruby@example.com']],
        ['phone', 5550201234],
        ['password', 12345678],
        ['refId', { id: 1 }],
      ];
      for (const [field, value] of cases) {
        const res = await t().post('/api/registeruser_v1', { ...registration(), [field]: value });
        expect({ field, http: res.http, body: res.body }).toMatchObject({
          field,
          http: 400,
          body: { status: -1, statusCode: 400, data: [{ field }] },
        });
      }
      expect((await storedState(t())).users).toHaveLength(0);
    });

    it('refuses a name, middle name or nickname with a text-direction override or a NUL (400) and stores nothing', async () => {
      const cases: [string, string][] = [
        ['first_name', 'Ruby\u202Eyalp'],
        ['first_name', 'Ru\u0000by'],
        ['last_name', 'Stone\u202E'],
        ['last_name', '\u0000Stone'],
        ['middle_name', 'Ja\u202Ede'],
        ['middle_name', 'Jade\u0000'],
        ['nickname', '\u202Ebur'],
        ['nickname', 'Rubes\u0000'],
      ];
      const before = await storedState(t());
      for (const [field, value] of cases) {
        const res = await t().post('/api/registeruser_v1', { ...registration(), [field]: value });
        expect({ field, value, http: res.http, body: res.body }).toMatchObject({
          field,
          value,
          http: 400,
          body: { status: -1, statusCode: 400, data: [{ field, message: MESSAGES.hiddenCharacters }] },
        });
      }
      expect(await storedState(t())).toEqual(before);
    });

    it('refuses a phone number that is not one (400)', async () => {
      const res = await t().post('/api/registeruser_v1', registration({ phone: 'call me maybe' }));
      expect(res.http).toBe(400);
      expect(res.body.data).toMatchObject([{ field: 'phone' }]);
    });

    it('refuses an impossible birthday (400)', async () => {
      const res = await t().post('/api/registeruser_v1', registration({ birthday: '1990-02-30' }));
      expect(res.http).toBe(400);
      expect(res.body.data).toMatchObject([{ field: 'birthday' }]);
      expect((await storedState(t())).users).toHaveLength(0);
    });

    it('refuses a body over 100 KB (413)', async () => {
      const res = await t().post('/api/registeruser_v1', oversizeJson({ ...registration() }));
      expect(res.http).toBe(413);
      expect(res.body).toEqual({ status: -1, statusCode: 413, message: MESSAGES.tooLarge, data: [] });
      expect((await storedState(t())).users).toHaveLength(0);
    });
  });

  it('lets exactly one of two simultaneous registrations with the same e-mail through', async () => {
    const [a, b] = await Promise.all([
      t().post('/api/registeruser_v1', registration({ email: 'twin@example.com' })),
      t().post('/api/registeruser_v1', registration({ email: 'twin@example.com' })),
    ]);
    expect([a.http, b.http].sort()).toEqual([200, 409]);
    const rows = await t().db.selectFrom('users').select('id').where('email', '=', 'twin@example.com').execute();
    expect(rows).toHaveLength(1);
    expect((await storedState(t())).sessions).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous registrations with the same phone through', async () => {
    const [a, b] = await Promise.all([
      t().post('/api/registeruser_v1', registration({ phone: '+15550204455' })),
      t().post('/api/registeruser_v1', registration({ phone: '+15550204455' })),
    ]);
    expect([a.http, b.http].sort()).toEqual([200, 409]);
    expect((await storedState(t())).users).toHaveLength(1);
  });
});

describeEachEngine('login_v1', (t) => {
  it('logs in with the right password and answers the user record with a token', async () => {
    const viewer = await t().createViewer();
    const res = await t().post('/api/login_v1', { email: viewer.email, password: viewer.password });
    expect(res.http).toBe(200);
    const body = AuthedUserResponse.parse(res.body);
    expect(body).toMatchObject({ status: 1, statusCode: 200, message: MESSAGES.loggedIn, tzdiff: '-07:00' });
    expect(body.data[0]).toMatchObject({ id: viewer.id, email: viewer.email, isactive: 1 });
  });

  it('accepts the e-mail in any letter case', async () => {
    const viewer = await t().createViewer();
    const res = await t().post('/api/login_v1', { email: viewer.email.toUpperCase(), password: viewer.password });
    expect(res.http).toBe(200);
  });

  it('issues a new token at every login while the older ones keep working until logout', async () => {
    const viewer = await t().createViewer();
    const first = await t().post<AuthedUser>('/api/login_v1', { email: viewer.email, password: viewer.password });
    const second = await t().post<AuthedUser>('/api/login_v1', { email: viewer.email, password: viewer.password });
    const tokens = [viewer.tokenvalue, first.body.data[0]?.tokenvalue, second.body.data[0]?.tokenvalue];
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect((await t().get('/api/profile_v1', { token })).http).toBe(200);
    expect((await storedState(t())).sessions).toHaveLength(3);
  });

  it('stores only the SHA-256 of the token, never the token itself', async () => {
    const viewer = await t().createViewer();
    const sessions = await t().db.selectFrom('sessions').selectAll().execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.token_hash).toBe(sha256Hex(viewer.tokenvalue));
    expect(JSON.stringify(sessions)).not.toContain(viewer.tokenvalue);
  });

  it('ends a session after SESSION_DAYS (30 days)', async () => {
    const viewer = await t().createViewer();
    t().clock.advance(29 * 24 * 60 * 60_000);
    expect((await t().get('/api/profile_v1', { token: viewer.tokenvalue })).http).toBe(200);
    t().clock.advance(24 * 60 * 60_000);
    const res = await t().get('/api/profile_v1', { token: viewer.tokenvalue });
    expect(res.http).toBe(401);
    expect(res.body.message).toBe(MESSAGES.sessionExpired);
  });

  describe('refusals, each starting no session', () => {
    it('refuses a wrong password (401)', async () => {
      const viewer = await t().createViewer();
      const before = await storedState(t());
      const res = await t().post('/api/login_v1', { email: viewer.email, password: 'not-the-password' });
      expect(res.http).toBe(401);
      expect(res.body).toEqual({ status: 0, statusCode: 401, message: MESSAGES.badCredentials, data: [] });
      expect(await storedState(t())).toEqual(before);
    });

    it('answers an unknown e-mail exactly as a wrong password, so accounts cannot be discovered', async () => {
      const viewer = await t().createViewer();
      const wrongPassword = await t().post('/api/login_v1', { email: viewer.email, password: 'not-the-password' });
      const unknown = await t().post('/api/login_v1', { email: 'nobody@example.com', password: 'not-the-password' });
      expect(unknown.http).toBe(wrongPassword.http);
      expect(unknown.body).toEqual(wrongPassword.body);
    });

    it('refuses a password login to a code-mode account that has no password', async () => {
      const { password: _unused, ...codeMode } = registration({ email: 'nopass@example.com' });
      await t().post('/api/registeruser_v1', codeMode);
      const res = await t().post('/api/login_v1', { email: 'nopass@example.com', password: 'anything-at-all' });
      expect(res.http).toBe(401);
      expect(res.body.message).toBe(MESSAGES.badCredentials);
      expect((await storedState(t())).sessions).toHaveLength(0);
    });

    it('pauses an address on its network for 15 minutes after 10 failures (429 with Retry-After), even for the right password', async () => {
      const viewer = await t().createViewer();
      for (let i = 0; i < 10; i++) {
        const res = await t().post('/api/login_v1', { email: viewer.email, password: `wrong-password-${i}` });
        expect(res.http).toBe(401);
      }
      const locked = await t().post('/api/login_v1', { email: viewer.email, password: viewer.password });
      expect(locked.http).toBe(429);
      expect(locked.body).toEqual({
        status: 0,
        statusCode: 429,
        message: MESSAGES.loginLocked,
        data: [{ retryAfterSeconds: 900 }],
      });
      expect(locked.headers['retry-after']).toBe('900');
      expect((await storedState(t())).sessions).toHaveLength(1);

      const other = await t().createViewer();
      expect((await t().post('/api/login_v1', { email: other.email, password: other.password })).http).toBe(200);

      t().clock.advance(15 * 60_000);
      expect((await t().post('/api/login_v1', { email: viewer.email, password: viewer.password })).http).toBe(200);
    });

    it('forgets earlier failures after a successful login', async () => {
      const viewer = await t().createViewer();
      for (let i = 0; i < 9; i++)
        await t().post('/api/login_v1', { email: viewer.email, password: `wrong-password-${i}` });
      expect((await t().post('/api/login_v1', { email: viewer.email, password: viewer.password })).http).toBe(200);
      for (let i = 0; i < 9; i++)
        await t().post('/api/login_v1', { email: viewer.email, password: `wrong-password-${i}` });
      expect((await t().post('/api/login_v1', { email: viewer.email, password: viewer.password })).http).toBe(200);
    });

    it('refuses a missing or malformed e-mail or password, or one of the wrong type (400)', async () => {
      await t().createViewer({ email: 'ruby@example.com' });
      const before = await storedState(t());
      const cases: [string, Record<string, unknown>, string][] = [
        ['no e-mail', { password: PASSWORD }, 'email'],
        ['no password', { email: 'ruby@example.com' }, 'password'],
        ['an empty password', { email: 'ruby@example.com', password: '' }, 'password'],
        ['a malformed e-mail', { email: 'ruby-at-example.com', password: PASSWORD }, 'email'],
        ['a numeric password', { email: 'ruby@example.com', password: 12345678 }, 'password'],
        ['an e-mail given as a list', { email: ['ruby@example.com'], password: PASSWORD }, 'email'],
      ];
      for (const [label, body, field] of cases) {
        const res = await t().post('/api/login_v1', body);
        expect({ label, http: res.http, body: res.body }).toMatchObject({
          label,
          http: 400,
          body: { status: -1, statusCode: 400, data: [{ field }] },
        });
      }
      expect(await storedState(t())).toEqual(before);
    });

    it('refuses a body over 100 KB (413)', async () => {
      const viewer = await t().createViewer();
      const before = await storedState(t());
      const res = await t().post('/api/login_v1', oversizeJson({ email: viewer.email, password: viewer.password }));
      expect(res.http).toBe(413);
      expect(res.body).toMatchObject({ status: -1, statusCode: 413, message: MESSAGES.tooLarge });
      expect(await storedState(t())).toEqual(before);
    });
  });
});

describeEachEngine('logout', (t) => {
  it('ends this session only: its token is refused afterwards, another login of the same viewer keeps working', async () => {
    const viewer = await t().createViewer();
    const other = await t().post<AuthedUser>('/api/login_v1', { email: viewer.email, password: viewer.password });
    const res = await t().post('/api/logout', {}, { token: viewer.tokenvalue });
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: 1, statusCode: 200, message: MESSAGES.loggedOut, data: [] });

    const after = await t().get('/api/profile_v1', { token: viewer.tokenvalue });
    expect(after.http).toBe(401);
    expect(after.body).toEqual({ status: 0, statusCode: 401, message: MESSAGES.sessionExpired, data: [] });
    expect((await t().get('/api/profile_v1', { token: other.body.data[0]?.tokenvalue })).http).toBe(200);
    const sessions = await t().db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).toEqual([sha256Hex(other.body.data[0]?.tokenvalue ?? '')]);
  });

  it('logs out when the call has no body at all', async () => {
    const viewer = await t().createViewer();
    const res = await t().app.inject({ method: 'POST', url: '/api/logout', headers: { token: viewer.tokenvalue } });
    expect(res.statusCode).toBe(200);
    expect(await t().db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });

  it('refuses a logout with no token, an unknown token or a visitor token (401) and ends no session', async () => {
    await t().createViewer();
    const before = await storedState(t());
    const cases: [string, string | undefined, string][] = [
      ['no token', undefined, MESSAGES.unauthorized],
      ['an unknown token', 'gc_not-a-real-token', MESSAGES.sessionExpired],
      ['a visitor token', 'gv_abc.def', MESSAGES.sessionExpired],
    ];
    for (const [label, token, message] of cases) {
      const res = await t().post('/api/logout', {}, { token });
      expect({ label, http: res.http, body: res.body }).toEqual({
        label,
        http: 401,
        body: { status: 0, statusCode: 401, message, data: [] },
      });
    }
    expect(await storedState(t())).toEqual(before);
  });

  it('refuses a second logout with the same token (401)', async () => {
    const viewer = await t().createViewer();
    await t().post('/api/logout', {}, { token: viewer.tokenvalue });
    const res = await t().post('/api/logout', {}, { token: viewer.tokenvalue });
    expect(res.http).toBe(401);
    expect(res.body.message).toBe(MESSAGES.sessionExpired);
  });

  it('refuses a body over 100 KB (413) and keeps the session', async () => {
    const viewer = await t().createViewer();
    const res = await t().post('/api/logout', oversizeJson({}), { token: viewer.tokenvalue });
    expect(res.http).toBe(413);
    expect((await t().get('/api/profile_v1', { token: viewer.tokenvalue })).http).toBe(200);
  });
});

describeEachEngine('visitortoken', (t) => {
  it('issues a different random visitor token at every call and stores nothing', async () => {
    const first = await t().post<{ tkn: string }>('/api/visitortoken', {});
    const second = await t().post<{ tkn: string }>('/api/visitortoken', {});
    expect(first.http).toBe(200);
    expect(first.body).toMatchObject({ status: 1, statusCode: 200, tzdiff: '-07:00' });
    const tokens = [first.body.data[0]?.tkn, second.body.data[0]?.tkn];
    for (const tkn of tokens) expect(tkn).toMatch(/^gv_[\w-]{22}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
    const state = await storedState(t());
    expect(state).toEqual({ users: [], sessions: [], codes: [], mail: [] });
  });

  it('does not let a visitor token act as a login', async () => {
    const visitor = await t().post<{ tkn: string }>('/api/visitortoken', {});
    const res = await t().get('/api/profile_v1', { token: visitor.body.data[0]?.tkn });
    expect(res.http).toBe(401);
  });

  it('refuses a body over 100 KB (413)', async () => {
    const res = await t().post('/api/visitortoken', oversizeJson({}));
    expect(res.http).toBe(413);
  });
});

describeEachEngine('checkifemailexists and checkifphoneexists', (t) => {
  it('says whether an account uses an e-mail, in any letter case', async () => {
    const viewer = await t().createViewer();
    const known = await t().get<{ exists: boolean }>('/api/checkifemailexists', {
      query: { emailid: viewer.email.toUpperCase() },
    });
    expect(known.http).toBe(200);
    expect(known.body).toMatchObject({ status: 1, statusCode: 200, data: [{ exists: true }] });
    const unknown = await t().get('/api/checkifemailexists', { query: { emailid: 'nobody@example.com' } });
    expect(unknown.body).toMatchObject({ status: 1, data: [{ exists: false }] });
  });

  it('says whether an account uses a phone number, however it is written', async () => {
    await t().createViewer({ phone: '+15550208877' });
    const known = await t().get('/api/checkifphoneexists', { query: { phone: '(555) 020-8877' } });
    expect(known.http).toBe(200);
    expect(known.body).toMatchObject({ status: 1, data: [{ exists: true }] });
    const unknown = await t().get('/api/checkifphoneexists', { query: { phone: '+15550200000' } });
    expect(unknown.body).toMatchObject({ status: 1, data: [{ exists: false }] });
  });

  it('refuses a missing, malformed or overlong e-mail and a missing or malformed phone (400)', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/api/checkifemailexists', {}, 'emailid'],
      ['/api/checkifemailexists', { emailid: 'not-an-address' }, 'emailid'],
      ['/api/checkifemailexists', { emailid: `${'a'.repeat(250)}@example.com` }, 'emailid'],
      ['/api/checkifphoneexists', {}, 'phone'],
      ['/api/checkifphoneexists', { phone: 'twelve' }, 'phone'],
      ['/api/checkifphoneexists', { phone: '123' }, 'phone'],
    ];
    for (const [url, query, field] of cases) {
      const res = await t().get(url, { query });
      expect({ url, query, http: res.http, body: res.body }).toMatchObject({
        url,
        query,
        http: 400,
        body: { status: -1, statusCode: 400, data: [{ field }] },
      });
    }
  });

  it('limits one address to 30 checks a minute across both calls (429 with Retry-After)', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await t().get('/api/checkifemailexists', { query: { emailid: `probe${i}@example.com` } })).http).toBe(
        200,
      );
      expect(
        (await t().get('/api/checkifphoneexists', { query: { phone: `+1555030${String(1000 + i).slice(-4)}` } })).http,
      ).toBe(200);
    }
    const limited = await t().get('/api/checkifemailexists', { query: { emailid: 'probe99@example.com' } });
    expect(limited.http).toBe(429);
    expect(limited.body).toMatchObject({
      status: 0,
      statusCode: 429,
      message: MESSAGES.rateLimited,
      data: [{ retryAfterSeconds: 60 }],
    });
    expect(limited.headers['retry-after']).toBe('60');
    expect((await t().get('/api/checkifphoneexists', { query: { phone: '+15550309999' } })).http).toBe(429);

    const fromElsewhere = await t().app.inject({
      method: 'GET',
      url: '/api/checkifemailexists?emailid=probe99@example.com',
      remoteAddress: '203.0.113.9',
    });
    expect(fromElsewhere.statusCode).toBe(200);
    t().clock.advance(60_000);
    expect((await t().get('/api/checkifemailexists', { query: { emailid: 'probe99@example.com' } })).http).toBe(200);
  });
});
