// The contest form's values: what the inputs hold (Los Angeles wall-clock times, numbers as typed)
// and the ContestFields the server takes, with the problems the browser can see before sending.
import { windowProblem } from '../../../../shared/contest-phase';
import type { ContestFields, StaffContest, VoteRule } from '../../../../shared/contract/contests';
import { fromLaInput, toLaInput } from '../shows/la-time';

export type ContestFormValues = {
  title: string;
  description: string;
  rules: string;
  /** The show's id, '' for none. */
  eventid: string;
  /** datetime-local values, Los Angeles time. */
  submit_opens_at: string;
  submit_closes_at: string;
  vote_opens_at: string;
  vote_closes_at: string;
  entries_per_viewer: string;
  vote_rule: VoteRule;
  show_counts: boolean;
  winner_count: string;
  prize_points: string;
  prize_text: string;
};

export const WINDOW_FIELDS = ['submit_opens_at', 'submit_closes_at', 'vote_opens_at', 'vote_closes_at'] as const;

export const STARTER_RULES =
  '<h2>Who may enter</h2>\n<p>Anyone with a free account, aged 18 or over.</p>\n<h2>Your photo</h2>\n<p>Send a photo you took yourself of jewelry you own, with a short caption. Our team checks every photo before it shows in the gallery.</p>\n<h2>Voting</h2>\n<p>The entries with the most votes when voting closes win. Votes that break these rules may be removed.</p>';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A new contest: entries open at the next full hour for a week, then three days of voting. */
export function contestFormValues(contest: StaffContest | undefined, now: Date): ContestFormValues {
  if (!contest) {
    const opens = Math.ceil(now.getTime() / HOUR) * HOUR;
    const at = (ms: number) => toLaInput(new Date(ms).toISOString());
    return {
      title: '',
      description: '',
      rules: STARTER_RULES,
      eventid: '',
      submit_opens_at: at(opens),
      submit_closes_at: at(opens + 7 * DAY),
      vote_opens_at: at(opens + 7 * DAY),
      vote_closes_at: at(opens + 10 * DAY),
      entries_per_viewer: '1',
      vote_rule: 'once',
      show_counts: true,
      winner_count: '1',
      prize_points: '0',
      prize_text: '',
    };
  }
  return {
    title: contest.title,
    description: contest.description,
    rules: contest.rules_html,
    eventid: contest.eventid === null ? '' : String(contest.eventid),
    submit_opens_at: toLaInput(contest.submit_opens_at),
    submit_closes_at: toLaInput(contest.submit_closes_at),
    vote_opens_at: toLaInput(contest.vote_opens_at),
    vote_closes_at: toLaInput(contest.vote_closes_at),
    entries_per_viewer: String(contest.entries_per_viewer),
    vote_rule: contest.vote_rule,
    show_counts: contest.show_counts,
    winner_count: String(contest.winner_count),
    prize_points: String(contest.prize_points),
    prize_text: contest.prize_text,
  };
}

const WINDOW_NAMES: Record<(typeof WINDOW_FIELDS)[number], string> = {
  submit_opens_at: 'when entries open',
  submit_closes_at: 'when entries close',
  vote_opens_at: 'when voting opens',
  vote_closes_at: 'when voting closes',
};

/** A whole number as typed, or NaN (the server then says what it takes). */
function whole(typed: string): number {
  return /^\s*-?\d+\s*$/.test(typed) ? Number(typed) : Number.NaN;
}

export type FormCheck =
  { fields: ContestFields; problems: null } | { fields: null; problems: Record<string, string>; windows?: string };

/**
 * The body to send, or what is wrong: a missing title, a time that is no time, windows out of order
 * (`windows`, shown over the four times). Number ranges are the server's to judge.
 */
export function contestFieldsOf(values: ContestFormValues): FormCheck {
  const problems: Record<string, string> = {};
  if (!values.title.trim()) problems.title = 'Give the contest a title.';
  const instants = Object.fromEntries(WINDOW_FIELDS.map((field) => [field, fromLaInput(values[field])]));
  for (const field of WINDOW_FIELDS)
    if (!instants[field]) problems[field] = `Pick the date and time of ${WINDOW_NAMES[field]}.`;
  const [submitOpens, submitCloses, voteOpens, voteCloses] = WINDOW_FIELDS.map((field) => instants[field] ?? '');
  if (Object.keys(problems).length > 0 || !submitOpens || !submitCloses || !voteOpens || !voteCloses)
    return { fields: null, problems };
  const windows = {
    submit_opens_at: submitOpens,
    submit_closes_at: submitCloses,
    vote_opens_at: voteOpens,
    vote_closes_at: voteCloses,
  };
  const order = windowProblem(windows);
  if (order) return { fields: null, problems, windows: order };
  return {
    fields: {
      title: values.title.trim(),
      description: values.description.trim(),
      rules: values.rules,
      eventid: values.eventid ? Number(values.eventid) : null,
      ...windows,
      entries_per_viewer: whole(values.entries_per_viewer),
      vote_rule: values.vote_rule,
      show_counts: values.show_counts,
      winner_count: whole(values.winner_count),
      prize_points: whole(values.prize_points),
      prize_text: values.prize_text.trim(),
    },
    problems: null,
  };
}
