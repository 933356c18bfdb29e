// Special-event quizzes: staff write the questions and their right answers; a viewer's answers, RSVP
// and quiz points (all right, decision 061) are stored in one transaction, once; the confirmation
// e-mail can be sent again on request (its rate is the route's). A private special event is as
// missing to a viewer who may not see it (decision 051).
import type { z } from 'zod';
import type {
  Question,
  QuizRequest,
  QuizSubmission,
  SetQuestionsRequest,
  StaffQuestion,
} from '../../../shared/contract/quiz';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { createEventAccess, type Caller } from '../event-access/event-access.service';
import { eventsRepository } from '../events/events.repository';
import { createEarningService } from '../rewards/earning.service';
import { rsvpConfirmationMail } from '../rsvp/rsvp.mail';
import { rsvpRepository } from '../rsvp/rsvp.repository';
import { quizRepository } from './quiz.repository';

function parseChoices(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Whether a viewer's answers earn the quiz points (decision 061): the event has at least one question
 * with a right answer, and every such question was answered with it. Questions without one do not count.
 */
export function answersAllRight(asked: readonly StaffQuestion[], given: ReadonlyMap<number, string>): boolean {
  const marked = asked.filter((q) => q.right_answer !== null);
  return marked.length > 0 && marked.every((q) => given.get(q.id) === q.right_answer);
}

export function createQuizService(ctx: AppContext) {
  const { db, clock, config } = ctx;
  const access = createEventAccess(ctx);
  const earning = createEarningService(ctx);

  /** The special event; for a viewer's call (`viewer` given), a private one only if they may see it. */
  async function specialEvent(eventId: number, viewer?: UserRow) {
    const event = await eventsRepository.byId(db, eventId);
    if (!event || (viewer && !(await access.seenBy(event, viewer)))) throw notFound(MESSAGES.eventNotFound);
    if (event.type !== 'specialshow') throw new AppError(422, MESSAGES.quizNotSpecial);
    return event;
  }

  /** The questions with their right answers: for staff and for marking, never for a viewer's call. */
  async function staffQuestions(eventId: number): Promise<StaffQuestion[]> {
    const rows = await quizRepository.questions(db, eventId);
    return rows.map((r) => ({
      id: r.id,
      prompt: r.prompt,
      choices: parseChoices(r.choices),
      right_answer: r.right_answer,
    }));
  }

  /** The questions as viewers see them: the right answer is left out here, not only by the contract. */
  async function questions(eventId: number): Promise<Question[]> {
    return (await staffQuestions(eventId)).map(({ id, prompt, choices }) => ({ id, prompt, choices }));
  }

  function confirm(user: UserRow, event: Awaited<ReturnType<typeof specialEvent>>) {
    ctx.sendMail(
      rsvpConfirmationMail(user.email, user.first_name, event, config.site.brand, config.publicUrl, clock.now()),
    );
  }

  return {
    questions: async (eventId: number, caller: Caller) => {
      await access.visible(eventId, await eventsRepository.byId(db, eventId), caller, MESSAGES.eventNotFound);
      return questions(eventId);
    },

    hasQuestions: (eventId: number): Promise<boolean> => quizRepository.hasQuestions(db, eventId),

    /** Staff: the questions with their right answers. */
    async staffQuestions(eventId: number): Promise<StaffQuestion[]> {
      await specialEvent(eventId);
      return staffQuestions(eventId);
    },

    async setQuestions(eventId: number, input: z.output<typeof SetQuestionsRequest>): Promise<StaffQuestion[]> {
      await specialEvent(eventId);
      await db.transaction().execute(async (trx) => {
        if (await quizRepository.hasAnswers(trx, eventId)) throw conflict(MESSAGES.questionsLocked);
        await quizRepository.replaceQuestions(trx, eventId, input.questions);
      });
      return staffQuestions(eventId);
    },

    async submit(user: UserRow, input: z.output<typeof QuizRequest>): Promise<void> {
      const event = await specialEvent(input.eventid, user);
      const now = clock.now().toISOString();
      if (event.cust_end <= now) throw new AppError(422, MESSAGES.rsvpClosed);
      const asked = await staffQuestions(event.id);
      const given = new Map(input.answers.map((a) => [a.question_id, a.answer]));
      if (given.size !== input.answers.length || asked.some((q) => !given.has(q.id)) || given.size !== asked.length)
        throw badRequest(MESSAGES.quizIncomplete);
      const issues = asked
        .filter((q) => q.choices.length && !q.choices.includes(given.get(q.id) ?? ''))
        .map((q) => ({ field: `answers.${q.id}`, message: `Choose one of the answers offered for "${q.prompt}".` }));
      if (issues.length) throw badRequest(issues[0]!.message, issues);
      const answers = asked.map((q) => ({ question_id: q.id, prompt: q.prompt, answer: given.get(q.id) ?? '' }));
      try {
        await db.transaction().execute(async (trx) => {
          await quizRepository.insertAnswers(trx, event.id, user.id, JSON.stringify(answers), now);
          await rsvpRepository.insertIfAbsent(trx, user.id, event.id, now);
          // The RSVP earns its points as any RSVP does (the ledger's key keeps it to one).
          await earning.rsvp(trx, user.id, event.id);
          // Questions cannot change once answered, so these are the questions this viewer saw.
          if (answersAllRight(asked, given)) await earning.quiz(trx, user.id, event.id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.quizAlready);
        throw error;
      }
      confirm(user, event);
    },

    submitted: (userId: number, eventId: number): Promise<boolean> => quizRepository.hasAnswered(db, userId, eventId),

    /** Sends the event's confirmation again to a viewer who is on its list. */
    async resendEmail(user: UserRow, eventId: number): Promise<void> {
      const event = await specialEvent(eventId, user);
      if (!(await rsvpRepository.exists(db, user.id, eventId))) throw new AppError(422, MESSAGES.quizFirst);
      confirm(user, event);
    },

    async submissions(eventId: number): Promise<QuizSubmission[]> {
      if (!(await eventsRepository.byId(db, eventId))) throw notFound(MESSAGES.eventNotFound);
      const rows = await quizRepository.submissions(db, eventId);
      return rows.map((r) => {
        const parsed: unknown = JSON.parse(r.answers);
        const answers = Array.isArray(parsed)
          ? parsed.filter(
              (a): a is QuizSubmission['answers'][number] =>
                typeof a === 'object' && a !== null && 'question_id' in a && 'prompt' in a && 'answer' in a,
            )
          : [];
        return {
          user_id: r.user_id,
          name: `${r.first_name} ${r.last_name}`,
          email: r.email,
          created_at: r.created_at,
          answers,
        };
      });
    },
  };
}
export type QuizService = ReturnType<typeof createQuizService>;
