import { describe, expect, it } from 'vitest';
import { QuizFormSchema, quizValues } from './quiz-form-values';

function issuesOf(input: unknown): Record<string, string> {
  const result = QuizFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the quiz editor', () => {
  it('sends one choice per line, without the blank lines, and the right answer or none', () => {
    expect(
      QuizFormSchema.parse({
        questions: [
          { prompt: 'Favourite stone?', choices: 'Ruby\n\n  Emerald \n', right_answer: 'Emerald' },
          { prompt: 'Why?', choices: '', right_answer: '' },
        ],
      }),
    ).toEqual({
      questions: [
        { prompt: 'Favourite stone?', choices: ['Ruby', 'Emerald'], right_answer: 'Emerald' },
        { prompt: 'Why?', choices: [], right_answer: null },
      ],
    });
  });

  it('puts the contract’s messages on the question they are about', () => {
    expect(
      issuesOf({
        questions: [
          { prompt: 'Ok?', choices: 'Yes', right_answer: '' },
          { prompt: ' ', choices: '', right_answer: '' },
        ],
      }),
    ).toEqual({
      'questions.0.choices': 'Give at least two choices, or none for a free answer.',
      'questions.1.prompt': 'Every question needs its text.',
    });
    expect(
      issuesOf({ questions: [{ prompt: 'Long?', choices: `a\n${'b'.repeat(101)}`, right_answer: '' }] }),
    ).toHaveProperty(['questions.0.choices']);
    expect(issuesOf({ questions: [] })).toEqual({ questions: 'Add at least one question.' });
  });

  it('refuses a right answer that is not one of the question’s choices', () => {
    expect(
      issuesOf({
        questions: [
          { prompt: 'Stone?', choices: 'Ruby\nOpal', right_answer: 'Pearl' },
          { prompt: 'Why?', choices: '', right_answer: 'Because' },
        ],
      }),
    ).toEqual({
      'questions.0.right_answer': 'The right answer must be one of the choices.',
      'questions.1.right_answer': 'The right answer must be one of the choices.',
    });
  });

  it('fills the editor from the stored questions, or with one empty question', () => {
    expect(quizValues([{ id: 3, prompt: 'Ring size?', choices: ['5', '6'], right_answer: '6' }])).toEqual({
      questions: [{ prompt: 'Ring size?', choices: '5\n6', right_answer: '6' }],
    });
    expect(quizValues([{ id: 4, prompt: 'Why?', choices: [], right_answer: null }])).toEqual({
      questions: [{ prompt: 'Why?', choices: '', right_answer: '' }],
    });
    expect(quizValues([])).toEqual({ questions: [{ prompt: '', choices: '', right_answer: '' }] });
  });
});
