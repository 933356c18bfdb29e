// Spin-to-win calls (spec §7): spinrsvpinfo and spingiveawayinfo spin, checkifrsvpspin and
// CheckIfGiveawaySpin check. The wire's `eventId` (or `eventid`) reaches the service as `eventId`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { spinCalls, type SpinKind } from '../../../shared/contract/spin';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { SpinService } from './spin.service';

const tags = ['spin'];

export function spinRoutes(ctx: AppContext, spins: SpinService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const now = () => ctx.clock.now();

    async function spin(user: UserRow, kind: SpinKind, eventId: number) {
      const result = await spins.spin(user, kind, eventId);
      return ok([result], result.already ? GIVEAWAY_MESSAGES.spinAlready : GIVEAWAY_MESSAGES.spinDone, now());
    }

    async function check(user: UserRow, kind: SpinKind, eventId: number) {
      return ok([await spins.check(user, kind, eventId)], GIVEAWAY_MESSAGES.spinChecked, now());
    }

    app.route({
      ...routeOf(spinCalls.rsvpSpin, {
        tags,
        summary: 'Spin to win after an RSVP: once per viewer per event; a second spin answers the first result',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => spin(currentUser(request), 'rsvp', request.body.eventId),
    });

    app.route({
      ...routeOf(spinCalls.giveawaySpin, {
        tags,
        summary:
          'Spin to win after entering a giveaway: once per viewer per giveaway; a second spin answers the first result',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => spin(currentUser(request), 'giveaway', request.body.eventId),
    });

    app.route({
      ...routeOf(spinCalls.rsvpCheck, {
        tags,
        summary: 'Whether the viewer has spun for an event after RSVP, with the prize and the wheel',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => check(currentUser(request), 'rsvp', request.query.eventId),
    });

    app.route({
      ...routeOf(spinCalls.giveawayCheck, {
        tags,
        summary: 'Whether the viewer has spun for a giveaway, with the prize and the wheel',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => check(currentUser(request), 'giveaway', request.query.eventId),
    });
  };
}
