// Staff calls for scheduling events, all behind requireStaff (viewers get 403, visitors 401).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '../../../shared/contract/envelope';
import { CreateEventRequest, EventIdParams, RsvpListResponse, StaffEventQuery, StaffEventResponse, UpdateEventRequest } from '../../../shared/contract/staff-events';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import type { sessionGuards } from '../../http/session';
import type { createStaffEventsService } from './staff-events.service';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const tags = ['staff'];

export function staffEventsRoutes(ctx: AppContext, events: ReturnType<typeof createStaffEventsService>, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = guards.requireStaff;
    const now = () => ctx.clock.now();

    app.get('/api/staff/events', { preHandler, schema: { tags, summary: 'Every event, private ones included, with RSVP counts', querystring: StaffEventQuery, response: { 200: StaffEventResponse, ...errors } } }, async (request) => {
      return ok(await events.list(request.query.type, request.query.on), MESSAGES.ok, now());
    });

    app.post('/api/staff/events', { preHandler, schema: { tags, summary: 'Schedule a show, giveaway or special event', body: CreateEventRequest, response: { 200: StaffEventResponse, ...errors } } }, async (request) => {
      return ok([await events.create(request.body)], MESSAGES.eventSaved, now());
    });

    app.get('/api/staff/events/:id', { preHandler, schema: { tags, summary: 'One event with its stream, replay and RSVP count', params: EventIdParams, response: { 200: StaffEventResponse, ...errors } } }, async (request) => {
      return ok([await events.one(request.params.id)], MESSAGES.ok, now());
    });

    app.post('/api/staff/events/:id', { preHandler, schema: { tags, summary: 'Edit an event: details, schedule, stream or replay', params: EventIdParams, body: UpdateEventRequest, response: { 200: StaffEventResponse, ...errors } } }, async (request) => {
      return ok([await events.update(request.params.id, request.body)], MESSAGES.eventSaved, now());
    });

    app.post('/api/staff/events/:id/end', { preHandler, schema: { tags, summary: 'End a live event now', params: EventIdParams, response: { 200: StaffEventResponse, ...errors } } }, async (request) => {
      return ok([await events.end(request.params.id)], MESSAGES.eventEnded, now());
    });

    app.get('/api/staff/events/:id/rsvps', { preHandler, schema: { tags, summary: 'Who RSVPed, in order', params: EventIdParams, response: { 200: RsvpListResponse, ...errors } } }, async (request) => {
      return ok(await events.rsvps(request.params.id), MESSAGES.ok, now());
    });
  };
}
