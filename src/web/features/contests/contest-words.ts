// How contests read on screen: the list's four groups, the one window that matters for a card, the
// countdown to a contest's next change, prizes, entry states and vote counts. Pure, so unit-tested.
import type { ContestPhase, ContestSummary, SubmissionState, VoteRule } from '../../../shared/contract/contests';
import { showTime } from '../events/event-time';

export type ContestGroup = { id: 'submitting' | 'voting' | 'coming' | 'closed'; title: string; empty: string };

export const CONTEST_GROUPS: readonly ContestGroup[] = [
  { id: 'submitting', title: 'Open for entries', empty: 'No contest is taking photos right now.' },
  { id: 'voting', title: 'Voting now', empty: 'No contest is open for votes right now.' },
  { id: 'coming', title: 'Coming up', empty: 'No new contest is announced yet.' },
  { id: 'closed', title: 'Closed', empty: 'No contest has finished yet.' },
];

/** The group a contest is listed under: one waiting for its voting to open counts as coming up. */
export function groupOf(phase: ContestPhase): ContestGroup['id'] {
  if (phase === 'submitting' || phase === 'voting' || phase === 'closed') return phase;
  return 'coming';
}

/** The contests of each group, in the server's order. */
export function groupContests<C extends Pick<ContestSummary, 'phase'>>(contests: readonly C[]) {
  return CONTEST_GROUPS.map((group) => ({
    group,
    contests: contests.filter((contest) => groupOf(contest.phase) === group.id),
  }));
}

type Windows = Pick<
  ContestSummary,
  'phase' | 'submit_opens_at' | 'submit_closes_at' | 'vote_opens_at' | 'vote_closes_at'
>;

/** The moment a card names: 'Entries close Sat, Mar 9, 6:00 PM PST', in Los Angeles time. */
export function windowLine(contest: Windows): string {
  switch (contest.phase) {
    case 'upcoming':
      return `Entries open ${showTime(contest.submit_opens_at)}`;
    case 'submitting':
      return `Entries close ${showTime(contest.submit_closes_at)}`;
    case 'between':
      return `Voting opens ${showTime(contest.vote_opens_at)}`;
    case 'voting':
      return `Voting closes ${showTime(contest.vote_closes_at)}`;
    case 'closed':
      return 'Voting has closed';
  }
}

/** What the contest page counts down to next, or null once it is closed. */
export function nextChange(contest: Windows): { label: string; target: Date } | null {
  switch (contest.phase) {
    case 'upcoming':
      return { label: 'Entries open in', target: new Date(contest.submit_opens_at) };
    case 'submitting':
      return { label: 'Entries close in', target: new Date(contest.submit_closes_at) };
    case 'between':
      return { label: 'Voting opens in', target: new Date(contest.vote_opens_at) };
    case 'voting':
      return { label: 'Voting closes in', target: new Date(contest.vote_closes_at) };
    case 'closed':
      return null;
  }
}

/** A short word for where the contest is, shown as its badge. */
export const PHASE_BADGE: Record<ContestPhase, string> = {
  upcoming: 'Coming up',
  submitting: 'Open for entries',
  between: 'Voting opens soon',
  voting: 'Voting now',
  closed: 'Closed',
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 'A pair of sapphire studs and 500 points', or '' when the contest names no prize. */
export function prizeWords(prizeText: string, prizePoints: number): string {
  const points = prizePoints > 0 ? plural(prizePoints, 'reward point', 'reward points') : '';
  if (prizeText && points) return `${prizeText} and ${points}`;
  return prizeText || points;
}

export const entriesWords = (n: number) => (n === 0 ? 'No entries yet' : plural(n, 'entry', 'entries'));
export const votesWords = (n: number) => plural(n, 'vote', 'votes');
export const likesWords = (n: number) => plural(n, 'like', 'likes');

/** '3 votes removed after review', or '' when staff removed none. */
export const removedWords = (n: number) => (n > 0 ? `${plural(n, 'vote', 'votes')} removed after review` : '');

/** An entry's state as its owner reads it. */
export function stateWords(state: SubmissionState, rejectReason: string): string {
  if (state === 'pending') return 'Pending review';
  if (state === 'approved') return 'Approved';
  return rejectReason ? `Not accepted: ${rejectReason}` : 'Not accepted';
}

/** How voting works in this contest, said once above the gallery. */
export function voteRuleWords(rule: VoteRule): string {
  return rule === 'daily'
    ? 'You have one vote a day. Voting for another entry the same day moves that day’s vote to it.'
    : 'You have one vote in this contest. Voting for another entry moves your vote to it.';
}

const ORDINAL_SUFFIX: Partial<Record<number, string>> = { 1: 'st', 2: 'nd', 3: 'rd' };

/** '1st', '2nd', '3rd', '11th'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${ORDINAL_SUFFIX[n % 10] ?? 'th'}`;
}

/** The caption counter: '12 of 280 characters'. */
export const captionCount = (length: number, max: number) => `${length} of ${max} characters`;

export type Notice = { tone: 'error' | 'info'; text: string };

/**
 * A refused vote or like in words: a rate limit (429) or a conflict (409) is said calmly, with the
 * seconds to wait when the server gives them; anything else is an error.
 */
export function refusalNotice(httpStatus: number, message: string, retryAfterSeconds: number | null): Notice {
  if (httpStatus !== 429 && httpStatus !== 409) return { tone: 'error', text: message };
  const wait = retryAfterSeconds !== null && retryAfterSeconds > 0 ? Math.ceil(retryAfterSeconds) : 0;
  const again = wait > 0 ? ` You can try again in ${wait} second${wait === 1 ? '' : 's'}.` : '';
  return { tone: 'info', text: `${message}${again}` };
}
