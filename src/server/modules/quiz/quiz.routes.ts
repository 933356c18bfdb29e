// Special-event calls: eventquestions, rsvpquiz_v1, checkifspecialeventsubmitted,
// specialeventemail, and the staff question editor (with right answers) and answer list.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { quizCalls } from '../../../shared/contract/quiz';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { byUser, rateLimit } from '../../http/rate-limit';
import { OPTIONAL_TOKEN, routeOf } from '../../http/route';
import { currentUser, type sessionGuards } from '../../http/session';
import type { QuizService } from './quiz.service';

export function quizRoutes(ctx: AppContext, quiz: QuizService, guards: ReturnType<typeof sessionGuards>) {
  const tags = ['special events'];
  const staffTags = ['staff'];
  const now = () => ctx.clock.now();
  // Each resend is an e-mail with an attachment: a viewer may ask three times an hour.
  const resendLimit = rateLimit(ctx.limiter, { name: 'special-email', limit: 3, windowMs: 60 * 60_000, key: byUser });
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(quizCalls.questions, { tags, security: OPTIONAL_TOKEN, summary: "A special event's questions" }),
      handler: async (request) =>
        ok(await quiz.questions(request.query.eventid, guards.callerOf(request)), MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(quizCalls.submit, { tags, summary: 'Answer the questions and RSVP to a special event, once' }),
      preHandler: [guards.requireUser],
      handler: async (request) => {
        await quiz.submit(currentUser(request), request.body);
        return ok([{ exists: true, eventid: request.body.eventid }], MESSAGES.quizSaved, now());
      },
    });

    app.route({
      ...routeOf(quizCalls.submitted, { tags, summary: 'Whether the viewer has answered the questions' }),
      preHandler: [guards.requireUser],
      handler: async (request) =>
        ok([{ exists: await quiz.submitted(currentUser(request).id, request.query.eventid) }], MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(quizCalls.resendEmail, {
        tags,
        summary: 'E-mail the special event details (and calendar file) again; 3 an hour',
      }),
      preHandler: [guards.requireUser, resendLimit],
      handler: async (request) => {
        await quiz.resendEmail(currentUser(request), request.body.eventid);
        return ok([], MESSAGES.specialEmailSent, now());
      },
    });

    app.route({
      ...routeOf(quizCalls.staffQuestions, {
        tags: staffTags,
        summary: "A special event's questions with their right answers",
      }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok(await quiz.staffQuestions(request.params.id), MESSAGES.ok, now()),
    });

    app.route({
      ...routeOf(quizCalls.setQuestions, {
        tags: staffTags,
        summary: "Replace a special event's questions (until someone answers)",
      }),
      preHandler: [guards.requireStaff],
      handler: async (request) =>
        ok(await quiz.setQuestions(request.params.id, request.body), MESSAGES.questionsSaved, now()),
    });

    app.route({
      ...routeOf(quizCalls.submissions, { tags: staffTags, summary: 'Every viewer’s answers for a special event' }),
      preHandler: [guards.requireStaff],
      handler: async (request) => ok(await quiz.submissions(request.params.id), MESSAGES.ok, now()),
    });
  };
}
