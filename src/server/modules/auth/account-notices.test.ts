// The security notices (decision 070): a sign-in from a new browser or place, never the first one
// after registering, a password change, and both sent by e-mail even when the viewer turned it off.
import { describe, expect, it } from 'vitest';
import type { AuthedUser } from '../../../shared/contract/user';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { addressRange, describeBrowser, describePlace } from './account-notices';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'garnet-sunstone-57';

const notices = (t: TestApp) =>
  t.db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'kind', 'subject', 'title', 'body', 'url', 'data'])
    .orderBy('id')
    .execute();

const deliveriesOf = (t: TestApp, notificationId: number) =>
  t.db
    .selectFrom('notification_deliveries')
    .select(['channel', 'state'])
    .where('notification_id', '=', notificationId)
    .execute();

function login(t: TestApp, email: string, password: string, userAgent: string, ip: string) {
  return t.post<AuthedUser>(
    '/api/login_v1',
    { email, password },
    { headers: { 'user-agent': userAgent }, remoteAddress: ip },
  );
}

describe('how a sign-in is described', () => {
  it('names common browsers and systems in plain words', () => {
    expect(describeBrowser(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(describeBrowser(SAFARI_IPHONE)).toBe('Safari on an iPhone');
    expect(
      describeBrowser(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Microsoft Edge on a Mac');
    expect(describeBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    );
    expect(describeBrowser('curl/8.5.0')).toBe('An app or browser we could not name');
    expect(describeBrowser('')).toBe('An app or browser that did not say what it is');
  });

  it('shows only the range of an address, and says local and private networks as such', () => {
    expect(addressRange('203.0.113.77')).toBe('203.0.113.x');
    expect(addressRange('::ffff:198.51.100.9')).toBe('198.51.100.x');
    expect(addressRange('2001:db8:85a3:1:2::7')).toBe('2001:db8:85a3:…');
    expect(describePlace('203.0.113.77')).toBe('the internet address 203.0.113.x');
    expect(describePlace('127.0.0.1')).toBe('this computer (a local address)');
    expect(describePlace('192.168.1.20')).toBe('a private network');
  });
});

describeEachEngine('security notices', (t) => {
  it('says nothing about the first sign-in of a new account, nor a later one from the same browser and network', async () => {
    const viewer = await t().createViewer({ email: 'amber@example.com' });
    expect((await login(t(), viewer.email, viewer.password, 'lightMyRequest', '127.0.0.1')).http).toBe(200);
    expect(await notices(t())).toEqual([]);
    expect(await t().db.selectFrom('sign_in_devices').select(['user_id', 'label']).execute()).toEqual([
      { user_id: viewer.id, label: 'An app or browser we could not name' },
    ]);
  });

  it('records one sign-in notice, in-app and e-mail, for a new browser, with when, what, where and the reset link', async () => {
    const viewer = await t().createViewer({ email: 'amber@example.com' });
    const res = await login(t(), viewer.email, viewer.password, CHROME_WINDOWS, '203.0.113.77');
    expect(res.http).toBe(200);
    const [notice, ...rest] = await notices(t());
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      user_id: viewer.id,
      kind: 'security_sign_in',
      title: 'New sign-in to your account',
      url: `${t().config.publicUrl}/forgot-password`,
    });
    expect(notice?.subject).toMatch(/^sign-in:2026-06-15T18:00:00\.000Z:/);
    expect(notice?.body).toBe(
      'Chrome on Windows signed in to your account on Monday, June 15, 2026 at 11:00 AM PDT, from the internet address 203.0.113.x. If this was not you, reset your password.',
    );
    expect(JSON.parse(notice?.data ?? '')).toEqual({
      at: '2026-06-15T18:00:00.000Z',
      browser: 'Chrome on Windows',
      place: 'the internet address 203.0.113.x',
    });
    expect(await deliveriesOf(t(), notice?.id ?? 0)).toEqual([{ channel: 'email', state: 'pending' }]);

    // The same browser on the same line later: known. Another address on the line too.
    t().clock.advance(60_000);
    expect((await login(t(), viewer.email, viewer.password, CHROME_WINDOWS, '203.0.113.90')).http).toBe(200);
    expect(await notices(t())).toHaveLength(1);
    // Another browser, then another network: one notice each.
    t().clock.advance(60_000);
    expect((await login(t(), viewer.email, viewer.password, SAFARI_IPHONE, '203.0.113.90')).http).toBe(200);
    t().clock.advance(60_000);
    expect((await login(t(), viewer.email, viewer.password, CHROME_WINDOWS, '198.51.100.4')).http).toBe(200);
    expect((await notices(t())).map((n) => n.kind)).toEqual([
      'security_sign_in',
      'security_sign_in',
      'security_sign_in',
    ]);
  });

  it('remembers quietly the first sign-in of an account from before devices were kept, and tells the next new one', async () => {
    const viewer = await t().createViewer();
    await t().db.deleteFrom('sign_in_devices').execute();
    expect((await login(t(), viewer.email, viewer.password, CHROME_WINDOWS, '203.0.113.77')).http).toBe(200);
    expect(await notices(t())).toEqual([]);
    expect((await login(t(), viewer.email, viewer.password, SAFARI_IPHONE, '203.0.113.77')).http).toBe(200);
    expect((await notices(t())).map((n) => n.kind)).toEqual(['security_sign_in']);
  });

  it('records nothing for a wrong password', async () => {
    const viewer = await t().createViewer();
    expect((await login(t(), viewer.email, 'not-the-password-1', CHROME_WINDOWS, '203.0.113.77')).http).toBe(401);
    expect(await notices(t())).toEqual([]);
  });

  it('says nothing when a code-mode account signs in for the first time, and tells a later code login from elsewhere', async () => {
    const email = 'opal@example.com';
    const registered = await t().post('/api/registeruser_v1', {
      first_name: 'Opal',
      last_name: 'Field',
      email,
      phone: '+15550401000',
    });
    expect(registered.http).toBe(200);
    const first = await t().post(
      '/api/loginbyotp',
      { email, OTP: await t().latestCode(email) },
      { headers: { 'user-agent': SAFARI_IPHONE }, remoteAddress: '203.0.113.77' },
    );
    expect(first.http).toBe(200);
    expect(await notices(t())).toEqual([]);

    t().clock.advance(2 * 60_000);
    expect((await t().get('/api/getloginotp', { query: { emailid: email } })).http).toBe(200);
    const later = await t().post(
      '/api/loginbyotp',
      { email, OTP: await t().latestCode(email) },
      { headers: { 'user-agent': CHROME_WINDOWS }, remoteAddress: '198.51.100.4' },
    );
    expect(later.http).toBe(200);
    const list = await notices(t());
    expect(list.map((n) => [n.kind, n.title])).toEqual([['security_sign_in', 'New sign-in to your account']]);
  });

  it('records one password notice when the password is reset, and none for a refused reset', async () => {
    const viewer = await t().createViewer();
    expect((await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: viewer.email } })).http).toBe(200);
    const code = await t().latestCode(viewer.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await t().post('/api/resetpasswordotp_v1', {
      email: viewer.email,
      OTP: wrong,
      password: NEW_PASSWORD,
    });
    expect(refused.http).toBe(401);
    expect(await notices(t())).toEqual([]);

    const res = await t().post('/api/resetpasswordotp_v1', { email: viewer.email, OTP: code, password: NEW_PASSWORD });
    expect(res.http).toBe(200);
    const list = await notices(t());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      user_id: viewer.id,
      kind: 'security_password',
      subject: 'password:2026-06-15T18:00:00.000Z',
      title: 'Your password was changed',
      url: `${t().config.publicUrl}/forgot-password`,
    });
    expect(await deliveriesOf(t(), list[0]?.id ?? 0)).toEqual([{ channel: 'email', state: 'pending' }]);
  });

  it('delivers both security notices by e-mail even when the viewer turned their e-mail off', async () => {
    const viewer = await t().createViewer();
    const at = t().clock.now().toISOString();
    await t()
      .db.insertInto('notification_preferences')
      .values([
        { user_id: viewer.id, kind: 'security_sign_in', channel: 'email', enabled: 0, updated_at: at },
        { user_id: viewer.id, kind: 'security_password', channel: 'email', enabled: 0, updated_at: at },
        { user_id: viewer.id, kind: 'security_sign_in', channel: 'in_app', enabled: 0, updated_at: at },
      ])
      .execute();
    expect((await login(t(), viewer.email, viewer.password, CHROME_WINDOWS, '203.0.113.77')).http).toBe(200);
    expect((await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: viewer.email } })).http).toBe(200);
    const code = await t().latestCode(viewer.email);
    expect(
      (await t().post('/api/resetpasswordotp_v1', { email: viewer.email, OTP: code, password: NEW_PASSWORD })).http,
    ).toBe(200);
    const list = await t()
      .db.selectFrom('notifications')
      .select(['id', 'kind', 'in_app'])
      .where('user_id', '=', viewer.id)
      .orderBy('id')
      .execute();
    expect(list.map((n) => [n.kind, n.in_app])).toEqual([
      ['security_sign_in', 1],
      ['security_password', 1],
    ]);
    for (const notice of list)
      expect(await deliveriesOf(t(), notice.id)).toEqual([{ channel: 'email', state: 'pending' }]);
  });
});
