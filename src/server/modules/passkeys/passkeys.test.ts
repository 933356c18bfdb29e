// Passkeys over the API on both engines, with a software authenticator (testing/webauthn.ts):
// creating one, signing in with it, listing, renaming and removing, and confirming it is you.
import { describe, expect, it } from 'vitest';
import {
  AuthenticationOptions,
  PASSKEY_MESSAGES,
  RegistrationOptions,
  type Passkey,
} from '../../../shared/contract/passkeys';
import type { AuthedUser } from '../../../shared/contract/user';
import { MESSAGES } from '../../../shared/messages';
import { SECOND_FACTOR_MESSAGES } from '../../../shared/second-factor';
import { sha256Hex } from '../../platform/secrets';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { createSoftPasskey, type SoftPasskey } from '../../testing/webauthn';
import { relyingPartyOf } from './passkeys.service';

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** A staff call that any staff session with its second factor may make. */
const STAFF_CALL = '/api/staff/exhibitions';

function softPasskey(t: TestApp, counter = 0) {
  return createSoftPasskey({ ...relyingPartyOfTest(t), counter });
}
function relyingPartyOfTest(t: TestApp) {
  const { rpID, origin } = relyingPartyOf(t.config.publicUrl);
  return { rpID, origin };
}

async function registrationChallenge(t: TestApp, token: string): Promise<string> {
  const res = await t.post('/api/passkeys/registration-options', undefined, { token });
  expect(res.http).toBe(200);
  return RegistrationOptions.parse(res.body.data[0]).challenge;
}

/** Creates the passkey for the signed-in viewer through the API and answers the stored record. */
async function addPasskey(t: TestApp, token: string, key: SoftPasskey, name?: string): Promise<Passkey> {
  const challenge = await registrationChallenge(t, token);
  const res = await t.post<Passkey>(
    '/api/passkeys',
    { credential: key.register(challenge), ...(name ? { name } : {}) },
    { token, headers: { 'user-agent': CHROME_ON_MAC } },
  );
  expect(res.body.message).toBe(PASSKEY_MESSAGES.added);
  const passkey = res.body.data[0];
  if (!passkey) throw new Error('no passkey stored');
  return passkey;
}

async function loginChallenge(t: TestApp): Promise<string> {
  const res = await t.post('/api/passkeys/login-options', undefined);
  expect(res.http).toBe(200);
  return AuthenticationOptions.parse(res.body.data[0]).challenge;
}

async function loginWith(t: TestApp, key: SoftPasskey, options: { userVerified?: boolean } = {}) {
  const challenge = await loginChallenge(t);
  return t.post<AuthedUser>(
    '/api/passkeys/login',
    { credential: key.assert(challenge, options) },
    { headers: { 'user-agent': CHROME_ON_MAC } },
  );
}

const passkeyRows = (t: TestApp) => t.db.selectFrom('passkeys').selectAll().orderBy('id').execute();
const sessionRows = (t: TestApp) => t.db.selectFrom('sessions').selectAll().orderBy('id').execute();

/** A staff account whose session has not passed a second factor yet. */
async function pendingStaff(t: TestApp) {
  const viewer = await t.createViewer();
  await t.db.updateTable('users').set({ is_staff: 1 }).where('id', '=', viewer.id).execute();
  t.app.ctx.sessions.forgetUser(viewer.id);
  return viewer;
}

describe('relyingPartyOf', () => {
  it('takes the public URL’s host name as the relying party and its origin as the expected origin', () => {
    expect(relyingPartyOf('https://shop.gemcast.tv/some/path')).toEqual({
      rpID: 'shop.gemcast.tv',
      origin: 'https://shop.gemcast.tv',
    });
    expect(relyingPartyOf('http://localhost:3212')).toEqual({ rpID: 'localhost', origin: 'http://localhost:3212' });
  });
});

describeEachEngine('passkey registration', (t) => {
  it('offers options for a discoverable passkey that leave out the account’s own passkeys', async () => {
    const viewer = await t().createViewer();
    const first = await addPasskey(t(), viewer.tokenvalue, softPasskey(t()));
    const res = await t().post('/api/passkeys/registration-options', undefined, { token: viewer.tokenvalue });
    const options = RegistrationOptions.parse(res.body.data[0]);
    expect(options).toMatchObject({
      rp: { name: 'Gemcast', id: 'localhost' },
      user: { name: viewer.email, displayName: `Viewer ${viewer.last_name}` },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
    });
    const stored = (await passkeyRows(t()))[0];
    expect(options.excludeCredentials).toEqual([
      { id: stored?.credential_id, type: 'public-key', transports: ['internal'] },
    ]);
    expect(first.name).toBe('Chrome on a Mac');
    const challenges = await t().db.selectFrom('webauthn_challenges').selectAll().execute();
    expect(challenges).toEqual([
      expect.objectContaining({
        challenge: options.challenge,
        purpose: 'register',
        user_id: viewer.id,
        expires_at: '2026-06-15T18:05:00.000Z',
      }),
    ]);
  });

  it('stores a new passkey with the viewer’s label and lists it', async () => {
    const viewer = await t().createViewer();
    const key = softPasskey(t());
    const passkey = await addPasskey(t(), viewer.tokenvalue, key, '  Work laptop ');
    expect(passkey).toEqual({
      id: passkey.id,
      name: 'Work laptop',
      created_at: '2026-06-15T18:00:00.000Z',
      last_used_at: null,
      backed_up: false,
    });
    const [row] = await passkeyRows(t());
    expect(row).toMatchObject({ user_id: viewer.id, credential_id: key.id, counter: 0, transports: '["internal"]' });
    const list = await t().get<Passkey>('/api/passkeys', { token: viewer.tokenvalue });
    expect(list.body).toMatchObject({ status: 1, message: PASSKEY_MESSAGES.list, data: [passkey] });
    // The challenge went with its use.
    expect(await t().db.selectFrom('webauthn_challenges').selectAll().execute()).toEqual([]);
  });

  it('refuses a credential that is already stored (409)', async () => {
    const viewer = await t().createViewer();
    const key = softPasskey(t());
    await addPasskey(t(), viewer.tokenvalue, key);
    const other = await t().createViewer();
    const challenge = await registrationChallenge(t(), other.tokenvalue);
    const res = await t().post('/api/passkeys', { credential: key.register(challenge) }, { token: other.tokenvalue });
    expect(res.http).toBe(409);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.alreadyAdded);
    expect((await passkeyRows(t())).map((row) => row.user_id)).toEqual([viewer.id]);
  });

  it('refuses a replayed, expired, someone else’s or unknown challenge and stores nothing (400)', async () => {
    const viewer = await t().createViewer();
    const other = await t().createViewer();
    const key = softPasskey(t());
    const used = await registrationChallenge(t(), viewer.tokenvalue);
    await t().post('/api/passkeys', { credential: key.register(used) }, { token: viewer.tokenvalue });
    await t().db.deleteFrom('passkeys').execute();
    const othersChallenge = await registrationChallenge(t(), other.tokenvalue);
    const expired = await registrationChallenge(t(), viewer.tokenvalue);
    t().clock.advance(5 * 60_000 + 1);
    for (const [label, challenge] of [
      ['replayed', used],
      ['someone else’s', othersChallenge],
      ['expired', expired],
      ['unknown', 'bm90LWEtY2hhbGxlbmdl'],
    ]) {
      const res = await t().post(
        '/api/passkeys',
        { credential: softPasskey(t()).register(challenge ?? '') },
        { token: viewer.tokenvalue },
      );
      expect({ label, http: res.http, message: res.body.message }).toEqual({
        label,
        http: 400,
        message: PASSKEY_MESSAGES.expired,
      });
    }
    expect(await passkeyRows(t())).toEqual([]);
  });

  it('refuses a credential made for another site and stores nothing (400)', async () => {
    const viewer = await t().createViewer();
    const challenge = await registrationChallenge(t(), viewer.tokenvalue);
    const phishing = createSoftPasskey({ rpID: 'gemcast.example', origin: 'https://gemcast.example' });
    const res = await t().post(
      '/api/passkeys',
      { credential: phishing.register(challenge) },
      { token: viewer.tokenvalue },
    );
    expect(res.http).toBe(400);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.notVerified);
    expect(await passkeyRows(t())).toEqual([]);
  });

  it('refuses a malformed body and a too long name, naming the field, and stores nothing (400)', async () => {
    const viewer = await t().createViewer();
    const challenge = await registrationChallenge(t(), viewer.tokenvalue);
    const credential = softPasskey(t()).register(challenge);
    for (const [label, body, field] of [
      ['no credential', {}, 'credential'],
      ['a name of 61 characters', { credential, name: 'x'.repeat(61) }, 'name'],
      ['a blank name', { credential, name: '   ' }, 'name'],
      ['not base64url', { credential: { ...credential, id: 'a b' } }, 'credential.id'],
    ] as const) {
      const res = await t().post('/api/passkeys', body, { token: viewer.tokenvalue });
      expect({ label, http: res.http, data: res.body.data }).toMatchObject({
        label,
        http: 400,
        data: [{ field }],
      });
    }
    expect(await passkeyRows(t())).toEqual([]);
  });

  it('refuses every account call without a valid token (401)', async () => {
    // Well-formed bodies: a malformed one is refused (400) before the token is read.
    const key = softPasskey(t());
    for (const [method, url, body] of [
      ['POST', '/api/passkeys/registration-options', undefined],
      ['POST', '/api/passkeys', { credential: key.register('Y2hhbGxlbmdl') }],
      ['GET', '/api/passkeys', undefined],
      ['POST', '/api/passkeys/1/rename', { name: 'Phone' }],
      ['POST', '/api/passkeys/1/remove', undefined],
      ['POST', '/api/passkeys/confirm-options', undefined],
      ['POST', '/api/passkeys/confirm', { credential: key.assert('Y2hhbGxlbmdl') }],
    ] as const) {
      for (const token of [undefined, 'gc_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
        const res = method === 'GET' ? await t().get(url, { token }) : await t().post(url, body, { token });
        expect({ url, http: res.http }).toEqual({ url, http: 401 });
      }
    }
  });
});

describeEachEngine('passkey list, rename and remove', (t) => {
  it('lists only the caller’s own passkeys', async () => {
    const viewer = await t().createViewer();
    const other = await t().createViewer();
    const mine = await addPasskey(t(), viewer.tokenvalue, softPasskey(t()), 'Phone');
    await addPasskey(t(), other.tokenvalue, softPasskey(t()), 'Theirs');
    const res = await t().get<Passkey>('/api/passkeys', { token: viewer.tokenvalue });
    expect(res.body.data).toEqual([mine]);
  });

  it('renames the caller’s passkey, and answers 404 for someone else’s', async () => {
    const viewer = await t().createViewer();
    const other = await t().createViewer();
    const mine = await addPasskey(t(), viewer.tokenvalue, softPasskey(t()), 'Phone');
    const theirs = await addPasskey(t(), other.tokenvalue, softPasskey(t()), 'Theirs');
    const renamed = await t().post<Passkey>(
      `/api/passkeys/${mine.id}/rename`,
      { name: 'Old phone' },
      { token: viewer.tokenvalue },
    );
    expect(renamed.body).toMatchObject({ status: 1, message: PASSKEY_MESSAGES.renamed, data: [{ name: 'Old phone' }] });
    const refused = await t().post(
      `/api/passkeys/${theirs.id}/rename`,
      { name: 'Mine now' },
      { token: viewer.tokenvalue },
    );
    expect(refused).toMatchObject({ http: 404, body: { message: PASSKEY_MESSAGES.notFound } });
    const blank = await t().post(`/api/passkeys/${mine.id}/rename`, { name: '' }, { token: viewer.tokenvalue });
    expect(blank).toMatchObject({
      http: 400,
      body: { data: [{ field: 'name', message: PASSKEY_MESSAGES.nameRequired }] },
    });
    expect((await passkeyRows(t())).map((row) => row.name)).toEqual(['Old phone', 'Theirs']);
  });

  it('removes the caller’s passkey, and answers 404 for someone else’s or a bad id', async () => {
    const viewer = await t().createViewer();
    const other = await t().createViewer();
    const mine = await addPasskey(t(), viewer.tokenvalue, softPasskey(t()));
    const theirs = await addPasskey(t(), other.tokenvalue, softPasskey(t()));
    const refused = await t().post(`/api/passkeys/${theirs.id}/remove`, undefined, { token: viewer.tokenvalue });
    expect(refused).toMatchObject({ http: 404, body: { message: PASSKEY_MESSAGES.notFound } });
    const bad = await t().post('/api/passkeys/abc/remove', undefined, { token: viewer.tokenvalue });
    expect(bad.http).toBe(400);
    const removed = await t().post(`/api/passkeys/${mine.id}/remove`, undefined, { token: viewer.tokenvalue });
    expect(removed).toMatchObject({ http: 200, body: { status: 1, message: PASSKEY_MESSAGES.removed, data: [] } });
    expect((await passkeyRows(t())).map((row) => row.id)).toEqual([theirs.id]);
  });
});

describeEachEngine('passkey sign-in', (t) => {
  it('offers discoverable options with no passkeys listed, and stores the challenge for nobody yet', async () => {
    const res = await t().post('/api/passkeys/login-options', undefined);
    const options = AuthenticationOptions.parse(res.body.data[0]);
    expect(options).toMatchObject({ rpId: 'localhost', allowCredentials: [], userVerification: 'preferred' });
    const challenges = await t().db.selectFrom('webauthn_challenges').selectAll().execute();
    expect(challenges).toEqual([
      expect.objectContaining({ challenge: options.challenge, purpose: 'authenticate', user_id: null }),
    ]);
  });

  it('signs in with the passkey: a session as a login makes, the counter and last use recorded', async () => {
    const viewer = await t().createViewer();
    const key = softPasskey(t(), 5);
    await addPasskey(t(), viewer.tokenvalue, key);
    t().clock.advance(60_000);
    const res = await loginWith(t(), key);
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: 1, message: MESSAGES.loggedIn, data: [{ id: viewer.id }] });
    const token = res.body.data[0]?.tokenvalue ?? '';
    expect(token).toMatch(/^gc_/);
    const profile = await t().get('/api/profile_v1', { token });
    expect(profile.http).toBe(200);
    const session = (await sessionRows(t())).find((row) => row.token_hash === sha256Hex(token));
    // A viewer's passkey sign-in is not a staff second factor: there is none to pass.
    expect(session).toMatchObject({ user_id: viewer.id, second_factor_at: null });
    expect(await passkeyRows(t())).toEqual([
      expect.objectContaining({ counter: 6, last_used_at: '2026-06-15T18:01:00.000Z' }),
    ]);
    const devices = await t().db.selectFrom('sign_in_devices').selectAll().where('user_id', '=', viewer.id).execute();
    expect(devices.length).toBeGreaterThan(0);
  });

  it('refuses a replayed assertion: its challenge was used (401)', async () => {
    const viewer = await t().createViewer();
    const key = softPasskey(t());
    await addPasskey(t(), viewer.tokenvalue, key);
    const challenge = await loginChallenge(t());
    const credential = key.assert(challenge);
    expect((await t().post('/api/passkeys/login', { credential })).http).toBe(200);
    const sessions = await sessionRows(t());
    const replay = await t().post('/api/passkeys/login', { credential });
    expect(replay).toMatchObject({ http: 401, body: { message: PASSKEY_MESSAGES.expired, data: [] } });
    expect(await sessionRows(t())).toEqual(sessions);
  });

  it('refuses a challenge older than five minutes (401)', async () => {
    const viewer = await t().createViewer();
    const key = softPasskey(t());
    await addPasskey(t(), viewer.tokenvalue, key);
    const challenge = await loginChallenge(t());
    t().clock.advance(5 * 60_000);
    const res = await t().post('/api/passkeys/login', { credential: key.assert(challenge) });
    expect(res).toMatchObject({ http: 401, body: { message: PASSKEY_MESSAGES.expired } });
  });

  it('refuses a counter that went backwards, and keeps the stored one (401)', async () => {
    const viewer = await t().createViewer();
    const key = softPasskey(t(), 10);
    await addPasskey(t(), viewer.tokenvalue, key);
    key.state.counter = 3;
    const sessions = await sessionRows(t());
    const res = await loginWith(t(), key);
    expect(res).toMatchObject({ http: 401, body: { message: PASSKEY_MESSAGES.notVerified } });
    expect(await passkeyRows(t())).toEqual([expect.objectContaining({ counter: 10, last_used_at: null })]);
    expect(await sessionRows(t())).toEqual(sessions);
  });

  it('refuses a passkey nobody stored, and one signed by another key (401)', async () => {
    const viewer = await t().createViewer();
    const key = softPasskey(t());
    await addPasskey(t(), viewer.tokenvalue, key);
    const unknown = await loginWith(t(), softPasskey(t()));
    expect(unknown).toMatchObject({ http: 401, body: { message: PASSKEY_MESSAGES.notRecognised } });
    const forged = softPasskey(t());
    const challenge = await loginChallenge(t());
    const credential = { ...forged.assert(challenge), id: key.id, rawId: key.id };
    const res = await t().post('/api/passkeys/login', { credential });
    expect(res).toMatchObject({ http: 401, body: { message: PASSKEY_MESSAGES.notVerified } });
  });

  it('refuses the passkey of a deactivated or erased account and starts no session (401)', async () => {
    for (const mark of ['deactivated_at', 'erased_at'] as const) {
      const viewer = await t().createViewer();
      const key = softPasskey(t());
      await addPasskey(t(), viewer.tokenvalue, key);
      await t()
        .db.updateTable('users')
        .set({ [mark]: '2026-06-15T17:00:00.000Z' })
        .where('id', '=', viewer.id)
        .execute();
      const sessions = await sessionRows(t());
      const res = await loginWith(t(), key);
      expect({ mark, http: res.http, message: res.body.message }).toEqual({
        mark,
        http: 401,
        message: PASSKEY_MESSAGES.notRecognised,
      });
      expect(await sessionRows(t())).toEqual(sessions);
    }
  });

  it('refuses a malformed assertion (400)', async () => {
    const res = await t().post('/api/passkeys/login', { credential: { id: 'x' } });
    expect(res).toMatchObject({ http: 400, body: { status: -1 } });
  });

  it('gives a staff account the second factor when the device verified the person, and not otherwise', async () => {
    const staff = await pendingStaff(t());
    const key = softPasskey(t());
    await addPasskey(t(), staff.tokenvalue, key);

    const unverified = await loginWith(t(), key, { userVerified: false });
    const pendingToken = unverified.body.data[0]?.tokenvalue ?? '';
    const refused = await t().get(STAFF_CALL, { token: pendingToken });
    expect(refused).toMatchObject({
      http: 403,
      body: { message: SECOND_FACTOR_MESSAGES.required, data: [{ second_factor: 'required' }] },
    });

    const verified = await loginWith(t(), key);
    const token = verified.body.data[0]?.tokenvalue ?? '';
    const session = (await sessionRows(t())).find((row) => row.token_hash === sha256Hex(token));
    expect(session).toMatchObject({ second_factor_method: 'passkey', second_factor_at: '2026-06-15T18:00:00.000Z' });
    expect((await t().get(STAFF_CALL, { token })).http).toBe(200);
  });
});

describeEachEngine('passkey confirm-it-is-you', (t) => {
  it('lets a staff session waiting for its second factor pass it with a verified passkey', async () => {
    const staff = await pendingStaff(t());
    const key = softPasskey(t());
    const mine = await addPasskey(t(), staff.tokenvalue, key);
    await addPasskey(t(), (await t().createViewer()).tokenvalue, softPasskey(t()));
    expect((await t().get(STAFF_CALL, { token: staff.tokenvalue })).http).toBe(403);

    const optionsRes = await t().post('/api/passkeys/confirm-options', undefined, { token: staff.tokenvalue });
    const options = AuthenticationOptions.parse(optionsRes.body.data[0]);
    expect(options).toMatchObject({ userVerification: 'required', allowCredentials: [{ id: key.id }] });
    expect(options.allowCredentials).toHaveLength(1);

    t().clock.advance(30_000);
    const res = await t().post(
      '/api/passkeys/confirm',
      { credential: key.assert(options.challenge) },
      { token: staff.tokenvalue },
    );
    expect(res.body).toMatchObject({
      status: 1,
      message: PASSKEY_MESSAGES.confirmed,
      data: [{ second_factor_at: '2026-06-15T18:00:30.000Z' }],
    });
    const session = (await sessionRows(t())).find((row) => row.token_hash === sha256Hex(staff.tokenvalue));
    expect(session).toMatchObject({ second_factor_method: 'passkey', second_factor_at: '2026-06-15T18:00:30.000Z' });
    expect((await t().get(STAFF_CALL, { token: staff.tokenvalue })).http).toBe(200);
    expect((await t().get<Passkey>('/api/passkeys', { token: staff.tokenvalue })).body.data).toEqual([
      { ...mine, last_used_at: '2026-06-15T18:00:30.000Z' },
    ]);
  });

  it('refuses an assertion without user verification, someone else’s passkey and a sign-in challenge (400)', async () => {
    const staff = await pendingStaff(t());
    const key = softPasskey(t());
    await addPasskey(t(), staff.tokenvalue, key);
    const other = await t().createViewer();
    const theirs = softPasskey(t());
    await addPasskey(t(), other.tokenvalue, theirs);

    const confirmChallenge = async () =>
      AuthenticationOptions.parse(
        (await t().post('/api/passkeys/confirm-options', undefined, { token: staff.tokenvalue })).body.data[0],
      ).challenge;
    const cases: [string, () => Promise<unknown>, string][] = [
      [
        'no user verification',
        async () => key.assert(await confirmChallenge(), { userVerified: false }),
        PASSKEY_MESSAGES.needsVerification,
      ],
      ['someone else’s passkey', async () => theirs.assert(await confirmChallenge()), PASSKEY_MESSAGES.notRecognised],
      ['a sign-in challenge', async () => key.assert(await loginChallenge(t())), PASSKEY_MESSAGES.expired],
    ];
    for (const [label, credential, message] of cases) {
      const res = await t().post(
        '/api/passkeys/confirm',
        { credential: await credential() },
        { token: staff.tokenvalue },
      );
      expect({ label, http: res.http, message: res.body.message }).toEqual({ label, http: 400, message });
    }
    const session = (await sessionRows(t())).find((row) => row.token_hash === sha256Hex(staff.tokenvalue));
    expect(session).toMatchObject({ second_factor_at: null });
    expect((await t().get(STAFF_CALL, { token: staff.tokenvalue })).http).toBe(403);
  });

  it('answers 404 to an account with no passkey, and writes no challenge', async () => {
    const viewer = await t().createViewer();
    const res = await t().post('/api/passkeys/confirm-options', undefined, { token: viewer.tokenvalue });
    expect(res).toMatchObject({ http: 404, body: { message: PASSKEY_MESSAGES.none } });
    expect(await t().db.selectFrom('webauthn_challenges').selectAll().execute()).toEqual([]);
  });
});
