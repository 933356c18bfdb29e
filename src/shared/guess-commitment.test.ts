import { describe, expect, it } from 'vitest';
import {
  answerText,
  canonicalAnswer,
  checkGuessCommitment,
  guessCommitment,
  isGuessNumber,
  pickGuessWinners,
} from './guess-commitment';
import { sha256Hex } from './verifiable-draw';

describe('guess commitment', () => {
  it('hashes the canonical text and checks it', async () => {
    expect(canonicalAnswer(2.35, 'ab')).toBe('["gemcast-guess-v1","2.35","ab"]');
    const commitment = await guessCommitment(2.35, 'ab');
    expect(commitment).toBe(await sha256Hex('["gemcast-guess-v1","2.35","ab"]'));
    expect(await checkGuessCommitment(2.35, 'ab', commitment)).toBe(true);
    expect(await checkGuessCommitment(2.36, 'ab', commitment)).toBe(false);
    expect(await checkGuessCommitment(2.35, 'ac', commitment)).toBe(false);
  });

  it('writes one text per number', () => {
    expect(answerText(4)).toBe('4');
    expect(answerText(4.0)).toBe('4');
    expect(answerText(0.1 + 0.2)).toBe('0.3');
    expect(answerText(-12.5)).toBe('-12.5');
  });

  it('accepts at most four decimals within the limit', () => {
    expect(isGuessNumber(2.3456)).toBe(true);
    expect(isGuessNumber(2.34567)).toBe(false);
    expect(isGuessNumber(Number.NaN)).toBe(false);
    expect(isGuessNumber(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isGuessNumber(2e9)).toBe(false);
  });
});

describe('guess winners', () => {
  const g = (id: number, user_id: number, value: number, created_at: string) => ({ id, user_id, value, created_at });

  it('closest wins; equal distance goes to the earliest', () => {
    const guesses = [
      g(1, 1, 2.4, '2026-06-15T18:00:03Z'),
      g(2, 2, 2.3, '2026-06-15T18:00:01Z'),
      g(3, 3, 2.36, '2026-06-15T18:00:05Z'),
      g(4, 4, 3, '2026-06-15T18:00:00Z'),
    ];
    expect(pickGuessWinners(guesses, 2.35, 1).map((w) => w.user_id)).toEqual([3]);
    // 2.3 and 2.4 are both 0.05 away (exactly, in ten-thousandths): the earlier one places first.
    expect(pickGuessWinners(guesses, 2.35, 3).map((w) => w.user_id)).toEqual([3, 2, 1]);
  });

  it('breaks a same-instant tie by arrival', () => {
    const guesses = [g(9, 1, 5, '2026-06-15T18:00:00Z'), g(3, 2, 5, '2026-06-15T18:00:00Z')];
    expect(pickGuessWinners(guesses, 5, 1).map((w) => w.user_id)).toEqual([2]);
  });
});
