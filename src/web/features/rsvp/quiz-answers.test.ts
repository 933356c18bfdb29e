import { describe, expect, it } from 'vitest';
import { answerProblem, fieldOfIssue, quizProblems, quizRequest } from './quiz-answers';

const birthstone = { id: 3, prompt: 'Which birthstone is yours?', choices: ['Garnet', 'Opal'] };
const wish = { id: 4, prompt: 'What would you like to hear about?', choices: [] };

describe('answerProblem', () => {
  it('asks for a choice, and for one of those offered', () => {
    expect(answerProblem(birthstone, undefined)).toBe('Please choose an answer.');
    expect(answerProblem(birthstone, '')).toBe('Please choose an answer.');
    expect(answerProblem(birthstone, 'Ruby')).toBe('Please choose one of the answers offered.');
    expect(answerProblem(birthstone, 'Opal')).toBeNull();
  });

  it('asks for a written answer that is not blank and not too long', () => {
    expect(answerProblem(wish, '   ')).toBe('Please write an answer.');
    expect(answerProblem(wish, 'x'.repeat(501))).toBe('Please keep your answer under 500 characters (it has 501).');
    expect(answerProblem(wish, ` ${'x'.repeat(500)} `)).toBeNull();
    expect(answerProblem(wish, 'Cutting opals')).toBeNull();
  });
});

describe('quizProblems', () => {
  it('names every unanswered question by its field', () => {
    expect(quizProblems([birthstone, wish], {})).toEqual({
      q3: 'Please choose an answer.',
      q4: 'Please write an answer.',
    });
    expect(quizProblems([birthstone, wish], { q3: 'Garnet' })).toEqual({ q4: 'Please write an answer.' });
  });

  it('has nothing to say when every question is answered', () => {
    expect(quizProblems([birthstone, wish], { q3: 'Garnet', q4: 'Cutting opals' })).toEqual({});
  });
});

describe('quizRequest', () => {
  it('sends the answers trimmed, in the order asked', () => {
    expect(quizRequest(9, [birthstone, wish], { q4: '  Cutting opals ', q3: 'Garnet' })).toEqual({
      eventid: 9,
      answers: [
        { question_id: 3, answer: 'Garnet' },
        { question_id: 4, answer: 'Cutting opals' },
      ],
    });
  });
});

describe('fieldOfIssue', () => {
  it("maps the server's answers.<id> to the question's field", () => {
    expect(fieldOfIssue('answers.12')).toBe('q12');
    expect(fieldOfIssue('eventid')).toBeNull();
  });
});
