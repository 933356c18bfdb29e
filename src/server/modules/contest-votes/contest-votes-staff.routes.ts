// Staff vote review under /api/staff/contests/:id/votes (decision 063), behind requireStaff
// (visitors 401, viewers 403): an entry's timeline, flags and votes, and voiding votes with a reason.
// There is no call that edits a count.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contestStaffCalls } from '../../../shared/contract/contests';
import { CONTEST_VOTE_MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { ContestVotesStaffService } from './contest-votes-staff.service';

const tags = ['staff contests'];

export function staffContestVotesRoutes(
  ctx: AppContext,
  review: ContestVotesStaffService,
  guards: ReturnType<typeof sessionGuards>,
) {
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];

    app.route({
      ...routeOf(contestStaffCalls.votes, {
        tags,
        summary:
          "An entry's votes: per-minute timeline (votes and voided), fairness flags and every vote, newest first",
      }),
      preHandler,
      handler: async (request) =>
        ok([await review.review(request.params.id, request.query.submissionid)], CONTEST_VOTE_MESSAGES.review, now()),
    });

    app.route({
      ...routeOf(contestStaffCalls.voidVotes, {
        tags,
        summary:
          "Void votes of one entry with a reason (all or none; logged); refused once the results are fixed. Answers the entry's review",
      }),
      preHandler,
      handler: async (request) => {
        const result = await review.voidVotes(currentUser(request), request.params.id, request.body);
        return ok([result.review], CONTEST_VOTE_MESSAGES.voided, now());
      },
    });
  };
}
