// Special-event RSVPs with a quiz step (spec §7): the questions staff write, rsvpquiz_v1 (answers
// and RSVP in one step), checkifspecialeventsubmitted, specialeventemail, and the staff views.
import { z } from 'zod';
import { EmptyResponse } from './auth';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { bodyId, queryId } from './ids';
import { RsvpCheckResponse } from './rsvp';
import { EventIdParams } from './staff-events';

export const Question = z.object({ id: z.number().int(), prompt: z.string(), choices: z.array(z.string()) });
export type Question = z.infer<typeof Question>;
export const QuestionsQuery = z.object({ eventid: queryId('eventid') });
export const QuestionsResponse = envelopeOf(Question);

/** A question as staff see it: with its right answer (decision 061), which no viewer call carries. */
export const StaffQuestion = Question.extend({ right_answer: z.string().nullable() });
export type StaffQuestion = z.infer<typeof StaffQuestion>;
export const StaffQuestionsResponse = envelopeOf(StaffQuestion);

export const SetQuestionsRequest = z.object({
  questions: z
    .array(
      z
        .object({
          prompt: z
            .string()
            .trim()
            .min(1, 'Every question needs its text.')
            .max(300, 'Keep a question under 300 characters.'),
          choices: z
            .array(z.string().trim().min(1).max(100))
            .max(8, 'At most 8 choices.')
            .default([])
            .refine((c) => c.length === 0 || c.length >= 2, 'Give at least two choices, or none for a free answer.'),
          /** The choice that earns the quiz points; none (null or left out) for a question without one. */
          right_answer: z
            .string()
            .trim()
            .max(100)
            .nullish()
            .transform((answer) => answer || null),
        })
        .superRefine((question, ctx) => {
          if (question.right_answer !== null && !question.choices.includes(question.right_answer))
            ctx.addIssue({
              code: 'custom',
              path: ['right_answer'],
              message: 'The right answer must be one of the choices.',
            });
        }),
    )
    .min(1, 'Add at least one question.')
    .max(10, 'At most 10 questions.'),
});
export type SetQuestionsRequest = z.input<typeof SetQuestionsRequest>;

export const QuizRequest = z.object({
  eventid: bodyId('eventid'),
  answers: z
    .array(
      z.object({
        question_id: bodyId('question_id'),
        answer: z
          .string()
          .trim()
          .min(1, 'Please answer every question.')
          .max(500, 'Keep an answer under 500 characters.'),
      }),
    )
    .max(10),
});
export type QuizRequest = z.input<typeof QuizRequest>;

export const QuizResult = z.object({ exists: z.boolean(), eventid: z.number().int() });
export type QuizResult = z.infer<typeof QuizResult>;
export const QuizResultResponse = envelopeOf(QuizResult);

export const SpecialEventEmailRequest = z.object({ eventid: bodyId('eventid') });

export const QuizSubmission = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
  answers: z.array(z.object({ question_id: z.number().int(), prompt: z.string(), answer: z.string() })),
});
export type QuizSubmission = z.infer<typeof QuizSubmission>;
export const QuizSubmissionsResponse = envelopeOf(QuizSubmission);

export const quizCalls = {
  /** eventquestions: a special event's questions, in the order staff set them. */
  questions: defineCall({
    method: 'GET',
    path: '/api/eventquestions',
    query: QuestionsQuery,
    response: QuestionsResponse,
  }),
  /** rsvpquiz_v1 (token): the answers and the RSVP in one step, once; 409 when already answered. */
  submit: defineCall({ method: 'POST', path: '/api/rsvpquiz_v1', body: QuizRequest, response: QuizResultResponse }),
  /** checkifspecialeventsubmitted (token): data[0].exists once the viewer has answered. */
  submitted: defineCall({
    method: 'GET',
    path: '/api/checkifspecialeventsubmitted',
    query: QuestionsQuery,
    response: RsvpCheckResponse,
  }),
  /** specialeventemail (token): the confirmation and calendar file again, 3 an hour. */
  resendEmail: defineCall({
    method: 'POST',
    path: '/api/specialeventemail',
    body: SpecialEventEmailRequest,
    response: EmptyResponse,
  }),
  /** Staff: a special event's questions with their right answers. */
  staffQuestions: defineCall({
    method: 'GET',
    path: '/api/staff/events/:id/questions',
    params: EventIdParams,
    response: StaffQuestionsResponse,
  }),
  /** Staff: replace a special event's questions and right answers, until the first viewer answers. */
  setQuestions: defineCall({
    method: 'POST',
    path: '/api/staff/events/:id/questions',
    params: EventIdParams,
    body: SetQuestionsRequest,
    response: StaffQuestionsResponse,
  }),
  /** Staff: every viewer's answers for a special event. */
  submissions: defineCall({
    method: 'GET',
    path: '/api/staff/events/:id/answers',
    params: EventIdParams,
    response: QuizSubmissionsResponse,
  }),
};
