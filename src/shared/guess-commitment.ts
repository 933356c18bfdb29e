// The guessing game's committed answer (decision 058): the server publishes SHA-256 of the answer
// and a random salt when a question opens and reveals both after it closes, so anyone can check.
// Also the winner rule (closest, earliest breaks ties). Web Crypto: browsers and Node alike.
import { sha256Hex } from './verifiable-draw';

export const GUESS_ALGORITHM = 'gemcast-guess-v1';

/** Answers and guesses: at most this far from 0, with at most GUESS_DECIMALS places after the point. */
export const GUESS_LIMIT = 1_000_000_000;
export const GUESS_DECIMALS = 4;
const SCALE = 10 ** GUESS_DECIMALS;

/** A number the game accepts: finite, within ±GUESS_LIMIT, at most four decimal places. */
export function isGuessNumber(value: number): boolean {
  if (!Number.isFinite(value) || Math.abs(value) > GUESS_LIMIT) return false;
  const scaled = value * SCALE;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** The number in whole ten-thousandths, so distances compare exactly (no 0.1 + 0.2 surprises). */
export function scaledOf(value: number): number {
  return Math.round(value * SCALE);
}

/** The answer as text: JavaScript's shortest decimal for the number ("2.35", "-4", "1000000"). */
export function answerText(answer: number): string {
  return String(scaledOf(answer) / SCALE);
}

/** The text that is hashed: ["gemcast-guess-v1", answer as text, salt]. JSON writes it one way only. */
export function canonicalAnswer(answer: number, salt: string): string {
  return JSON.stringify([GUESS_ALGORITHM, answerText(answer), salt]);
}

/** SHA-256 of the canonical text, lowercase hex: what is published when the question opens. */
export function guessCommitment(answer: number, salt: string): Promise<string> {
  return sha256Hex(canonicalAnswer(answer, salt));
}

/** True when the revealed answer and salt hash to the commitment published at the start. */
export async function checkGuessCommitment(answer: number, salt: string, commitment: string): Promise<boolean> {
  return (await guessCommitment(answer, salt)) === commitment.trim().toLowerCase();
}

export type RankedGuess = { user_id: number; value: number; created_at: string; id: number };

/**
 * The winners: the guesses closest to the answer, the earliest first among equals (created_at, then
 * the row id, which follows arrival). At most `count`; nobody twice.
 */
export function pickGuessWinners<G extends RankedGuess>(guesses: readonly G[], answer: number, count: number): G[] {
  const target = scaledOf(answer);
  const ranked = [...guesses].sort(
    (a, b) =>
      Math.abs(scaledOf(a.value) - target) - Math.abs(scaledOf(b.value) - target) ||
      (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0) ||
      a.id - b.id,
  );
  const seen = new Set<number>();
  const winners: G[] = [];
  for (const guess of ranked) {
    if (winners.length >= count) break;
    if (seen.has(guess.user_id)) continue;
    seen.add(guess.user_id);
    winners.push(guess);
  }
  return winners;
}
