// The live draw for viewers (decisions 041, 042): giveawaydraw_v1, the draw of a giveaway or of a
// show's giveaways with the viewer's entry number, and giveawayclaim_v1, the winner's claim button.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { giveawayDrawCalls } from '../../../shared/contract/giveaway-draw';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { GiveawayDrawService } from './giveaway-draw.service';

const tags = ['giveaways'];

export function giveawayDrawRoutes(
  ctx: AppContext,
  draws: GiveawayDrawService,
  guards: ReturnType<typeof sessionGuards>,
) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const now = () => ctx.clock.now();

    app.route({
      ...routeOf(giveawayDrawCalls.result, {
        tags,
        summary: "A giveaway's draw (or each of a show's giveaways) with the viewer's place in the entry list",
      }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok(await draws.results(currentUser(request), request.query), GIVEAWAY_MESSAGES.drawRead, now()),
    });

    app.route({
      ...routeOf(giveawayDrawCalls.claim, {
        tags,
        summary: "The winner claims the prize in the app, within the 5 minutes (claim mode 'app')",
      }),
      preHandler: [
        guards.requireUser,
        rateLimit(ctx.limiter, { name: 'giveaway-claim', limit: 10, windowMs: 60_000, key: byUser }),
      ],
      handler: async (request) =>
        ok(
          [await draws.claimAsWinner(currentUser(request), request.body.eventid)],
          GIVEAWAY_MESSAGES.claimedByYou,
          now(),
        ),
    });
  };
}
