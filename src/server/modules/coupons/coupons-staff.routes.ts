// Staff coupon calls under /api/staff/rewards, all behind requireStaff (viewers 403, visitors 401):
// the catalogue, and a coupon looked up by code, marked used on an order, or voided with a reason.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffCouponCalls as calls } from '../../../shared/contract/coupons';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { CouponService } from './coupons.service';

const tags = ['staff'];

export function staffCouponRoutes(ctx: AppContext, coupons: CouponService, guards: ReturnType<typeof sessionGuards>) {
  const now = () => ctx.clock.now();

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];

    app.route({
      ...routeOf(calls.catalogue, { tags, summary: 'Every coupon catalogue item, inactive ones too' }),
      preHandler,
      handler: async () => ok(await coupons.staffCatalogue(), MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(calls.createItem, { tags, summary: 'Add a coupon to the catalogue' }),
      preHandler,
      handler: async (request) =>
        ok([await coupons.createItem(currentUser(request), request.body)], MESSAGES.couponItemSaved, now()),
    });

    app.route({
      ...routeOf(calls.updateItem, {
        tags,
        summary: 'Change a catalogue item or take it off offer; coupons already issued keep their rules',
      }),
      preHandler,
      handler: async (request) =>
        ok(
          [await coupons.updateItem(currentUser(request), request.params.id, request.body)],
          MESSAGES.couponItemSaved,
          now(),
        ),
    });

    app.route({
      ...routeOf(calls.lookup, { tags, summary: 'Look a coupon up by its code, with its owner and trail' }),
      preHandler,
      handler: async (request) => ok([await coupons.lookup(request.query.code)], MESSAGES.couponFound, now()),
    });

    app.route({
      ...routeOf(calls.use, { tags, summary: 'Mark a coupon used on an order (409 when used, voided or expired)' }),
      preHandler,
      handler: async (request) =>
        ok(
          [await coupons.use(currentUser(request), request.body.code, request.body.order_ref)],
          MESSAGES.couponUsedNow,
          now(),
        ),
    });

    app.route({
      ...routeOf(calls.void, { tags, summary: 'Void a coupon with a reason (409 when used or voided)' }),
      preHandler,
      handler: async (request) =>
        ok(
          [await coupons.void(currentUser(request), request.body.code, request.body.reason)],
          MESSAGES.couponVoidedNow,
          now(),
        ),
    });
  };
}
