// Rate limits as route policy: a preHandler that counts the request under a key and answers 429
// (with Retry-After) past the limit. Placed before requireUser, a per-IP limit refuses a flood
// before its token is looked up, so the flood costs no database read.
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import type { RateLimiter } from '../platform/rate-limit';
import { tooMany } from './errors';

export type RateRule = {
  /** Names the counter (`analytics`, `special-email`); part of every key. */
  name: string;
  /** Requests allowed in one window. */
  limit: number;
  windowMs: number;
  /** Whose requests count together: `byIp` or `byUser`, or a key of the route's own. */
  key: (request: FastifyRequest) => string;
  /** What the 429 says; MESSAGES.rateLimited when not given. */
  message?: string;
};

export const byIp = (request: FastifyRequest) => request.ip;

/** The signed-in user's id: for routes whose chain puts requireUser before the limit. */
export const byUser = (request: FastifyRequest) => String(request.user?.id ?? request.ip);

export function rateLimit(limiter: RateLimiter, rule: RateRule) {
  return async function limitRate(request: FastifyRequest): Promise<void> {
    const hit = await limiter.hit(`${rule.name}:${rule.key(request)}`, rule.limit, rule.windowMs);
    if (!hit.allowed) throw tooMany(rule.message ?? MESSAGES.rateLimited, hit.retryAfterSeconds);
  };
}
