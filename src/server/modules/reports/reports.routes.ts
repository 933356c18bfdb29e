// GetSPData (spec §7; decision 076): a named read-only report from a fixed list, for a signed-in
// caller. The body's schema refuses any other name before the guard; the service checks the audience.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REPORT_MESSAGES, REPORT_NAMES, reportCalls } from '../../../shared/contract/reports';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { ReportsService } from './reports.service';

export function reportRoutes(ctx: AppContext, reports: ReportsService, guards: ReturnType<typeof sessionGuards>) {
  const tags = ['reports'];
  // Each report is a few indexed reads; 60 pages a minute lets a staff screen page freely.
  const perUser = rateLimit(ctx.limiter, { name: 'reports', limit: 60, windowMs: 60_000, key: byUser });
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(reportCalls.run, {
        tags,
        summary: `A page of a named read-only report: ${REPORT_NAMES.join(', ')}`,
      }),
      preHandler: [guards.requireUser, perUser],
      handler: async (request) =>
        ok([await reports.run(currentUser(request), request.body)], REPORT_MESSAGES.done, ctx.clock.now()),
    });
  };
}
