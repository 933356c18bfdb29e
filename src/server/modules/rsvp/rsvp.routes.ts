// rsvpdata_v1, checkifrsvpenroll_v1 and liveevent_v1 (spec §7).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, STATUS } from '../../../shared/contract/envelope';
import { EventListResponse } from '../../../shared/contract/events';
import { LiveEventQuery, RsvpCheckQuery, RsvpCheckResponse, RsvpRequest, RsvpResponse } from '../../../shared/contract/rsvp';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, type sessionGuards } from '../../http/session';
import type { LiveLookup } from '../events/live-lookup';
import { toEventRecord } from '../events/events.routes';
import type { createRsvpService } from './rsvp.service';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export function rsvpRoutes(ctx: AppContext, rsvps: ReturnType<typeof createRsvpService>, guards: ReturnType<typeof sessionGuards>, liveLookup: LiveLookup) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = guards.requireUser;

    app.post('/api/rsvpdata_v1', { preHandler, schema: { tags: ['rsvp'], summary: "RSVP to a show or special event (type is always 'new')", body: RsvpRequest, response: { 200: RsvpResponse, ...errors } } }, async (request) => {
      return ok([await rsvps.rsvp(currentUser(request), request.body.eventid)], MESSAGES.rsvpSaved, ctx.clock.now());
    });

    app.get('/api/checkifrsvpenroll_v1', { preHandler, schema: { tags: ['rsvp'], summary: 'Whether the viewer has RSVPed to an event', querystring: RsvpCheckQuery, response: { 200: RsvpCheckResponse, ...errors } } }, async (request) => {
      return ok([{ exists: await rsvps.hasRsvped(currentUser(request).id, request.query.eventid) }], MESSAGES.ok, ctx.clock.now());
    });

    // "Nothing live" is an answer, not a failure: HTTP 200 with status 0 and the message (spec §8).
    app.get('/api/liveevent_v1', { schema: { tags: ['events'], summary: 'The show or giveaway live now; status 0 with a message when none is', querystring: LiveEventQuery, response: { 200: EventListResponse, ...errors } } }, async (request) => {
      const now = ctx.clock.now();
      const live = await liveLookup.current(request.query.type);
      if (!live) return { ...ok([], MESSAGES.nothingLive, now), status: STATUS.error };
      return ok([toEventRecord(live, now, ctx.config.mediaBaseUrl)], MESSAGES.ok, now);
    });
  };
}
