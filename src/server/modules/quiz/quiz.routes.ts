// Special-event calls: eventquestions, rsvpquiz_v1, checkifspecialeventsubmitted,
// specialeventemail, and the staff question editor and answer list.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyResponse } from '../../../shared/contract/auth';
import { ErrorEnvelope } from '../../../shared/contract/envelope';
import { QuestionsQuery, QuestionsResponse, QuizRequest, QuizResultResponse, QuizSubmissionsResponse, SetQuestionsRequest, SpecialEventEmailRequest } from '../../../shared/contract/quiz';
import { RsvpCheckResponse } from '../../../shared/contract/rsvp';
import { EventIdParams } from '../../../shared/contract/staff-events';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, type sessionGuards } from '../../http/session';
import type { QuizService } from './quiz.service';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const tags = ['special events'];

export function quizRoutes(ctx: AppContext, quiz: QuizService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const preHandler = guards.requireUser;
    const now = () => ctx.clock.now();

    app.get('/api/eventquestions', { schema: { tags, summary: "A special event's questions", querystring: QuestionsQuery, response: { 200: QuestionsResponse, ...errors } } }, async (request) => {
      return ok(await quiz.questions(request.query.eventid), MESSAGES.ok, now());
    });

    app.post('/api/rsvpquiz_v1', { preHandler, schema: { tags, summary: 'Answer the questions and RSVP to a special event, once', body: QuizRequest, response: { 200: QuizResultResponse, ...errors } } }, async (request) => {
      await quiz.submit(currentUser(request), request.body);
      return ok([{ exists: true, eventid: request.body.eventid }], MESSAGES.quizSaved, now());
    });

    app.get('/api/checkifspecialeventsubmitted', { preHandler, schema: { tags, summary: 'Whether the viewer has answered the questions', querystring: QuestionsQuery, response: { 200: RsvpCheckResponse, ...errors } } }, async (request) => {
      return ok([{ exists: await quiz.submitted(currentUser(request).id, request.query.eventid) }], MESSAGES.ok, now());
    });

    app.post('/api/specialeventemail', { preHandler, schema: { tags, summary: 'E-mail the special event details (and calendar file) again', body: SpecialEventEmailRequest, response: { 200: EmptyResponse, ...errors } } }, async (request) => {
      await quiz.resendEmail(currentUser(request), request.body.eventid);
      return ok([], MESSAGES.specialEmailSent, now());
    });

    app.post('/api/staff/events/:id/questions', { preHandler: guards.requireStaff, schema: { tags: ['staff'], summary: "Replace a special event's questions (until someone answers)", params: EventIdParams, body: SetQuestionsRequest, response: { 200: QuestionsResponse, ...errors } } }, async (request) => {
      return ok(await quiz.setQuestions(request.params.id, request.body), MESSAGES.questionsSaved, now());
    });

    app.get('/api/staff/events/:id/answers', { preHandler: guards.requireStaff, schema: { tags: ['staff'], summary: 'Every viewer’s answers for a special event', params: EventIdParams, response: { 200: QuizSubmissionsResponse, ...errors } } }, async (request) => {
      return ok(await quiz.submissions(request.params.id), MESSAGES.ok, now());
    });
  };
}
