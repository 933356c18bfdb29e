// Fixed-window counters for per-address and per-IP limits. In memory for one process; in Redis
// when REDIS_URL is set so several server processes share the same counts.
import type { Redis } from 'ioredis';
import type { Clock } from './clock';

/** `count`: hits in the current window, this one included. */
export type Hit = { allowed: boolean; count: number; retryAfterSeconds: number };
/** What a key has counted in its current window, without counting; 0 when no window is open. */
export type Tally = { count: number; retryAfterSeconds: number };
export type RateLimiter = {
  /** Counts one hit on `key`; allowed while the count in the window stays within `limit`. */
  hit: (key: string, limit: number, windowMs: number) => Promise<Hit>;
  /** Reads a key's count without adding to it (a limit that counts only failures checks it first). */
  peek: (key: string) => Promise<Tally>;
  /** Forgets a key (a successful login clears its failure count). */
  reset: (key: string) => Promise<void>;
};

export function memoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  return {
    async hit(key, limit, windowMs) {
      const now = clock.now().getTime();
      if (now - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        lastSweep = now;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return {
        allowed: w.count <= limit,
        count: w.count,
        retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)),
      };
    },
    async peek(key) {
      const now = clock.now().getTime();
      const w = windows.get(key);
      if (!w || w.resetAt <= now) return { count: 0, retryAfterSeconds: 0 };
      return { count: w.count, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** How long a limit waits for Redis before it lets the request through (decision 092). */
export const REDIS_LIMIT_WAIT_MS = 500;

/**
 * Shared counts in Redis. While Redis is unreachable (a restart, a failover) the limits fail open:
 * a request is let through uncounted within REDIS_LIMIT_WAIT_MS rather than held or answered 500,
 * since the limits guard against abuse over minutes and a blip of seconds must not stop sign-ins or
 * entries (decision 092). `onError` hears of each lapse, at most once in ten seconds.
 */
export function redisRateLimiter(
  redis: Redis,
  prefix = 'gemcast:rl:',
  onError: (error: Error) => void = () => undefined,
): RateLimiter {
  let lastReportAt = 0;
  async function orOpen<T>(work: Promise<T>, open: T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not answer within ${REDIS_LIMIT_WAIT_MS} ms`)),
        REDIS_LIMIT_WAIT_MS,
      );
    });
    try {
      return await Promise.race([work, late]);
    } catch (error) {
      if (Date.now() - lastReportAt > 10_000) {
        lastReportAt = Date.now();
        onError(error instanceof Error ? error : new Error(String(error)));
      }
      return open;
    } finally {
      clearTimeout(timer);
    }
  }
  async function hit(key: string, limit: number, windowMs: number): Promise<Hit> {
    const k = prefix + key;
    const replies = await redis.multi().incr(k).pttl(k).exec();
    const count = Number(replies?.[0]?.[1] ?? 0);
    const ttl = Number(replies?.[1]?.[1] ?? -1);
    let remaining = ttl;
    if (ttl < 0) {
      await redis.pexpire(k, windowMs);
      remaining = windowMs;
    }
    return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(remaining / 1000)) };
  }
  async function peek(key: string): Promise<Tally> {
    const k = prefix + key;
    const replies = await redis.multi().get(k).pttl(k).exec();
    const count = Number(replies?.[0]?.[1] ?? 0);
    const ttl = Number(replies?.[1]?.[1] ?? -1);
    if (!count || ttl < 0) return { count: 0, retryAfterSeconds: 0 };
    return { count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }
  return {
    hit: (key, limit, windowMs) => orOpen(hit(key, limit, windowMs), { allowed: true, count: 0, retryAfterSeconds: 1 }),
    peek: (key) => orOpen(peek(key), { count: 0, retryAfterSeconds: 0 }),
    reset: (key) =>
      orOpen(
        redis.del(prefix + key).then(() => undefined),
        undefined,
      ),
  };
}
