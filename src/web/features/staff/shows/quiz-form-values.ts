// The quiz editor's values and how they become the contract's SetQuestionsRequest: each question's
// choices are typed one per line (none for a free answer); its right answer is one of them, or '' for none.
import { z } from 'zod';
import { SetQuestionsRequest, type StaffQuestion } from '../../../../shared/contract/quiz';

export type QuizFormValues = { questions: { prompt: string; choices: string; right_answer: string }[] };

export const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const QuizFormSchema = z
  .object({ questions: z.array(z.object({ prompt: z.string(), choices: z.string(), right_answer: z.string() })) })
  .transform((values, ctx) => {
    const request = SetQuestionsRequest.safeParse({
      questions: values.questions.map((q) => ({
        prompt: q.prompt,
        choices: lines(q.choices),
        right_answer: q.right_answer.trim() || null,
      })),
    });
    if (request.success) return request.data;
    // A problem with one choice belongs to the box that holds them all.
    for (const issue of request.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path.slice(0, 3), message: issue.message });
    return z.NEVER;
  });

export const blankQuestion = () => ({ prompt: '', choices: '', right_answer: '' });

export function quizValues(questions: StaffQuestion[]): QuizFormValues {
  return {
    questions: questions.length
      ? questions.map((q) => ({ prompt: q.prompt, choices: q.choices.join('\n'), right_answer: q.right_answer ?? '' }))
      : [blankQuestion()],
  };
}
