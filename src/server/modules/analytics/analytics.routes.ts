// Analytics calls: the visit record (uservisit), pageview, trackevent, ptvl (time on page) and
// the staff report. Writes are public; a per-IP limit comes first, before the token is looked up.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsCalls } from '../../../shared/contract/analytics';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byIp, rateLimit } from '../../http/rate-limit';
import { OPTIONAL_TOKEN, routeOf } from '../../http/route';
import type { sessionGuards } from '../../http/session';
import type { createAnalyticsService } from './analytics.service';

const tags = ['analytics'];

export function analyticsRoutes(
  ctx: AppContext,
  analytics: ReturnType<typeof createAnalyticsService>,
  guards: ReturnType<typeof sessionGuards>,
) {
  // Before the token is looked up in the handler, so a flood costs no database read.
  const limitWrites = rateLimit(ctx.limiter, {
    name: 'analytics',
    limit: ctx.config.analyticsPerMinute,
    windowMs: 60_000,
    key: byIp,
  });
  /** Who sent a record: the request's IP and, when the token is a live user's, their id. */
  const sender = async (request: FastifyRequest) => ({ ip: request.ip, userId: await guards.identify(request) });

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const recorded = () => ok([], MESSAGES.ok, ctx.clock.now());

    app.route({
      ...routeOf(analyticsCalls.visit, {
        tags,
        security: OPTIONAL_TOKEN,
        summary: 'The visit record of spec §3, sent on every route change (IP read from the request)',
      }),
      preHandler: [limitWrites],
      handler: async (request) => {
        await analytics.recordVisit(request.body, await sender(request));
        return recorded();
      },
    });

    app.route({
      ...routeOf(analyticsCalls.pageView, { tags, security: OPTIONAL_TOKEN, summary: 'A page view' }),
      preHandler: [limitWrites],
      handler: async (request) => {
        await analytics.recordPageView(request.body, await sender(request));
        return recorded();
      },
    });

    app.route({
      ...routeOf(analyticsCalls.trackEvent, {
        tags,
        security: OPTIONAL_TOKEN,
        summary: 'An interaction event; category and action are required',
      }),
      preHandler: [limitWrites],
      handler: async (request) => {
        await analytics.recordEvent(request.body, await sender(request));
        return recorded();
      },
    });

    app.route({
      ...routeOf(analyticsCalls.pageTime, {
        tags,
        security: OPTIONAL_TOKEN,
        summary: 'Time spent on a page, in seconds',
      }),
      preHandler: [limitWrites],
      handler: async (request) => {
        await analytics.recordPageTime(request.body, await sender(request));
        return recorded();
      },
    });

    app.route({
      ...routeOf(analyticsCalls.report, {
        tags,
        summary: 'Staff: visits, page views, referrers, devices, events and time on page',
      }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok([await analytics.report(request.query.days)], MESSAGES.ok, ctx.clock.now()),
    });
  };
}
