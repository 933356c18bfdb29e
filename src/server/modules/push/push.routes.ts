// pushkey_v1, pushsubscription_v1 and pushunsubscribe_v1 (issue 18, decision 071): the key a
// browser subscribes with, and this device's web push subscription stored or removed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushCalls } from '../../../shared/contract/push';
import { PUSH_MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { PushService } from './push.service';

export function pushRoutes(ctx: AppContext, push: PushService, guards: ReturnType<typeof sessionGuards>) {
  const tags = ['push'];
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(pushCalls.key, { tags, summary: "The server's VAPID public key for PushManager.subscribe" }),
      handler: async () => ok([{ public_key: push.publicKey() }], PUSH_MESSAGES.publicKey, ctx.clock.now()),
    });

    app.route({
      ...routeOf(pushCalls.subscribe, { tags, summary: "Store this device's push subscription for the viewer" }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok(
          [await push.subscribe(currentUser(request), request.body, request.headers['user-agent'] ?? '')],
          PUSH_MESSAGES.subscribed,
          ctx.clock.now(),
        ),
    });

    app.route({
      ...routeOf(pushCalls.unsubscribe, { tags, summary: "Remove one of the viewer's push devices" }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        const removed = await push.unsubscribe(currentUser(request), request.body.endpoint);
        return ok([{ removed }], removed ? PUSH_MESSAGES.unsubscribed : PUSH_MESSAGES.notSubscribed, ctx.clock.now());
      },
    });
  };
}
