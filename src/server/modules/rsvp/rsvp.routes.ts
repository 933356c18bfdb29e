// rsvpdata_v1 and checkifrsvpenroll_v1 (spec §7): a viewer's RSVP to a show and whether they have one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rsvpCalls } from '../../../shared/contract/rsvp';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { RsvpService } from './rsvp.service';

export function rsvpRoutes(ctx: AppContext, rsvps: RsvpService, guards: ReturnType<typeof sessionGuards>) {
  const tags = ['rsvp'];
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(rsvpCalls.rsvp, { tags, summary: "RSVP to a show or special event (type is always 'new')" }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok([await rsvps.rsvp(currentUser(request), request.body.eventid)], MESSAGES.rsvpSaved, ctx.clock.now()),
    });

    app.route({
      ...routeOf(rsvpCalls.check, { tags, summary: 'Whether the viewer has RSVPed to an event' }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok(
          [{ exists: await rsvps.hasRsvped(currentUser(request).id, request.query.eventid) }],
          MESSAGES.ok,
          ctx.clock.now(),
        ),
    });
  };
}
