// The staff second factor on both engines (decision 086): who may call, enrolling with a QR code,
// the ±1 step window and replay refusal under a fixed clock, single-use recovery codes (also when
// two tries race), the lockout after 5 wrong codes and another staff member's reset.
import { describe, expect, it } from 'vitest';
import {
  LOCKED_HTTP_STATUS,
  RECOVERY_CODE,
  type EnrolStart,
  type MemberSecondFactor,
  type RecoveryCodes,
  type SecondFactorStatus,
  type Verified,
} from '../../../shared/contract/staff-security';
import { STEP_UP_MINUTES } from '../../../shared/second-factor';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { codeAt, createFactorVault, stepAt } from './totp';

const BASE = '/api/staff/second-factor';

/** A staff account whose session has not passed the second factor: what a fresh staff login gives. */
async function pendingStaff(t: TestApp) {
  const viewer = await t.createViewer();
  await t.db.updateTable('users').set({ is_staff: 1 }).where('id', '=', viewer.id).execute();
  return viewer;
}

const step = (t: TestApp) => stepAt(t.clock.now().getTime());

/** Enrols and confirms the authenticator app; answers its secret and recovery codes. */
async function enrolled(t: TestApp, token: string) {
  const start = await t.post<EnrolStart>(`${BASE}/enrol`, undefined, { token });
  const secret = start.body.data[0]?.secret ?? '';
  const confirm = await t.post<RecoveryCodes>(`${BASE}/enrol/confirm`, { code: codeAt(secret, step(t)) }, { token });
  expect(confirm.http).toBe(200);
  return { secret, codes: confirm.body.data[0]?.recovery_codes ?? [] };
}

/** A second sign-in of the same account: a new session that has not passed the factor. */
async function signInAgain(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.post<{ tokenvalue: string }>('/api/login_v1', { email, password });
  return res.body.data[0]?.tokenvalue ?? '';
}

async function factorRows(t: TestApp) {
  return {
    totp: await t.db.selectFrom('staff_totp').selectAll().orderBy('user_id').execute(),
    codes: await t.db.selectFrom('recovery_codes').selectAll().orderBy('id').execute(),
    sessions: await t.db.selectFrom('sessions').select(['id', 'second_factor_at']).orderBy('id').execute(),
  };
}

const staffCallWorks = async (t: TestApp, token: string) =>
  (await t.get('/api/staff/exhibitions', { token })).http === 200;

describeEachEngine('staff second factor: who may call', (t) => {
  it('answers 401 to visitors and 403 to viewers on every call, and writes nothing', async () => {
    const viewer = await t().createViewer();
    const staff = await t().createStaff();
    const calls: [string, string, unknown][] = [
      ['GET', BASE, undefined],
      ['POST', `${BASE}/enrol`, undefined],
      ['POST', `${BASE}/enrol/confirm`, { code: '123456' }],
      ['POST', `${BASE}/verify`, { code: '123456' }],
      ['POST', `${BASE}/recovery-codes`, undefined],
      ['GET', `${BASE}/users/${staff.id}`, undefined],
      ['POST', `${BASE}/users/${staff.id}/reset`, undefined],
    ];
    const before = await factorRows(t());
    for (const [method, url, body] of calls)
      for (const [token, status] of [
        [undefined, 401],
        [viewer.tokenvalue, 403],
      ] as const) {
        const res = method === 'GET' ? await t().get(url, { token }) : await t().post(url, body, { token });
        expect(res.http, `${method} ${url}`).toBe(status);
        expect(res.body.data).toEqual([]);
      }
    expect(await factorRows(t())).toEqual(before);
  });

  it('lets a staff account whose session is pending read its status and enrol, but not reach other staff calls', async () => {
    const staff = await pendingStaff(t());
    const refused = await t().get('/api/staff/exhibitions', { token: staff.tokenvalue });
    expect(refused.http).toBe(403);
    expect(refused.body.data).toEqual([{ second_factor: 'required' }]);
    const status = await t().get<SecondFactorStatus>(BASE, { token: staff.tokenvalue });
    expect(status.http).toBe(200);
    expect(status.body.data[0]).toEqual({
      enrolled: false,
      confirmed: false,
      locked: false,
      recovery_codes_left: 0,
      second_factor_at: null,
      second_factor_method: null,
    });
    const other = await t().createStaff();
    const member = await t().get(`${BASE}/users/${other.id}`, { token: staff.tokenvalue });
    expect(member.http).toBe(403);
    expect(member.body.data).toEqual([{ second_factor: 'required' }]);
  });

  it('still tells a pending staff account its own record is staff, so the web keeps its staff links', async () => {
    const staff = await pendingStaff(t());
    const profile = await t().get<{ is_staff: number }>('/api/profile_v1', { token: staff.tokenvalue });
    expect(profile.body.data[0]?.is_staff).toBe(1);
    expect((await t().get('/api/staff/exhibitions', { token: staff.tokenvalue })).http).toBe(403);
  });
});

describeEachEngine('staff second factor: enrolling', (t) => {
  it('enrols with a QR code of the otpauth URI, confirms with a code and answers 10 recovery codes stored hashed', async () => {
    const staff = await pendingStaff(t());
    const start = await t().post<EnrolStart>(`${BASE}/enrol`, undefined, { token: staff.tokenvalue });
    expect(start.http).toBe(200);
    const { secret, uri, qr_svg } = start.body.data[0] ?? { secret: '', uri: '', qr_svg: '' };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Gemcast:${encodeURIComponent(staff.email)}?secret=${secret}&issuer=Gemcast`);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const stored = await t().db.selectFrom('staff_totp').selectAll().executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);
    expect(createFactorVault(t().config.appSecret).open(stored.secret)).toBe(secret);
    expect(stored.confirmed_at).toBeNull();

    const confirm = await t().post<RecoveryCodes>(
      `${BASE}/enrol/confirm`,
      { code: codeAt(secret, step(t())) },
      { token: staff.tokenvalue },
    );
    expect(confirm.http).toBe(200);
    const codes = confirm.body.data[0]?.recovery_codes ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    const hashes = await t().db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes)
      for (const code of codes) expect(code_hash).not.toContain(code.replace('-', ''));
    const row = await t().db.selectFrom('staff_totp').selectAll().executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBe(t().clock.now().toISOString());
    expect(row.last_step).toBe(step(t()));
    expect(await staffCallWorks(t(), staff.tokenvalue)).toBe(true);
    const status = await t().get<SecondFactorStatus>(BASE, { token: staff.tokenvalue });
    expect(status.body.data[0]).toMatchObject({
      confirmed: true,
      recovery_codes_left: 10,
      second_factor_method: 'totp',
    });
  });

  it('refuses a new enrolment while a confirmed one stands, and replaces an unconfirmed one', async () => {
    const staff = await pendingStaff(t());
    const first = await t().post<EnrolStart>(`${BASE}/enrol`, undefined, { token: staff.tokenvalue });
    const second = await t().post<EnrolStart>(`${BASE}/enrol`, undefined, { token: staff.tokenvalue });
    expect(second.body.data[0]?.secret).not.toBe(first.body.data[0]?.secret);
    const old = await t().post(
      `${BASE}/enrol/confirm`,
      { code: codeAt(first.body.data[0]?.secret ?? '', step(t())) },
      { token: staff.tokenvalue },
    );
    expect(old.http).toBe(400);
    await t().post(
      `${BASE}/enrol/confirm`,
      { code: codeAt(second.body.data[0]?.secret ?? '', step(t())) },
      { token: staff.tokenvalue },
    );
    const again = await t().post(`${BASE}/enrol`, undefined, { token: staff.tokenvalue });
    expect(again.http).toBe(409);
    expect((await t().db.selectFrom('staff_totp').selectAll().execute()).length).toBe(1);
  });

  it('refuses a malformed code with 400 and writes nothing', async () => {
    const staff = await pendingStaff(t());
    await t().post(`${BASE}/enrol`, undefined, { token: staff.tokenvalue });
    const before = await factorRows(t());
    for (const body of [{ code: 'abc' }, { code: 12 }, {}, { code: '1234567' }]) {
      const res = await t().post(`${BASE}/enrol/confirm`, body, { token: staff.tokenvalue });
      expect(res.http).toBe(400);
      expect(res.body.status).toBe(-1);
    }
    const { codes } = { codes: [] };
    expect(codes).toEqual([]);
    expect(await factorRows(t())).toEqual(before);
    expect((await t().post(`${BASE}/verify`, { code: 'not a code!' }, { token: staff.tokenvalue })).http).toBe(400);
    expect((await t().post(`${BASE}/verify`, { code: '' }, { token: staff.tokenvalue })).http).toBe(400);
    expect(await factorRows(t())).toEqual(before);
  });
});

describeEachEngine('staff second factor: verifying with the app', (t) => {
  it('takes codes one step either side of now and refuses two steps away (fixed clock)', async () => {
    const staff = await pendingStaff(t());
    const { secret } = await enrolled(t(), staff.tokenvalue);
    t().clock.advance(5 * 60_000);
    const token = await signInAgain(t(), staff.email, staff.password);
    const n = step(t());
    const verify = (code: string) => t().post<Verified>(`${BASE}/verify`, { code }, { token });
    expect((await verify(codeAt(secret, n - 2))).http).toBe(400);
    expect((await verify(codeAt(secret, n + 2))).http).toBe(400);
    expect(await staffCallWorks(t(), token)).toBe(false);
    const ok = await verify(codeAt(secret, n - 1));
    expect(ok.http).toBe(200);
    expect(ok.body.data[0]).toMatchObject({ second_factor_method: 'totp', recovery_codes_left: 10 });
    expect(await staffCallWorks(t(), token)).toBe(true);
    expect((await verify(codeAt(secret, n + 1))).http).toBe(200);
    const row = await t().db.selectFrom('staff_totp').selectAll().executeTakeFirstOrThrow();
    expect([row.last_step, row.failures]).toEqual([n + 1, 0]);
  });

  it('refuses a code already used, and an older step after a newer one (replay)', async () => {
    const staff = await pendingStaff(t());
    const { secret } = await enrolled(t(), staff.tokenvalue);
    t().clock.advance(60_000);
    const token = await signInAgain(t(), staff.email, staff.password);
    const code = codeAt(secret, step(t()));
    expect((await t().post(`${BASE}/verify`, { code }, { token })).http).toBe(200);
    const replay = await t().post(`${BASE}/verify`, { code }, { token });
    expect(replay.http).toBe(400);
    expect(replay.body.message).toBe('That code has already been used. Wait for the next one in your app.');
    const older = await t().post(`${BASE}/verify`, { code: codeAt(secret, step(t()) - 1) }, { token });
    expect(older.http).toBe(400);
    // The confirm's own code cannot sign in again either.
    t().clock.advance(30_000);
    expect((await t().post(`${BASE}/verify`, { code: codeAt(secret, step(t())) }, { token })).http).toBe(200);
  });

  it('accepts one of two tries of the same code at once', async () => {
    const staff = await pendingStaff(t());
    const { secret } = await enrolled(t(), staff.tokenvalue);
    t().clock.advance(60_000);
    const a = await signInAgain(t(), staff.email, staff.password);
    const b = await signInAgain(t(), staff.email, staff.password);
    const code = codeAt(secret, step(t()));
    const answers = await Promise.all([
      t().post(`${BASE}/verify`, { code }, { token: a }),
      t().post(`${BASE}/verify`, { code }, { token: b }),
    ]);
    expect(answers.map((r) => r.http).sort()).toEqual([200, 400]);
  });
});

describeEachEngine('staff second factor: recovery codes', (t) => {
  it('signs in with a recovery code once, in any case and without its hyphen', async () => {
    const staff = await pendingStaff(t());
    const { codes } = await enrolled(t(), staff.tokenvalue);
    const token = await signInAgain(t(), staff.email, staff.password);
    const code = codes[3] ?? '';
    const ok = await t().post<Verified>(`${BASE}/verify`, { code: code.replace('-', '').toLowerCase() }, { token });
    expect(ok.http).toBe(200);
    expect(ok.body.data[0]).toMatchObject({ second_factor_method: 'recovery', recovery_codes_left: 9 });
    expect(await staffCallWorks(t(), token)).toBe(true);
    const again = await signInAgain(t(), staff.email, staff.password);
    const reused = await t().post(`${BASE}/verify`, { code }, { token: again });
    expect(reused.http).toBe(400);
    expect(reused.body.message).toBe('That recovery code is not right, or it has been used.');
  });

  it('lets only one of two tries with the same recovery code at once succeed', async () => {
    const staff = await pendingStaff(t());
    const { codes } = await enrolled(t(), staff.tokenvalue);
    const tokens = await Promise.all([1, 2, 3].map(() => signInAgain(t(), staff.email, staff.password)));
    const code = codes[0] ?? '';
    const answers = await Promise.all(tokens.map((token) => t().post(`${BASE}/verify`, { code }, { token })));
    expect(answers.filter((r) => r.http === 200)).toHaveLength(1);
    const used = await t().db.selectFrom('recovery_codes').select('used_at').where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(1);
  });

  it('gives new codes only with a second factor from the last 10 minutes, and the old ones stop working', async () => {
    const staff = await pendingStaff(t());
    const { secret, codes } = await enrolled(t(), staff.tokenvalue);
    t().clock.advance(STEP_UP_MINUTES * 60_000 + 1000);
    const stale = await t().post(`${BASE}/recovery-codes`, undefined, { token: staff.tokenvalue });
    expect(stale.http).toBe(403);
    expect(stale.body.data).toEqual([{ second_factor: 'step_up' }]);
    await t().post(`${BASE}/verify`, { code: codeAt(secret, step(t())) }, { token: staff.tokenvalue });
    const fresh = await t().post<RecoveryCodes>(`${BASE}/recovery-codes`, undefined, { token: staff.tokenvalue });
    expect(fresh.http).toBe(200);
    expect(fresh.body.data[0]?.recovery_codes).toHaveLength(10);
    const token = await signInAgain(t(), staff.email, staff.password);
    expect((await t().post(`${BASE}/verify`, { code: codes[0] }, { token })).http).toBe(400);
    expect((await t().post(`${BASE}/verify`, { code: fresh.body.data[0]?.recovery_codes[0] }, { token })).http).toBe(
      200,
    );
  });
});

describeEachEngine('staff second factor: lockout and reset', (t) => {
  it('locks after 5 wrong codes, refuses even the right one, and another staff member resets it', async () => {
    const staff = await pendingStaff(t());
    const { secret, codes } = await enrolled(t(), staff.tokenvalue);
    t().clock.advance(60_000);
    const token = await signInAgain(t(), staff.email, staff.password);
    const wrong = codeAt(secret, step(t()) + 5);
    for (let i = 1; i <= 4; i += 1)
      expect((await t().post(`${BASE}/verify`, { code: wrong }, { token })).http).toBe(400);
    const fifth = await t().post(`${BASE}/verify`, { code: wrong }, { token });
    expect(fifth.http).toBe(LOCKED_HTTP_STATUS);
    expect(fifth.body.data).toEqual([{ second_factor: 'locked' }]);
    expect(fifth.body.message).toContain('Ask another staff member');
    for (const code of [codeAt(secret, step(t())), codes[0]])
      expect((await t().post(`${BASE}/verify`, { code }, { token })).http).toBe(LOCKED_HTTP_STATUS);
    const status = await t().get<SecondFactorStatus>(BASE, { token });
    expect(status.body.data[0]?.locked).toBe(true);

    const colleague = await t().createStaff();
    const seen = await t().get<MemberSecondFactor>(`${BASE}/users/${staff.id}`, { token: colleague.tokenvalue });
    expect(seen.body.data[0]).toMatchObject({ locked: true, failures: 5, confirmed: true, recovery_codes_left: 10 });
    const reset = await t().post<MemberSecondFactor>(`${BASE}/users/${staff.id}/reset`, undefined, {
      token: colleague.tokenvalue,
    });
    expect(reset.http).toBe(200);
    expect(reset.body.data[0]).toEqual({
      user_id: staff.id,
      enrolled: false,
      confirmed: false,
      locked: false,
      failures: 0,
      recovery_codes_left: 0,
    });
    expect(await t().db.selectFrom('recovery_codes').selectAll().where('user_id', '=', staff.id).execute()).toEqual([]);
    // The first session had passed; the reset takes that away too.
    expect(await staffCallWorks(t(), staff.tokenvalue)).toBe(false);
    const again = await enrolled(t(), token);
    expect(again.codes).toHaveLength(10);
    expect(await staffCallWorks(t(), token)).toBe(true);
  });

  it('forgets the wrong tries after a right code', async () => {
    const staff = await pendingStaff(t());
    const { secret } = await enrolled(t(), staff.tokenvalue);
    t().clock.advance(60_000);
    const token = await signInAgain(t(), staff.email, staff.password);
    for (let i = 0; i < 4; i += 1) await t().post(`${BASE}/verify`, { code: codeAt(secret, step(t()) + 9) }, { token });
    expect((await t().post(`${BASE}/verify`, { code: codeAt(secret, step(t())) }, { token })).http).toBe(200);
    const row = await t().db.selectFrom('staff_totp').selectAll().executeTakeFirstOrThrow();
    expect([row.failures, row.locked_at]).toEqual([0, null]);
  });

  it('refuses resetting your own factor, an unknown account, a bad id and a stale factor, writing nothing', async () => {
    const staff = await t().createStaff();
    const other = await pendingStaff(t());
    await enrolled(t(), other.tokenvalue);
    const before = await factorRows(t());
    const self = await t().post(`${BASE}/users/${staff.id}/reset`, undefined, { token: staff.tokenvalue });
    expect(self.http).toBe(403);
    expect((await t().post(`${BASE}/users/999999/reset`, undefined, { token: staff.tokenvalue })).http).toBe(404);
    expect((await t().get(`${BASE}/users/999999`, { token: staff.tokenvalue })).http).toBe(404);
    expect((await t().post(`${BASE}/users/abc/reset`, undefined, { token: staff.tokenvalue })).http).toBe(400);
    expect((await t().get(`${BASE}/users/abc`, { token: staff.tokenvalue })).http).toBe(400);
    t().clock.advance(STEP_UP_MINUTES * 60_000 + 1000);
    const stale = await t().post(`${BASE}/users/${other.id}/reset`, undefined, { token: staff.tokenvalue });
    expect(stale.http).toBe(403);
    expect(stale.body.data).toEqual([{ second_factor: 'step_up' }]);
    expect(await factorRows(t())).toEqual(before);
  });
});

describe('recovery code format', () => {
  it('reads I, L and O as 1, 1 and 0', async () => {
    const { normalRecoveryCode } = await import('../../../shared/contract/staff-security');
    expect(normalRecoveryCode(' 7k3mq-9tpxo ')).toBe('7K3MQ9TPX0');
    expect(normalRecoveryCode('abcdi-lllll')).toBe('ABCD111111');
  });
});
