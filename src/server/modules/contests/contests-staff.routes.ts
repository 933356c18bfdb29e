// Staff contest calls under /api/staff/contests (decision 062), all behind requireStaff (viewers
// 403, visitors 401): list, get, create, update, the moderation queue and its reviews, close, log.
// The vote review (votes, voidVotes) is the contest-votes module's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contestStaffCalls } from '../../../shared/contract/contests';
import { CONTEST_MESSAGES } from '../../../shared/contest-messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { StaffContestsService } from './contests-staff.service';

const tags = ['staff contests'];

export function staffContestRoutes(
  ctx: AppContext,
  contests: StaffContestsService,
  guards: ReturnType<typeof sessionGuards>,
) {
  const now = () => ctx.clock.now();
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = [guards.requireStaff];

    app.route({
      ...routeOf(contestStaffCalls.list, {
        tags,
        summary: 'Every contest with its queue and vote counts, newest first',
      }),
      preHandler,
      handler: async () => ok(await contests.list(), CONTEST_MESSAGES.staffList, now()),
    });

    app.route({
      ...routeOf(contestStaffCalls.get, { tags, summary: 'One contest with its queue and vote counts' }),
      preHandler,
      handler: async (request) => ok([await contests.get(request.params.id)], CONTEST_MESSAGES.staffContest, now()),
    });

    app.route({
      ...routeOf(contestStaffCalls.create, {
        tags,
        summary: 'Create a contest: windows in order, rules sanitised, an optional show, prizes',
      }),
      preHandler,
      handler: async (request) =>
        ok([await contests.create(currentUser(request), request.body)], CONTEST_MESSAGES.created, now()),
    });

    app.route({
      ...routeOf(contestStaffCalls.update, { tags, summary: 'Edit a contest (409 once its results are fixed)' }),
      preHandler,
      handler: async (request) =>
        ok(
          [await contests.update(currentUser(request), request.params.id, request.body)],
          CONTEST_MESSAGES.updated,
          now(),
        ),
    });

    app.route({
      ...routeOf(contestStaffCalls.queue, { tags, summary: 'Entries in a state, with the count of every state' }),
      preHandler,
      handler: async (request) =>
        ok([await contests.queue(request.params.id, request.query.state)], CONTEST_MESSAGES.queue, now()),
    });

    app.route({
      ...routeOf(contestStaffCalls.review, {
        tags,
        summary: 'Approve or reject entries, all or none (a reason to reject); each is logged',
      }),
      preHandler,
      handler: async (request) =>
        ok(
          [await contests.review(currentUser(request), request.params.id, request.body)],
          CONTEST_MESSAGES.reviewed,
          now(),
        ),
    });

    app.route({
      ...routeOf(contestStaffCalls.close, { tags, summary: 'Close voting now and fix the results (once)' }),
      preHandler,
      handler: async (request) =>
        ok([await contests.close(currentUser(request), request.params.id)], CONTEST_MESSAGES.closed, now()),
    });

    app.route({
      ...routeOf(contestStaffCalls.log, { tags, summary: "The contest's log, newest first" }),
      preHandler,
      handler: async (request) => ok(await contests.log(request.params.id), CONTEST_MESSAGES.log, now()),
    });
  };
}
