// Live calls of spec §7: iamatlive_v1 (GET) and iamatlive_v2 (POST) check-ins, userlivelog
// (the watch log), rtctokngenerator_v2 (Agora), eventstream_v1 (what the player plays: our
// addition, see decision 010) and the staff watch statistics.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '../../../shared/contract/envelope';
import { CheckInQuery, PresenceResponse, RtcTokenResponse, StreamQuery, StreamResponse, WatchLogQuery, WatchStatsResponse } from '../../../shared/contract/live';
import { EventIdParams } from '../../../shared/contract/staff-events';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, type sessionGuards } from '../../http/session';
import type { createLiveService } from './live.service';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const tags = ['live'];

export function liveRoutes(ctx: AppContext, live: ReturnType<typeof createLiveService>, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = guards.requireUser;
    const now = () => ctx.clock.now();

    app.get('/api/iamatlive_v1', { preHandler, schema: { tags, summary: 'Check in to the live show, saying how you came (reachby)', querystring: CheckInQuery, response: { 200: PresenceResponse, ...errors } } }, async (request) => {
      return ok([await live.checkIn(currentUser(request), request.query.eventid, request.query.reachby)], MESSAGES.checkedIn, now());
    });

    app.post('/api/iamatlive_v2', { preHandler, schema: { tags, summary: 'Check in to the live show (body form)', body: CheckInQuery, response: { 200: PresenceResponse, ...errors } } }, async (request) => {
      return ok([await live.checkIn(currentUser(request), request.body.eventid, request.body.reachby)], MESSAGES.checkedIn, now());
    });

    app.get('/api/userlivelog', { preHandler, schema: { tags, summary: 'Watch log: start, heartbeat (about every 30 s) and stop; answers the viewer count', querystring: WatchLogQuery, response: { 200: PresenceResponse, ...errors } } }, async (request) => {
      return ok([await live.log(currentUser(request), request.query.eventid, request.query.watch_stream, request.query.reachby)], MESSAGES.ok, now());
    });

    // Public, so a past show's replay plays for anyone; the live stream still needs a viewer's token.
    app.get('/api/eventstream_v1', { schema: { tags, summary: 'What the player plays: the live stream (viewers) or the replay of an ended show (anyone)', querystring: StreamQuery, response: { 200: StreamResponse, ...errors } } }, async (request) => {
      return ok([await live.stream(request.query.eventid, await guards.identify(request))], MESSAGES.ok, now());
    });

    app.get('/api/rtctokngenerator_v2', { preHandler, schema: { tags, summary: 'Agora audience token for the Agora show live now', response: { 200: RtcTokenResponse, ...errors } } }, async (request) => {
      return ok([await live.rtcToken(currentUser(request))], MESSAGES.ok, now());
    });

    app.get('/api/staff/events/:id/stats', { preHandler: guards.requireStaff, schema: { tags: ['staff'], summary: 'RSVPs, check-ins, viewers now and watch minutes of an event', params: EventIdParams, response: { 200: WatchStatsResponse, ...errors } } }, async (request) => {
      return ok([await live.stats(request.params.id)], MESSAGES.ok, now());
    });
  };
}
