// couponcatalogue_v1 (public) and couponredeem_v1 (token): the catalogue and redeeming points for a
// coupon (decision 057). Policy only: who may call and how often; the rules are in coupons.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { couponCalls } from '../../../shared/contract/coupons';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { CouponService } from './coupons.service';

const tags = ['rewards'];

export function couponRoutes(ctx: AppContext, coupons: CouponService, guards: ReturnType<typeof sessionGuards>) {
  const now = () => ctx.clock.now();
  // A person redeems a few coupons at a time; this stops a script spending a balance in a loop.
  const redeems = rateLimit(ctx.limiter, { name: 'coupon-redeem', limit: 20, windowMs: 60_000, key: byUser });

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(couponCalls.catalogue, { tags, summary: 'The coupons on offer for points, cheapest first' }),
      handler: async () => ok(await coupons.catalogue(), MESSAGES.couponCatalogue, now()),
    });

    app.route({
      ...routeOf(couponCalls.redeem, {
        tags,
        summary: 'Spend points on a catalogue coupon: the points and the coupon in one transaction',
      }),
      preHandler: [guards.requireUser, redeems],
      handler: async (request) =>
        ok([await coupons.redeem(currentUser(request), request.body.catalogue_id)], MESSAGES.couponRedeemed, now()),
    });
  };
}
