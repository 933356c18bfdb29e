// rewarddetails and rewardledger_v1: a viewer's points, tier and ledger (decision 055). Policy only:
// who may call and how often; the rules are in rewards.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rewardCalls } from '../../../shared/contract/rewards';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { RewardsService } from './rewards.service';

const tags = ['rewards'];

export function rewardsRoutes(ctx: AppContext, rewards: RewardsService, guards: ReturnType<typeof sessionGuards>) {
  const now = () => ctx.clock.now();
  // The download reads every row: a few a minute is plenty for a person checking their ledger.
  const downloads = rateLimit(ctx.limiter, { name: 'reward-ledger', limit: 10, windowMs: 60_000, key: byUser });

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(rewardCalls.details, {
        tags,
        summary: 'Your points: balance, pending, what expires next, tier and progress, and the ledger page by page',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        const details = await rewards.details(currentUser(request).id, request.query);
        return ok([details], MESSAGES.rewardDetails, now());
      },
    });

    app.route({
      ...routeOf(rewardCalls.ledger, {
        tags,
        summary: 'Your whole points ledger, oldest first, to download and check its hash chain',
      }),
      preHandler: [guards.requireUser, downloads],
      handler: async (request) => ok(await rewards.ledger(currentUser(request).id), MESSAGES.rewardLedger, now()),
    });
  };
}
