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

export function redisRateLimiter(redis: Redis, prefix = 'gemcast:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
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
    },
    async peek(key) {
      const k = prefix + key;
      const replies = await redis.multi().get(k).pttl(k).exec();
      const count = Number(replies?.[0]?.[1] ?? 0);
      const ttl = Number(replies?.[1]?.[1] ?? -1);
      if (!count || ttl < 0) return { count: 0, retryAfterSeconds: 0 };
      return { count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
