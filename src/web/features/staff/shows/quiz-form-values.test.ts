import { describe, expect, it } from 'vitest';
import { QuizFormSchema, quizValues } from './quiz-form-values';

function issuesOf(input: unknown): Record<string, string> {
  const result = QuizFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the quiz editor', () => {
  it('sends one choice per line, without the blank lines', () => {
    expect(
      QuizFormSchema.parse({
        questions: [
          { prompt: 'Favourite stone?', choices: 'Ruby\n\n  Emerald \n' },
          { prompt: 'Why?', choices: '' },
        ],
      }),
    ).toEqual({
      questions: [
        { prompt: 'Favourite stone?', choices: ['Ruby', 'Emerald'] },
        { prompt: 'Why?', choices: [] },
      ],
    });
  });

  it('puts the contract’s messages on the question they are about', () => {
    expect(
      issuesOf({
        questions: [
          { prompt: 'Ok?', choices: 'Yes' },
          { prompt: ' ', choices: '' },
        ],
      }),
    ).toEqual({
      'questions.0.choices': 'Give at least two choices, or none for a free answer.',
      'questions.1.prompt': 'Every question needs its text.',
    });
    expect(issuesOf({ questions: [{ prompt: 'Long?', choices: `a\n${'b'.repeat(101)}` }] })).toHaveProperty([
      'questions.0.choices',
    ]);
    expect(issuesOf({ questions: [] })).toEqual({ questions: 'Add at least one question.' });
  });

  it('fills the editor from the stored questions, or with one empty question', () => {
    expect(quizValues([{ id: 3, prompt: 'Ring size?', choices: ['5', '6'] }])).toEqual({
      questions: [{ prompt: 'Ring size?', choices: '5\n6' }],
    });
    expect(quizValues([])).toEqual({ questions: [{ prompt: '', choices: '' }] });
  });
});
