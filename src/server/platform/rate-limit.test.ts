import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from './clock';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limit';

function behavesAsAFixedWindow(make: () => { limiter: RateLimiter; advance: (ms: number) => Promise<void> }) {
  it('allows up to the limit, then refuses with the seconds left in the window', async () => {
    const { limiter } = make();
    const key = `k-${Math.random()}`;
    for (let i = 0; i < 3; i++) expect((await limiter.hit(key, 3, 60_000)).allowed).toBe(true);
    const refused = await limiter.hit(key, 3, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
  it('starts counting again after a reset', async () => {
    const { limiter } = make();
    const key = `k-${Math.random()}`;
    await limiter.hit(key, 1, 60_000);
    expect((await limiter.hit(key, 1, 60_000)).allowed).toBe(false);
    await limiter.reset(key);
    expect((await limiter.hit(key, 1, 60_000)).allowed).toBe(true);
  });
  it('reads a count without adding to it, and nothing once the window has passed', async () => {
    const { limiter, advance } = make();
    const key = `k-${Math.random()}`;
    expect(await limiter.peek(key)).toEqual({ count: 0, retryAfterSeconds: 0 });
    expect((await limiter.hit(key, 5, 200)).count).toBe(1);
    expect((await limiter.hit(key, 5, 200)).count).toBe(2);
    const seen = await limiter.peek(key);
    expect(seen.count).toBe(2);
    expect(seen.retryAfterSeconds).toBe(1);
    expect((await limiter.peek(key)).count).toBe(2);
    await advance(250);
    expect((await limiter.peek(key)).count).toBe(0);
  });
  it('opens a new window once the old one has passed', async () => {
    const { limiter, advance } = make();
    const key = `k-${Math.random()}`;
    await limiter.hit(key, 1, 200);
    expect((await limiter.hit(key, 1, 200)).allowed).toBe(false);
    await advance(250);
    expect((await limiter.hit(key, 1, 200)).allowed).toBe(true);
  });
}

describe('in-memory rate limiter', () => {
  behavesAsAFixedWindow(() => {
    const clock = manualClock(new Date('2026-06-15T18:00:00Z'));
    return { limiter: memoryRateLimiter(clock), advance: async (ms) => clock.advance(ms) };
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('Redis rate limiter (shared by several processes)', () => {
  const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  afterAll(() => redis.disconnect());
  behavesAsAFixedWindow(() => ({
    limiter: redisRateLimiter(redis, `gemcast-test:${Math.random()}:`),
    advance: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }));
  it('shares counts between two clients, as two server processes would', async () => {
    const other = new Redis(redisUrl ?? '');
    const prefix = `gemcast-test:${Math.random()}:`;
    await redisRateLimiter(redis, prefix).hit('login', 1, 60_000);
    expect((await redisRateLimiter(other, prefix).hit('login', 1, 60_000)).allowed).toBe(false);
    other.disconnect();
  });
});
