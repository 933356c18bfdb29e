// Special-event RSVPs with a quiz step (spec §7): the questions staff write, rsvpquiz_v1 (answers
// and RSVP in one step), checkifspecialeventsubmitted, specialeventemail, and the staff views.
import { z } from 'zod';
import { envelopeOf } from './envelope';

const eventId = z.coerce.number({ error: 'eventid is a number.' }).int().positive('eventid is a number.');

export const Question = z.object({ id: z.number().int(), prompt: z.string(), choices: z.array(z.string()) });
export type Question = z.infer<typeof Question>;
export const QuestionsQuery = z.object({ eventid: eventId });
export const QuestionsResponse = envelopeOf(Question);

export const SetQuestionsRequest = z.object({
  questions: z
    .array(
      z.object({
        prompt: z.string().trim().min(1, 'Every question needs its text.').max(300, 'Keep a question under 300 characters.'),
        choices: z.array(z.string().trim().min(1).max(100)).max(8, 'At most 8 choices.').default([]).refine((c) => c.length === 0 || c.length >= 2, 'Give at least two choices, or none for a free answer.'),
      }),
    )
    .min(1, 'Add at least one question.')
    .max(10, 'At most 10 questions.'),
});
export type SetQuestionsRequest = z.input<typeof SetQuestionsRequest>;

export const QuizRequest = z.object({
  eventid: eventId,
  answers: z.array(z.object({ question_id: z.number().int().positive(), answer: z.string().trim().min(1, 'Please answer every question.').max(500, 'Keep an answer under 500 characters.') })).max(10),
});
export type QuizRequest = z.input<typeof QuizRequest>;

export const QuizResult = z.object({ exists: z.boolean(), eventid: z.number().int() });
export const QuizResultResponse = envelopeOf(QuizResult);

export const SpecialEventEmailRequest = z.object({ eventid: eventId });

export const QuizSubmission = z.object({ user_id: z.number().int(), name: z.string(), email: z.string(), created_at: z.string(), answers: z.array(z.object({ question_id: z.number().int(), prompt: z.string(), answer: z.string() })) });
export type QuizSubmission = z.infer<typeof QuizSubmission>;
export const QuizSubmissionsResponse = envelopeOf(QuizSubmission);
