// How the staff contest screens put a contest into words: its phase, its log's actions, its vote
// rule and counts ('1 vote', '12 votes').
import type { ContestPhase, SubmissionState, VoteRule } from '../../../../shared/contract/contests';

export const PHASE_LABELS: Record<ContestPhase, string> = {
  upcoming: 'Upcoming',
  submitting: 'Taking entries',
  between: 'Entries closed, voting soon',
  voting: 'Voting open',
  closed: 'Closed',
};

export const PHASE_STYLES: Record<ContestPhase, string> = {
  upcoming: 'bg-primary-soft text-primary-hover',
  submitting: 'bg-success-soft text-success',
  between: 'bg-line text-ink',
  voting: 'bg-secondary text-white',
  closed: 'bg-ink text-white',
};

export const STATE_LABELS: Record<SubmissionState, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const VOTE_RULE_LABELS: Record<VoteRule, string> = {
  once: 'One vote per viewer for the whole contest',
  daily: 'One vote per viewer each day (Los Angeles days)',
};

/** The log's actions as staff read them; an action this screen does not know shows as the server wrote it. */
const ACTION_LABELS: Record<string, string> = {
  created: 'Created',
  updated: 'Edited',
  approved: 'Entry approved',
  rejected: 'Entry rejected',
  votes_voided: 'Votes removed',
  closed: 'Voting closed',
  results_fixed: 'Results fixed',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action.replace(/_/g, ' ');
}

/** '1 vote', '1,204 votes'. */
export function counted(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
