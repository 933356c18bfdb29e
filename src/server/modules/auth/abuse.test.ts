import { expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { describeEachEngine } from '../../testing/harness';
import { sweep } from '../../platform/housekeeping';

const codeModeBody = (overrides: Record<string, string> = {}) => ({
  first_name: 'Pearl',
  last_name: 'Nakamura',
  email: 'pearl@example.com',
  phone: '5550104321',
  ...overrides,
});

describeEachEngine('abuse limits and stale accounts', (t) => {
  it('lets a new registration take over an unconfirmed code-mode account once its code has expired', async () => {
    expect((await t().post('/api/registeruser_v1', codeModeBody())).http).toBe(200);
    expect((await t().post('/api/registeruser_v1', codeModeBody({ password: 'pearl-opal-garnet-9' }))).http).toBe(409);
    t().clock.advance(11 * 60_000);
    const res = await t().post(
      '/api/registeruser_v1',
      codeModeBody({ first_name: 'Perla', password: 'pearl-opal-garnet-9' }),
    );
    expect(res.http).toBe(200);
    const rows = await t()
      .db.selectFrom('users')
      .select(['first_name', 'isactive'])
      .where('email', '=', 'pearl@example.com')
      .execute();
    expect(rows).toEqual([{ first_name: 'Perla', isactive: 1 }]);
  });

  it('never takes over a confirmed account', async () => {
    await t().createViewer({ email: 'pearl@example.com', phone: '5550104321' });
    t().clock.advance(60 * 60_000);
    expect((await t().post('/api/registeruser_v1', codeModeBody())).http).toBe(409);
  });

  it('limits code sends per IP across many addresses, before writing anything', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await t().get('/api/getloginotp', { query: { emailid: `shopper${i}@example.com` } })).http;
    expect(last).toBe(429);
    expect(await t().db.selectFrom('one_time_codes').select('id').execute()).toHaveLength(30);
  });

  it('limits registrations per IP', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await t().post(
          '/api/registeruser_v1',
          codeModeBody({ email: `bulk${i}@example.com`, phone: `55501${String(10000 + i).slice(-5)}` }),
        )
      ).http;
    }
    expect(last).toBe(429);
    expect(await t().db.selectFrom('users').select('id').execute()).toHaveLength(30);
  });

  it('limits password logins and code checks per IP, each on its own counter, across addresses', async () => {
    const viewer = await t().createViewer();
    const login = (i: number) => t().post('/api/login_v1', { email: `guess${i}@example.com`, password: 'not-it' });
    const codeLogin = (i: number) => t().post('/api/loginbyotp', { email: `guess${i}@example.com`, OTP: '123456' });
    for (let i = 0; i < 100; i++) expect((await login(i)).http).toBe(401);
    const refused = await t().post('/api/login_v1', { email: viewer.email, password: viewer.password });
    expect([refused.http, refused.body.message, refused.headers['retry-after']]).toEqual([
      429,
      MESSAGES.rateLimited,
      '900',
    ]);
    for (let i = 0; i < 100; i++) expect((await codeLogin(i)).http).toBe(401);
    expect((await codeLogin(100)).http).toBe(429);
    expect(await t().db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
  });

  it('sweeps expired sessions and old codes', async () => {
    const viewer = await t().createViewer();
    await t().get('/api/getloginotp', { query: { emailid: viewer.email } });
    t().clock.advance(31 * 24 * 60 * 60_000);
    await sweep(t().db, t().clock);
    expect(await t().db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
    expect(await t().db.selectFrom('one_time_codes').select('id').execute()).toHaveLength(0);
    expect((await t().get('/api/profile_v1', { token: viewer.tokenvalue })).http).toBe(401);
  });
});

describeEachEngine(
  'per-IP limits at a venue where many share one address',
  (t) => {
    it('scales the per-IP registration limit, while each address keeps its own limits', async () => {
      let last = 0;
      for (let i = 0; i < 61; i++) {
        last = (
          await t().post(
            '/api/registeruser_v1',
            codeModeBody({ email: `venue${i}@example.com`, phone: `55502${String(10000 + i).slice(-5)}` }),
          )
        ).http;
        if (i < 60) expect(last).toBe(200);
      }
      expect(last).toBe(429);
      expect(await t().db.selectFrom('users').select('id').execute()).toHaveLength(60);
      expect((await t().get('/api/getloginotp', { query: { emailid: 'venue0@example.com' } })).http).toBe(200);
      expect((await t().get('/api/getloginotp', { query: { emailid: 'venue0@example.com' } })).http).toBe(429);
    });
  },
  { perIpLimitScale: 2 },
);
