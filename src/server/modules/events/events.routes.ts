// Public event reads of spec §7: eventlist_v1 (by type and time bucket), eventdata_v1 (one event)
// and liveevent_v1 (the show or giveaway live now). Open to everyone, no token needed; eventdata_v1
// reads one when sent, for the private events its holder may see (decision 051).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATUS } from '../../../shared/contract/envelope';
import { eventsCalls } from '../../../shared/contract/events';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { OPTIONAL_TOKEN, routeOf } from '../../http/route';
import type { sessionGuards } from '../../http/session';
import type { EventsService } from './events.service';

export function eventsRoutes(
  ctx: AppContext,
  events: EventsService,
  guards: Pick<ReturnType<typeof sessionGuards>, 'callerOf'>,
) {
  const tags = ['events'];
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(eventsCalls.list, { tags, summary: 'Public events of a type: upcoming (default), live, past or all' }),
      handler: async (request) => ok(await events.list(request.query), MESSAGES.ok, ctx.clock.now()),
    });

    app.route({
      ...routeOf(eventsCalls.one, {
        tags,
        summary: 'One event by id; a private one for staff, those who took part, or with its giveaway code',
        security: OPTIONAL_TOKEN,
      }),
      handler: async (request) => {
        const { eventid, code } = request.query;
        return ok([await events.one(eventid, guards.callerOf(request, code))], MESSAGES.ok, ctx.clock.now());
      },
    });

    app.route({
      ...routeOf(eventsCalls.live, {
        tags,
        summary: 'The show or giveaway live now; status 0 with a message when none is',
      }),
      handler: async (request) => {
        const live = await events.live(request.query.type);
        const now = ctx.clock.now();
        // "Nothing live" is an answer, not a failure: HTTP 200 with status 0 and the message (spec §8).
        if (!live) return { ...ok([], MESSAGES.nothingLive, now), status: STATUS.error };
        return ok([live], MESSAGES.ok, now);
      },
    });
  };
}
