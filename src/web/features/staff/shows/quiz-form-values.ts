// The quiz editor's values and how they become the contract's SetQuestionsRequest: each question's
// choices are typed one per line (none for a free answer).
import { z } from 'zod';
import { type Question, SetQuestionsRequest } from '../../../../shared/contract/quiz';

export type QuizFormValues = { questions: { prompt: string; choices: string }[] };

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const QuizFormSchema = z
  .object({ questions: z.array(z.object({ prompt: z.string(), choices: z.string() })) })
  .transform((values, ctx) => {
    const request = SetQuestionsRequest.safeParse({
      questions: values.questions.map((q) => ({ prompt: q.prompt, choices: lines(q.choices) })),
    });
    if (request.success) return request.data;
    // A problem with one choice belongs to the box that holds them all.
    for (const issue of request.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path.slice(0, 3), message: issue.message });
    return z.NEVER;
  });

export const blankQuestion = () => ({ prompt: '', choices: '' });

export function quizValues(questions: Question[]): QuizFormValues {
  return {
    questions: questions.length
      ? questions.map((q) => ({ prompt: q.prompt, choices: q.choices.join('\n') }))
      : [blankQuestion()],
  };
}
