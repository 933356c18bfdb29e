import { describe, expect, it } from 'vitest';
import { isQuestion } from './queries';

describe('isQuestion', () => {
  it('accepts a question with choices, or with none for a written answer', () => {
    expect(isQuestion({ id: 3, prompt: 'Which birthstone is yours?', choices: ['Garnet', 'Opal'] })).toBe(true);
    expect(isQuestion({ id: 4, prompt: 'What would you like to hear about?', choices: [] })).toBe(true);
  });

  it('refuses a question with a missing or mistyped field', () => {
    expect(isQuestion({ id: '3', prompt: 'Which?', choices: [] })).toBe(false);
    expect(isQuestion({ id: 3, choices: [] })).toBe(false);
    expect(isQuestion({ id: 3, prompt: 'Which?', choices: [1, 2] })).toBe(false);
    expect(isQuestion({ id: 3, prompt: 'Which?', choices: 'Garnet' })).toBe(false);
    expect(isQuestion(null)).toBe(false);
  });
});
