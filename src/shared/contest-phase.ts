// Where a contest is in its life (decision 062), from its four instants and the time now: both the
// server's rules (who may submit or vote) and the pages' words come from this one function.
import type { ContestPhase } from './contract/contests';

export type ContestWindows = {
  submit_opens_at: string;
  submit_closes_at: string;
  vote_opens_at: string;
  vote_closes_at: string;
  /** Set when staff closed voting early or the results were fixed: the contest is closed from then. */
  results_fixed_at?: string | null;
};

const at = (iso: string) => new Date(iso).getTime();

/**
 * Windows are half-open: a window takes part from its opening instant up to, not including, its
 * closing one. Submitting wins over voting where staff let the two overlap.
 */
export function contestPhase(contest: ContestWindows, now: Date): ContestPhase {
  const t = now.getTime();
  if (contest.results_fixed_at || t >= at(contest.vote_closes_at)) return 'closed';
  if (t >= at(contest.submit_opens_at) && t < at(contest.submit_closes_at)) return 'submitting';
  if (t >= at(contest.vote_opens_at)) return 'voting';
  if (t < at(contest.submit_opens_at)) return 'upcoming';
  return 'between';
}

/** Counts are shown once the contest is closed, and while voting only when the contest says so. */
export function countsVisible(showCounts: boolean, phase: ContestPhase): boolean {
  return phase === 'closed' || showCounts;
}

/** The windows staff set must run in order: each opening before its closing, voting closing last. */
export function windowProblem(contest: ContestWindows): string | null {
  if (at(contest.submit_opens_at) >= at(contest.submit_closes_at)) return 'Submissions must open before they close.';
  if (at(contest.vote_opens_at) >= at(contest.vote_closes_at)) return 'Voting must open before it closes.';
  if (at(contest.vote_opens_at) < at(contest.submit_opens_at)) return 'Voting cannot open before submissions do.';
  if (at(contest.vote_closes_at) < at(contest.submit_closes_at)) return 'Voting must close after submissions close.';
  return null;
}
