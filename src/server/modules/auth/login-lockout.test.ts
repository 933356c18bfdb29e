// Wrong passwords pause the network they came from, not the account's owner (decision 052): over
// the API on each engine, and the rule itself on the in-memory and the Redis limiter.
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthedUser } from '../../../shared/contract/user';
import { MESSAGES } from '../../../shared/messages';
import { manualClock } from '../../platform/clock';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../../platform/rate-limit';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { LOGIN_LOCKOUT, loginLockout } from './login-lockout';

const NETWORK_A = '198.51.100.7';
const NETWORK_B = '203.0.113.9';
const NETWORK_C = '192.0.2.44';

function login(t: TestApp, email: string, password: string, remoteAddress: string) {
  return t.post<AuthedUser>('/api/login_v1', { email, password }, { remoteAddress });
}

async function failTimes(t: TestApp, email: string, times: number, addressOf: (i: number) => string) {
  for (let i = 0; i < times; i++) {
    const res = await login(t, email, `wrong-password-${i}`, addressOf(i));
    expect([i, res.http]).toEqual([i, 401]);
  }
}

describeEachEngine('login_v1: wrong passwords pause their own network', (t) => {
  it('pauses the network that failed 10 times, even for the right password, while another network signs in', async () => {
    const viewer = await t().createViewer();
    await failTimes(t(), viewer.email, 10, () => NETWORK_A);

    const paused = await login(t(), viewer.email, viewer.password, NETWORK_A);
    expect([paused.http, paused.headers['retry-after']]).toEqual([429, '900']);
    expect(paused.body).toEqual({
      status: 0,
      statusCode: 429,
      message: MESSAGES.loginLocked,
      data: [{ retryAfterSeconds: 900 }],
    });

    const owner = await login(t(), viewer.email, viewer.password, NETWORK_B);
    expect(owner.http).toBe(200);
    expect(owner.body.data[0]?.tokenvalue).toMatch(/^gc_/);
    // The owner's login does not give the attacker's network its tries back.
    expect((await login(t(), viewer.email, viewer.password, NETWORK_A)).http).toBe(429);

    t().clock.advance(LOGIN_LOCKOUT.windowMs);
    expect((await login(t(), viewer.email, viewer.password, NETWORK_A)).http).toBe(200);
  });

  it('counts every IPv6 address of one /48 together, so moving through a /64 does not help', async () => {
    const viewer = await t().createViewer();
    await failTimes(t(), viewer.email, 10, (i) => `2001:db8:1:${(i + 1).toString(16)}::${i + 1}`);
    const sameSite = await login(t(), viewer.email, viewer.password, '2001:db8:1:abcd:1:2:3:4');
    expect([sameSite.http, sameSite.body.message]).toEqual([429, MESSAGES.loginLocked]);
    expect((await login(t(), viewer.email, viewer.password, '2001:db8:2::1')).http).toBe(200);
  });

  it('past 10 failures for the account, checks only networks that have not failed for it', async () => {
    const viewer = await t().createViewer();
    await failTimes(t(), viewer.email, 9, () => NETWORK_A);
    await failTimes(t(), viewer.email, 1, () => NETWORK_B);
    expect((await login(t(), viewer.email, viewer.password, NETWORK_A)).http).toBe(429);
    expect((await login(t(), viewer.email, viewer.password, NETWORK_B)).http).toBe(429);
    // A network without failures is checked, and its success starts the account's count again.
    expect((await login(t(), viewer.email, viewer.password, NETWORK_C)).http).toBe(200);
    expect((await login(t(), viewer.email, viewer.password, NETWORK_B)).http).toBe(200);
    expect((await login(t(), viewer.email, viewer.password, NETWORK_A)).http).toBe(200);
  });

  it("forgets a network's failures once it signs in", async () => {
    const viewer = await t().createViewer();
    await failTimes(t(), viewer.email, 9, () => NETWORK_A);
    expect((await login(t(), viewer.email, viewer.password, NETWORK_A)).http).toBe(200);
    await failTimes(t(), viewer.email, 9, () => NETWORK_A);
    expect((await login(t(), viewer.email, viewer.password, NETWORK_A)).http).toBe(200);
  });

  it('refuses every network once 100 passwords were checked for the account within 15 minutes', async () => {
    const viewer = await t().createViewer();
    await failTimes(t(), viewer.email, LOGIN_LOCKOUT.ceiling, (i) => `10.0.${Math.floor(i / 200)}.${i % 200}`);
    const fresh = await login(t(), viewer.email, viewer.password, NETWORK_C);
    expect([fresh.http, fresh.body.message, fresh.headers['retry-after']]).toEqual([429, MESSAGES.loginLocked, '900']);
    expect(await t().db.selectFrom('sessions').select('id').execute()).toHaveLength(1);

    t().clock.advance(LOGIN_LOCKOUT.windowMs);
    expect((await login(t(), viewer.email, viewer.password, NETWORK_C)).http).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one while its network is paused', async () => {
    const viewer = await t().createViewer();
    await failTimes(t(), viewer.email, 10, () => NETWORK_A);
    await failTimes(t(), 'nobody@example.com', 10, () => NETWORK_A);
    const known = await login(t(), viewer.email, viewer.password, NETWORK_A);
    const unknown = await login(t(), 'nobody@example.com', viewer.password, NETWORK_A);
    expect([unknown.http, unknown.body, unknown.headers['retry-after']]).toEqual([
      known.http,
      known.body,
      known.headers['retry-after'],
    ]);
  });

  it('still lets the owner log in with an e-mailed code from the paused network', async () => {
    const viewer = await t().createViewer();
    await failTimes(t(), viewer.email, 10, () => NETWORK_A);
    expect((await login(t(), viewer.email, viewer.password, NETWORK_A)).http).toBe(429);
    const sent = await t().get('/api/getloginotp', { query: { emailid: viewer.email }, remoteAddress: NETWORK_A });
    expect(sent.http).toBe(200);
    const byCode = await t().post<AuthedUser>(
      '/api/loginbyotp',
      { email: viewer.email, OTP: await t().latestCode(viewer.email) },
      { remoteAddress: NETWORK_A },
    );
    expect(byCode.http).toBe(200);
    expect(byCode.body.data[0]?.tokenvalue).toMatch(/^gc_/);
  });
});

/** The rule on one limiter: a paused network, a clean one, the ceiling. */
function behavesAsTheLockout(makeLimiter: () => RateLimiter) {
  it('pauses a network after 10 failures and checks a clean one', async () => {
    const lockout = loginLockout(makeLimiter());
    for (let i = 0; i < 10; i++) {
      expect(await lockout.admit('opal@example.com', NETWORK_A)).toEqual({ allowed: true });
      await lockout.failed('opal@example.com', NETWORK_A);
    }
    expect(await lockout.admit('opal@example.com', NETWORK_A)).toMatchObject({ allowed: false });
    expect(await lockout.admit('opal@example.com', NETWORK_B)).toEqual({ allowed: true });
    await lockout.succeeded('opal@example.com', NETWORK_B);
    expect(await lockout.admit('opal@example.com', NETWORK_A)).toMatchObject({ allowed: false });
    expect(await lockout.admit('other@example.com', NETWORK_A)).toEqual({ allowed: true });
  });

  it('refuses every network past the ceiling of checked passwords', async () => {
    const lockout = loginLockout(makeLimiter());
    for (let i = 0; i < LOGIN_LOCKOUT.ceiling; i++) {
      expect(await lockout.admit('opal@example.com', `10.1.0.${i}`)).toEqual({ allowed: true });
      await lockout.failed('opal@example.com', `10.1.0.${i}`);
    }
    const refused = await lockout.admit('opal@example.com', NETWORK_C);
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(0);
  });
}

describe('the lockout rule on the in-memory limiter', () => {
  behavesAsTheLockout(() => memoryRateLimiter(manualClock(new Date('2026-06-15T18:00:00Z'))));
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('the lockout rule on the Redis limiter (several server processes)', () => {
  const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  afterAll(() => redis.disconnect());
  behavesAsTheLockout(() => redisRateLimiter(redis, `gemcast-test:${Math.random()}:`));
});
