// Staff rehearsal calls (decision 084), behind requireStaff (viewers 403, visitors 401): start a
// rehearsal of a show, and end one by its private copy's id. Left-over rehearsals end at start-up
// and, once their driver has gone quiet, at any process's next beat.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSOLE_MESSAGES, consoleCalls as calls } from '../../../shared/contract/console';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import { DRIVER_BEAT_MS, type RehearsalService } from './rehearsal.service';

const tags = ['staff'];

export function rehearsalRoutes(
  ctx: AppContext,
  rehearsals: RehearsalService,
  guards: ReturnType<typeof sessionGuards>,
) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];
    const now = () => ctx.clock.now();

    const ended = await rehearsals.endLeftOver();
    if (ended) ctx.log.info({ ended }, 'ended rehearsals left running by an earlier process');
    // Several processes (decision 093), on each of them: the rehearsals driven here are stamped, so
    // other processes leave them be, and one whose driver stopped stamping (it crashed) is ended.
    let isBeating = false;
    const beatOnce = async () => {
      if (isBeating) return;
      isBeating = true;
      try {
        await rehearsals.beat();
        const endedNow = await rehearsals.endLeftOver();
        if (endedNow) ctx.log.info({ ended: endedNow }, 'ended rehearsals whose driving process went quiet');
      } catch (error: unknown) {
        ctx.log.warn({ err: error }, 'rehearsal beat failed');
      } finally {
        isBeating = false;
      }
    };
    const beat = setInterval(() => void beatOnce(), DRIVER_BEAT_MS);
    beat.unref();
    // Closed before the app's own onClose closes the database: no audience tick outlives the pool.
    fastify.addHook('onClose', async () => {
      clearInterval(beat);
      await rehearsals.stopAll();
    });

    app.route({
      ...routeOf(calls.startRehearsal, {
        tags,
        summary:
          'Start a rehearsal: a private copy of the show, live now, with a scripted audience of synthetic viewers',
      }),
      preHandler,
      handler: async (request) =>
        ok(
          [await rehearsals.start(currentUser(request), request.params.eventid, request.body)],
          CONSOLE_MESSAGES.rehearsalStarted,
          now(),
        ),
    });

    app.route({
      ...routeOf(calls.endRehearsal, {
        tags,
        summary: 'End a rehearsal (by its private copy): the audience stops and every row it made is deleted',
      }),
      preHandler,
      handler: async (request) =>
        ok([await rehearsals.end(request.params.eventid)], CONSOLE_MESSAGES.rehearsalEnded, now()),
    });
  };
}
