import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_PROBLEMS, accessCodeProblem, makeAccessCode } from './access-code';

describe('the access code staff set', () => {
  it.each([
    ['K7QH-M3XP', null],
    ['TUCSON-2026', null],
    ['booth42', null],
    ['AB-CE-FG', null],
    ['AB-CD-EF', ACCESS_CODE_PROBLEMS.run],
    ['A'.repeat(32), ACCESS_CODE_PROBLEMS.repeated],
    ['BOOTH', ACCESS_CODE_PROBLEMS.short],
    ['AB-12-C', ACCESS_CODE_PROBLEMS.short],
    ['------', ACCESS_CODE_PROBLEMS.short],
    ['zzzzzz', ACCESS_CODE_PROBLEMS.repeated],
    ['Zz-zZ-zz', ACCESS_CODE_PROBLEMS.repeated],
    ['123456', ACCESS_CODE_PROBLEMS.run],
    ['98-7654', ACCESS_CODE_PROBLEMS.run],
    ['abcdefg', ACCESS_CODE_PROBLEMS.run],
    ['booth 42', ACCESS_CODE_PROBLEMS.shape],
    ['BOOTH_42', ACCESS_CODE_PROBLEMS.shape],
    ['A'.repeat(33), ACCESS_CODE_PROBLEMS.shape],
  ])('%s: %s', (code, problem) => {
    expect(accessCodeProblem(code)).toBe(problem);
  });

  it('makes codes the rule accepts, drawing again when a draw would be refused', () => {
    let calls = 0;
    // The first eight draws give AAAA-AAAA (refused); the next eight count up from A.
    const code = makeAccessCode((n) => (calls++ < 8 ? 0 : (calls * 7) % n));
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(accessCodeProblem(code)).toBeNull();
    expect(calls).toBe(16);
    for (let i = 0; i < 50; i++)
      expect(accessCodeProblem(makeAccessCode((n) => Math.floor(Math.random() * n)))).toBeNull();
  });
});
