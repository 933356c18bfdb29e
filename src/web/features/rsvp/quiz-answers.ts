// The special-event quiz as a form: one field per question, every one required, a chosen answer
// one of those offered, a written one at most 500 characters (the server's own limits).
import type { Question, QuizRequest } from '../../../shared/contract/quiz';

export const ANSWER_MAX_LENGTH = 500;

/** Form values, keyed by questionField(): what the viewer picked or wrote. */
export type QuizValues = Record<string, string | undefined>;

export const questionField = (question: Pick<Question, 'id'>) => `q${question.id}`;

/** The form field a server problem names ('answers.12' → 'q12'), or null for another field. */
export function fieldOfIssue(issueField: string): string | null {
  const match = /^answers\.(\d+)$/.exec(issueField);
  return match ? `q${match[1]}` : null;
}

/** What is wrong with one answer, in words, or null when it will do. */
export function answerProblem(question: Question, value: string | undefined): string | null {
  const answer = value?.trim() ?? '';
  if (question.choices.length > 0) {
    if (!answer) return 'Please choose an answer.';
    return question.choices.includes(answer) ? null : 'Please choose one of the answers offered.';
  }
  if (!answer) return 'Please write an answer.';
  if (answer.length > ANSWER_MAX_LENGTH)
    return `Please keep your answer under ${ANSWER_MAX_LENGTH} characters (it has ${answer.length}).`;
  return null;
}

/** Every question's problem, keyed by its field; empty when the quiz can be sent. */
export function quizProblems(questions: readonly Question[], values: QuizValues): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const question of questions) {
    const problem = answerProblem(question, values[questionField(question)]);
    if (problem) problems[questionField(question)] = problem;
  }
  return problems;
}

/** The rsvpquiz_v1 body: the answers in the order asked, trimmed. */
export function quizRequest(eventId: number, questions: readonly Question[], values: QuizValues): QuizRequest {
  return {
    eventid: eventId,
    answers: questions.map((question) => ({
      question_id: question.id,
      answer: values[questionField(question)]?.trim() ?? '',
    })),
  };
}
