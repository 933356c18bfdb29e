// Analytics calls: the visit record (uservisit), pageview, trackevent, ptvl (time on page) and
// the staff report. Writes are public and rate-limited per IP.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnalyticsReportResponse, PageTimeRequest, PageViewRequest, ReportQuery, TrackEventRequest, VisitRecord } from '../../../shared/contract/analytics';
import { EmptyResponse } from '../../../shared/contract/auth';
import { ErrorEnvelope } from '../../../shared/contract/envelope';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import type { sessionGuards } from '../../http/session';
import type { createAnalyticsService } from './analytics.service';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const tags = ['analytics'];

export function analyticsRoutes(ctx: AppContext, analytics: ReturnType<typeof createAnalyticsService>, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const recorded = () => ok([], MESSAGES.ok, ctx.clock.now());

    app.post('/api/uservisit', { schema: { tags, summary: 'The visit record of spec §3, sent on every route change (IP read from the request)', body: VisitRecord, response: { 200: EmptyResponse, ...errors } } }, async (request) => {
      await analytics.recordVisit(request.body, request.ip, await guards.identify(request));
      return recorded();
    });

    app.post('/api/pageview', { schema: { tags, summary: 'A page view', body: PageViewRequest, response: { 200: EmptyResponse, ...errors } } }, async (request) => {
      await analytics.recordPageView(request.body, request.ip, await guards.identify(request));
      return recorded();
    });

    app.post('/api/trackevent', { schema: { tags, summary: 'An interaction event; category and action are required', body: TrackEventRequest, response: { 200: EmptyResponse, ...errors } } }, async (request) => {
      await analytics.recordEvent(request.body, request.ip, await guards.identify(request));
      return recorded();
    });

    app.post('/api/ptvl', { schema: { tags, summary: 'Time spent on a page, in seconds', body: PageTimeRequest, response: { 200: EmptyResponse, ...errors } } }, async (request) => {
      await analytics.recordPageTime(request.body, request.ip, await guards.identify(request));
      return recorded();
    });

    app.get('/api/staff/analytics', { preHandler: guards.requireStaff, schema: { tags, summary: 'Staff: visits, page views, referrers, devices, events and time on page', querystring: ReportQuery, response: { 200: AnalyticsReportResponse, ...errors } } }, async (request) => {
      return ok([await analytics.report(request.query.days)], MESSAGES.ok, ctx.clock.now());
    });
  };
}
