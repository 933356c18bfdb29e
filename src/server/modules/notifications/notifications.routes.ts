// getnotification, setnotification, the live unread count and the unsubscribe link (decision 068).
// Policy only: who may call and how often; the rules are in inbox.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_STREAM_PATH,
  notificationCalls,
  UNSUBSCRIBE_PAGE_PATH,
  UnsubscribeToken,
} from '../../../shared/contract/notifications';
import { NOTIFICATION_MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { badRequest, tooMany, unavailable } from '../../http/errors';
import { byIp, rateLimit } from '../../http/rate-limit';
import { errorResponses, routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { InboxService } from './inbox.service';
import type { UnreadStreams } from './unread-stream';

const tags = ['notifications'];

export function notificationRoutes(
  ctx: AppContext,
  inbox: InboxService,
  streams: UnreadStreams,
  guards: ReturnType<typeof sessionGuards>,
) {
  const now = () => ctx.clock.now();
  // The page's calls need no login: a limit per address keeps a script from hammering them (a token
  // cannot be guessed anyway). The one-click POST has none: a mailbox provider sends every one of its
  // users' unsubscribes from a few addresses, and each must work.
  const links = rateLimit(ctx.limiter, { name: 'unsubscribe', limit: 60, windowMs: 60_000, key: byIp });

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(notificationCalls.list, {
        tags,
        summary: 'Your notifications page by page, newest first, the unread count and your preferences grid',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok([await inbox.inbox(currentUser(request).id, request.query)], NOTIFICATION_MESSAGES.inbox, now()),
    });

    app.route({
      ...routeOf(notificationCalls.set, {
        tags,
        summary: 'Mark notifications read, mark all read, or choose which kinds reach you on which channel',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        const { action } = request.body;
        const state = await inbox.set(currentUser(request).id, request.body);
        const message =
          action === 'read'
            ? NOTIFICATION_MESSAGES.marked
            : action === 'read_all'
              ? NOTIFICATION_MESSAGES.allMarked
              : NOTIFICATION_MESSAGES.preferencesSaved;
        return ok([state], message, now());
      },
    });

    app.route({
      method: 'GET',
      url: NOTIFICATION_STREAM_PATH,
      schema: {
        tags,
        summary:
          'The live unread count as an event stream (send the token header; read it with fetch): ' +
          '`event: unread` with {"unread": n} on connect and whenever it changes',
        response: {
          200: z.string().describe('text/event-stream: `event: unread` and `data: {"unread": n}`, then comments'),
          ...errorResponses,
        },
      },
      preHandler: [guards.requireUser],
      handler: async (request, reply) => {
        const raw = reply.raw;
        // The first count is written after a database round trip, so the head below goes first.
        const opened = streams.open(currentUser(request).id, raw);
        if (opened === 'full') throw tooMany(NOTIFICATION_MESSAGES.tooManyStreams, 60);
        if (opened === 'closing') throw unavailable(NOTIFICATION_MESSAGES.streamClosing);
        reply.hijack();
        // The security headers set for this request, then the stream's own.
        for (const [name, value] of Object.entries(reply.getHeaders()))
          if (value !== undefined) raw.setHeader(name, value);
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          // Not kept alive once the stream ends: at shutdown the server has already closed its idle
          // connections when preClose ends the streams, and a kept one would hold the close open.
          connection: 'close',
        });
        raw.write('retry: 5000\n\n');
      },
    });

    app.route({
      ...routeOf(notificationCalls.unsubscribeView, {
        tags,
        summary: "What an e-mail's unsubscribe link stands for: the address (masked) and its e-mail choices",
      }),
      preHandler: [links],
      handler: async (request) =>
        ok([await inbox.unsubscribeView(request.query.token)], NOTIFICATION_MESSAGES.unsubscribeView, now()),
    });

    app.route({
      ...routeOf(notificationCalls.unsubscribe, {
        tags,
        summary: "From an e-mail's unsubscribe link: turn that kind of e-mail off, or set the e-mail choices",
      }),
      preHandler: [links],
      handler: async (request) => {
        const origin = { how: 'link' as const, ip: request.ip, userAgent: request.headers['user-agent'] };
        const { view, message } = await inbox.unsubscribe(request.body.token, origin, request.body.preferences);
        return ok([view], message, now());
      },
    });

    // RFC 8058 one-click: the mailbox provider POSTs `List-Unsubscribe=One-Click` to the link itself
    // (a form, multipart or nothing), without login. GET of the same address is the web app's page.
    await fastify.register(async (scope) => {
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      scope.route({
        method: 'POST',
        url: `${UNSUBSCRIBE_PAGE_PATH}/:token`,
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058): the List-Unsubscribe address of an e-mail',
          response: { 200: notificationCalls.unsubscribe.response, ...errorResponses },
        },
        handler: async (request) => {
          const { token } = request.params as { token: string };
          if (!UnsubscribeToken.safeParse(token).success)
            throw badRequest(NOTIFICATION_MESSAGES.unsubscribeLinkInvalid, [{ field: 'token', message: 'invalid' }]);
          const origin = { how: 'one-click' as const, ip: request.ip, userAgent: request.headers['user-agent'] };
          const { view, message } = await inbox.unsubscribe(token, origin);
          return ok([view], message, now());
        },
      });
    });
  };
}
