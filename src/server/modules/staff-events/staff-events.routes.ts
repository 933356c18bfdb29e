// Staff calls for scheduling events, all behind requireStaff (viewers get 403, visitors 401).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffEventsCalls } from '../../../shared/contract/staff-events';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import type { sessionGuards } from '../../http/session';
import { auditedEdit } from '../audit/audit.hook';
import type { createStaffEventsService } from './staff-events.service';

export function staffEventsRoutes(
  ctx: AppContext,
  events: ReturnType<typeof createStaffEventsService>,
  guards: ReturnType<typeof sessionGuards>,
) {
  const tags = ['staff'];
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(staffEventsCalls.list, { tags, summary: 'Every event, private ones included, with RSVP counts' }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok(await events.list(request.query.type, request.query.on), MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(staffEventsCalls.create, { tags, summary: 'Schedule a show, giveaway or special event' }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok([await events.create(request.body)], MESSAGES.eventSaved, now()),
    });

    app.route({
      ...routeOf(staffEventsCalls.one, { tags, summary: 'One event with its stream, replay and RSVP count' }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok([await events.one(request.params.id)], MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(staffEventsCalls.update, { tags, summary: 'Edit an event: details, schedule, stream or replay' }),
      preHandler: [guards.requireStaff],
      handler: async (request) => {
        const { id } = request.params;
        const event = await auditedEdit(
          request,
          { type: 'event', id },
          () => events.one(id),
          () => events.update(id, request.body),
        );
        return ok([event], MESSAGES.eventSaved, now());
      },
    });

    app.route({
      ...routeOf(staffEventsCalls.end, { tags, summary: 'End a live event now' }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok([await events.end(request.params.id)], MESSAGES.eventEnded, now()),
    });

    app.route({
      ...routeOf(staffEventsCalls.rsvps, { tags, summary: 'Who RSVPed, in order' }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok(await events.rsvps(request.params.id), MESSAGES.ok, now()),
    });
  };
}
