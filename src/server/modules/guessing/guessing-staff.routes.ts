// Staff guessing-game calls under /api/staff/guessing (decision 058), all behind requireStaff
// (viewers 403, visitors 401): list a show's questions, open one, close it early, reveal it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { guessStaffCalls } from '../../../shared/contract/guessing';
import { GUESS_MESSAGES } from '../../../shared/guess-messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { GuessingService } from './guessing.service';

const tags = ['staff guessing'];

export function staffGuessingRoutes(
  ctx: AppContext,
  guessing: GuessingService,
  guards: ReturnType<typeof sessionGuards>,
) {
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];

    app.route({
      ...routeOf(guessStaffCalls.list, {
        tags,
        summary: "A show's guessing questions, newest first, with their answers",
      }),
      preHandler,
      handler: async (request) => ok(await guessing.list(request.query.eventid), GUESS_MESSAGES.list, now()),
    });

    app.route({
      ...routeOf(guessStaffCalls.open, {
        tags,
        summary: 'Open a question in a live show; the answer is committed (SHA-256 with a salt) and published',
      }),
      preHandler,
      handler: async (request) =>
        ok([await guessing.open(currentUser(request).id, request.body)], GUESS_MESSAGES.opened, now()),
    });

    app.route({
      ...routeOf(guessStaffCalls.close, { tags, summary: 'Stop taking guesses now' }),
      preHandler,
      handler: async (request) => ok([await guessing.close(request.params.id)], GUESS_MESSAGES.closedEarly, now()),
    });

    app.route({
      ...routeOf(guessStaffCalls.reveal, {
        tags,
        summary: 'Reveal answer and salt, fix the winners, credit their points and tell the show chat (repeatable)',
      }),
      preHandler,
      handler: async (request) => ok([await guessing.reveal(request.params.id)], GUESS_MESSAGES.revealed, now()),
    });
  };
}
