// Live calls of spec §7: iamatlive_v1 (GET) and iamatlive_v2 (POST) check-ins, userlivelog
// (the watch log), rtctokngenerator_v2 (Agora), eventstream_v1 (what the player plays: our
// addition, see decision 010) and the staff watch statistics.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { liveCalls } from '../../../shared/contract/live';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { OPTIONAL_TOKEN, routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { LiveService } from './live.service';

export function liveRoutes(ctx: AppContext, live: LiveService, guards: ReturnType<typeof sessionGuards>) {
  const tags = ['live'];
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(liveCalls.checkIn, { tags, summary: 'Check in to the live show, saying how you came (reachby)' }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok(
          [await live.checkIn(currentUser(request), request.query.eventid, request.query.reachby)],
          MESSAGES.checkedIn,
          now(),
        ),
    });

    app.route({
      ...routeOf(liveCalls.checkInByBody, { tags, summary: 'Check in to the live show (body form)' }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok(
          [await live.checkIn(currentUser(request), request.body.eventid, request.body.reachby)],
          MESSAGES.checkedIn,
          now(),
        ),
    });

    app.route({
      ...routeOf(liveCalls.log, {
        tags,
        summary: 'Watch log: start, heartbeat (about every 30 s) and stop; answers the viewer count',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        const { eventid, watch_stream, reachby } = request.query;
        return ok([await live.log(currentUser(request), eventid, watch_stream, reachby)], MESSAGES.ok, now());
      },
    });

    // Public, so a past show's replay plays for anyone; the live stream still needs a viewer's token.
    app.route({
      ...routeOf(liveCalls.stream, {
        tags,
        security: OPTIONAL_TOKEN,
        summary: 'What the player plays: the live stream (viewers) or the replay of an ended show (anyone)',
      }),
      handler: async (request) =>
        ok([await live.stream(request.query.eventid, guards.callerOf(request))], MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(liveCalls.rtcToken, { tags, summary: 'Agora audience token for the Agora show live now' }),
      preHandler: [guards.requireUser],
      handler: async (request) => ok([await live.rtcToken(currentUser(request))], MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(liveCalls.stats, {
        tags: ['staff'],
        summary: 'RSVPs, check-ins, viewers now and watch minutes of an event',
      }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok([await live.stats(request.params.id)], MESSAGES.ok, now()),
    });
  };
}
