// Staff show reports (decision 090; staff only, a viewer 403, a visitor 401): the funnel of a show
// and of a range of shows, the viewers at a step and their CSV (step-up: personal data), viewers over
// time with the on-air marks, and traffic over Los Angeles days.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FUNNEL_VIEWERS_CSV_PATH,
  FunnelViewersQuery,
  ShowParams,
  staffReportCalls as calls,
} from '../../../shared/contract/staff-reports';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import type { sessionGuards } from '../../http/session';
import type { StaffReportsService } from './staff-reports.service';

const tags = ['staff'];

export function staffReportRoutes(
  ctx: AppContext,
  reports: StaffReportsService,
  guards: ReturnType<typeof sessionGuards>,
) {
  const done = <T>(record: T) => ok([record], MESSAGES.ok, ctx.clock.now());
  const preHandler = [guards.requireStaff];

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(calls.shows, { tags, summary: 'Staff reports: shows that have started, newest first' }),
      preHandler,
      handler: async () => ok(await reports.shows(), MESSAGES.ok, ctx.clock.now()),
    });

    app.route({
      ...routeOf(calls.funnel, {
        tags,
        summary: 'Attendance funnel of a show: RSVP, check-in, watched N minutes, giveaway entry, spin',
      }),
      preHandler,
      handler: async (request) => done(await reports.funnel(request.params.eventid, request.query.minutes)),
    });

    app.route({
      ...routeOf(calls.viewers, { tags, summary: 'The viewers the funnel counts at a step, a page at a time' }),
      preHandler,
      handler: async (request) => {
        const { step, minutes, page } = request.query;
        return done(await reports.viewers(request.params.eventid, step, minutes, page));
      },
    });

    app.route({
      ...routeOf(calls.range, {
        tags,
        summary: 'The funnel of every show in a range of Los Angeles days, with totals',
      }),
      preHandler,
      handler: async (request) => {
        const { from, to, minutes } = request.query;
        return done(await reports.range(from, to, minutes));
      },
    });

    app.route({
      ...routeOf(calls.audience, { tags, summary: 'Viewers over time of a show, with its on-air marks' }),
      preHandler,
      handler: async (request) => done(await reports.audience(request.params.eventid)),
    });

    app.route({
      ...routeOf(calls.traffic, {
        tags,
        summary: 'Visits by day, referrers, refid campaigns, devices and time on page over Los Angeles days',
      }),
      preHandler,
      handler: async (request) => done(await reports.traffic(request.query.from, request.query.to)),
    });

    app.get(
      FUNNEL_VIEWERS_CSV_PATH,
      {
        // Names and e-mail addresses leave the system: a recent second factor is asked for.
        preHandler: [guards.requireStepUp],
        schema: {
          tags,
          summary: 'The viewers at a funnel step as CSV (every page); needs a recent second factor',
          params: ShowParams,
          querystring: FunnelViewersQuery.omit({ page: true }),
        },
      },
      async (request, reply) => {
        const { eventid } = request.params;
        const { step, minutes } = request.query;
        const csv = await reports.viewersCsv(eventid, step, minutes);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="show-${eventid}-${step}-viewers.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
