// The producer console's calls under /api/staff/console (decision 080), all behind requireStaff
// (viewers 403, visitors 401): the snapshot, the on-air actions, the rundown edits and the event
// stream of counters and changes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONSOLE_MESSAGES,
  CONSOLE_STREAM_PATH,
  ConsoleParams,
  type ConsoleAction,
  consoleCalls as calls,
} from '../../../shared/contract/console';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { unavailable } from '../../http/errors';
import { errorResponses, routeOf } from '../../http/route';
import { assertStepUp, currentUser, type sessionGuards } from '../../http/session';
import type { PubSub } from '../../platform/pubsub';
import { createConsoleStreams, publishChange, STREAM_CLOSING, type ConsoleStreams } from './console-stream';
import { createConsoleService, type ConsoleDeps, type ConsoleService } from './console.service';

const tags = ['staff'];

/** Whether a console action draws a winner: it asks for a second factor from the last 10 minutes (decision 086). */
function drawsAWinner(action: ConsoleAction): boolean {
  return (
    action.action === 'draw' || action.action === 'respin' || (action.action === 'forfeit' && action.redraw !== false)
  );
}

export function consoleRoutes(
  ctx: AppContext,
  console: ConsoleService,
  streams: ConsoleStreams,
  guards: ReturnType<typeof sessionGuards>,
) {
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];
    // Open streams would hold the server's close: ended before the pub/sub and the database go.
    fastify.addHook('preClose', () => streams.close());

    app.route({
      ...routeOf(calls.snapshot, { tags, summary: 'Everything the console shows of a show, read once' }),
      preHandler,
      handler: async (request) =>
        ok([await console.snapshot(request.params.eventid)], CONSOLE_MESSAGES.snapshot, now()),
    });

    app.route({
      ...routeOf(calls.act, { tags, summary: 'One on-air action, logged with who took it; answers the new snapshot' }),
      preHandler,
      handler: async (request) => {
        if (drawsAWinner(request.body)) assertStepUp(request, now().getTime());
        return ok(
          [await console.act(currentUser(request), request.params.eventid, request.body)],
          CONSOLE_MESSAGES.done,
          now(),
        );
      },
    });

    app.route({
      ...routeOf(calls.addSegment, { tags, summary: 'Add a segment at the end of the rundown' }),
      preHandler,
      handler: async (request) =>
        ok(
          [await console.addSegment(currentUser(request), request.params.eventid, request.body)],
          CONSOLE_MESSAGES.done,
          now(),
        ),
    });

    app.route({
      ...routeOf(calls.updateSegment, { tags, summary: 'Edit a segment of the rundown' }),
      preHandler,
      handler: async (request) => {
        const { eventid, segmentid } = request.params;
        return ok(
          [await console.updateSegment(currentUser(request), eventid, segmentid, request.body)],
          CONSOLE_MESSAGES.done,
          now(),
        );
      },
    });

    app.route({
      ...routeOf(calls.deleteSegment, { tags, summary: 'Delete a segment (the current one leaves none running)' }),
      preHandler,
      handler: async (request) => {
        const { eventid, segmentid } = request.params;
        return ok(
          [await console.deleteSegment(currentUser(request), eventid, segmentid)],
          CONSOLE_MESSAGES.done,
          now(),
        );
      },
    });

    app.route({
      ...routeOf(calls.reorder, { tags, summary: 'Put the rundown in a new order (every segment once)' }),
      preHandler,
      handler: async (request) =>
        ok(
          [await console.reorder(currentUser(request), request.params.eventid, request.body)],
          CONSOLE_MESSAGES.done,
          now(),
        ),
    });

    app.route({
      method: 'GET',
      url: CONSOLE_STREAM_PATH,
      schema: {
        tags,
        summary:
          'The console as an event stream (send the token header; read it with fetch): ' +
          '`event: counters` (a ConsoleTick) at once and every 2 s, `event: changed` when anyone acts',
        params: ConsoleParams,
        response: {
          200: z.string().describe('text/event-stream: `counters` and `changed` events, then comments'),
          ...errorResponses,
        },
      },
      preHandler,
      handler: async (request, reply) => {
        const eventId = request.params.eventid;
        await console.showOf(eventId);
        const raw = reply.raw;
        if (streams.open(eventId, raw) === 'closing') throw unavailable(STREAM_CLOSING);
        reply.hijack();
        for (const [name, value] of Object.entries(reply.getHeaders()))
          if (value !== undefined) raw.setHeader(name, value);
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          // Not kept alive once the stream ends, so a closing server is not held open (as the unread stream).
          connection: 'close',
        });
        raw.write('retry: 5000\n\n');
      },
    });
  };
}

/**
 * The console's routes with their service and streams, built from the services it dispatches to;
 * the streams are handed back too, so the app can count them in its metrics.
 */
export function consoleRoutesFor(
  ctx: AppContext,
  pubsub: PubSub,
  guards: ReturnType<typeof sessionGuards>,
  deps: Omit<ConsoleDeps, 'changed'>,
) {
  const service = createConsoleService(ctx, {
    ...deps,
    changed: (eventId, change) => publishChange(pubsub, ctx.log, eventId, change),
  });
  const streams = createConsoleStreams(pubsub, service.pulse, service.sample, ctx.log);
  return { routes: consoleRoutes(ctx, service, streams, guards), streams };
}
