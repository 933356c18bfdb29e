// guesscrtdata_v1 and guessdata_v1 (decision 058): a viewer's one guess and a show's current
// question. Policy only: who may call; the rules are in guessing.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATUS } from '../../../shared/contract/envelope';
import { guessCalls } from '../../../shared/contract/guessing';
import { GUESS_MESSAGES } from '../../../shared/guess-messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { OPTIONAL_TOKEN, routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { GuessingService } from './guessing.service';

const tags = ['guessing'];

export function guessingRoutes(ctx: AppContext, guessing: GuessingService, guards: ReturnType<typeof sessionGuards>) {
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(guessCalls.guess, {
        tags,
        summary: 'Guess the answer to a show question (one guess per viewer; 409 with the guess already made)',
      }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        const { questionid, guess } = request.body;
        const result = await guessing.guess(currentUser(request), questionid, guess);
        if (!result.created) throw new AppError(409, GUESS_MESSAGES.alreadyGuessed, STATUS.error, [result.guess]);
        return ok([result.guess], GUESS_MESSAGES.guessed, now());
      },
    });

    app.route({
      ...routeOf(guessCalls.current, {
        tags,
        summary:
          "A show's current question: its commitment and closing time, your guess, and after the reveal the answer, salt and winners",
        security: OPTIONAL_TOKEN,
      }),
      handler: async (request) => {
        const user = await guards.callerOf(request).user();
        const question = await guessing.current(request.query.eventid, user);
        return question ? ok([question], GUESS_MESSAGES.current, now()) : ok([], GUESS_MESSAGES.noQuestion, now());
      },
    });
  };
}
