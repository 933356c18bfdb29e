// subscribeuser, confirmsubscription_v1, updatesubscription, subscription_v1 and consentrecords_v1
// (decision 072). Policy only: who may call and how often; the rules are in subscriptions.service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriptionCalls } from '../../../shared/contract/subscriptions';
import { SUBSCRIPTION_MESSAGES } from '../../../shared/subscription-messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byIp, byUser, rateLimit } from '../../http/rate-limit';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { SubscriptionsService } from './subscriptions.service';

const tags = ['subscriptions'];
/** Subscribe forms sent from one address per hour (scaled where many share one, as at a trade show). */
export const SUBSCRIBES_PER_IP = 20;
/** Confirmation links tried from one address per hour: a guess at a token is hopeless, this keeps it so. */
export const CONFIRMS_PER_IP = 60;

const originOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

export function subscriptionRoutes(
  ctx: AppContext,
  subscriptions: SubscriptionsService,
  guards: ReturnType<typeof sessionGuards>,
) {
  const now = () => ctx.clock.now();
  const hour = 60 * 60_000;
  const scale = ctx.config.perIpLimitScale;
  const subscribesPerIp = rateLimit(ctx.limiter, {
    name: 'subscribe-ip',
    limit: SUBSCRIBES_PER_IP * scale,
    windowMs: hour,
    key: byIp,
    message: SUBSCRIPTION_MESSAGES.tooManyFromNetwork,
  });
  const confirmsPerIp = rateLimit(ctx.limiter, {
    name: 'subscribe-confirm',
    limit: CONFIRMS_PER_IP * scale,
    windowMs: hour,
    key: byIp,
  });
  const changes = rateLimit(ctx.limiter, { name: 'subscription-change', limit: 30, windowMs: hour, key: byUser });

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(subscriptionCalls.subscribe, {
        tags,
        summary:
          'Subscribe to the newsletter or show alerts: pending until the link in the confirmation e-mail is opened',
      }),
      preHandler: [subscribesPerIp],
      handler: async (request) => {
        const viewer = await guards.callerOf(request).user();
        const result = await subscriptions.subscribe(request.body, viewer, originOf(request));
        const message = result.confirmation_sent ? SUBSCRIPTION_MESSAGES.checkInbox : SUBSCRIPTION_MESSAGES.nothingNew;
        return ok([result], message, now());
      },
    });

    app.route({
      ...routeOf(subscriptionCalls.confirm, {
        tags,
        summary: "Confirm a subscription with the e-mail's link: works once, for 48 hours",
      }),
      preHandler: [confirmsPerIp],
      handler: async (request) =>
        ok(
          [await subscriptions.confirm(request.body.token, originOf(request))],
          SUBSCRIPTION_MESSAGES.confirmed,
          now(),
        ),
    });

    app.route({
      ...routeOf(subscriptionCalls.update, {
        tags,
        summary: "Change or cancel the viewer's subscriptions; turning one on sends a confirmation link",
      }),
      preHandler: [guards.requireUser, changes],
      handler: async (request) => {
        const { status, sent } = await subscriptions.update(currentUser(request), request.body, originOf(request));
        const message =
          request.body.action === 'cancel'
            ? SUBSCRIPTION_MESSAGES.cancelled
            : sent
              ? SUBSCRIPTION_MESSAGES.checkInbox
              : SUBSCRIPTION_MESSAGES.updated;
        return ok([status], message, now());
      },
    });

    app.route({
      ...routeOf(subscriptionCalls.status, { tags, summary: "The viewer's subscription status (data[0])" }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok([await subscriptions.status(currentUser(request))], SUBSCRIPTION_MESSAGES.status, now()),
    });

    app.route({
      ...routeOf(subscriptionCalls.consentRecords, {
        tags,
        summary: "Every consent record of the viewer's address, oldest first, to download",
      }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok(await subscriptions.consentRecords(currentUser(request)), SUBSCRIPTION_MESSAGES.consentRecords, now()),
    });
  };
}
