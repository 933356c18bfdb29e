// Photo contests (decision 062): the contest list and page, contestusers (a viewer's photo entry),
// uservotes and userlikes (spec §7: GET with submissionid, and liked for likes; POST takes the same
// change), a light counts read the page polls while voting is open, and the staff calls: contests,
// the moderation queue, the vote review (timeline, flags, voids with a reason) and the log.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { instant } from './event-fields';
import { bodyId, queryId } from './ids';

/** upcoming: nothing open yet; submitting; between (submissions closed, voting not yet open); voting; closed. */
export const CONTEST_PHASES = ['upcoming', 'submitting', 'between', 'voting', 'closed'] as const;
export type ContestPhase = (typeof CONTEST_PHASES)[number];
export const SUBMISSION_STATES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];
export const VOTE_RULES = ['once', 'daily'] as const;
export type VoteRule = (typeof VOTE_RULES)[number];

export const CAPTION_MAX = 280;
export const CONTEST_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const CONTEST_PHOTO_MAX_PIXELS = 40_000_000;
/** The longest side of a stored contest photo. */
export const CONTEST_PHOTO_SIZE_PX = 1600;
/** Perceptual hashes this many bits apart or fewer are the same photo. */
export const PHASH_MAX_DISTANCE = 6;
/** How often the contest page asks for counts while voting is open. */
export const COUNTS_POLL_MS = 1500;

/** A submission as the gallery shows it. Counts are null while the contest hides them. */
export const GalleryEntry = z.object({
  id: z.number().int(),
  /** '/media/contests/<name>.webp' with the media base in front, as pages fetch it. */
  photo_url: z.string(),
  caption: z.string(),
  /** 'Ruby A.': first name and last initial. */
  entrant: z.string(),
  votes: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  /** Votes staff removed after review (shown with the results). */
  removed_votes: z.number().int(),
  /** The caller's own state: false when signed out. */
  liked: z.boolean(),
  voted: z.boolean(),
  mine: z.boolean(),
  created_at: z.string(),
});
export type GalleryEntry = z.infer<typeof GalleryEntry>;

/** The caller's own entry, in any state. */
export const MySubmission = z.object({
  id: z.number().int(),
  photo_url: z.string(),
  caption: z.string(),
  state: z.enum(SUBMISSION_STATES),
  /** Why staff rejected it ('' otherwise). */
  reject_reason: z.string(),
  consent_on_air: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MySubmission = z.infer<typeof MySubmission>;

export const ContestResult = z.object({
  place: z.number().int(),
  submission_id: z.number().int(),
  entrant: z.string(),
  photo_url: z.string(),
  caption: z.string(),
  votes: z.number().int(),
  removed_votes: z.number().int(),
  winner: z.boolean(),
});
export type ContestResult = z.infer<typeof ContestResult>;

/** A contest as a list shows it. */
export const ContestSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  phase: z.enum(CONTEST_PHASES),
  eventid: z.number().int().nullable(),
  /** The show's title when the contest belongs to one (its page is /show/{eventid}). */
  event_title: z.string().nullable(),
  submit_opens_at: z.string(),
  submit_closes_at: z.string(),
  vote_opens_at: z.string(),
  vote_closes_at: z.string(),
  /** Approved entries. */
  entries: z.number().int(),
  /** A photo of an approved entry, or null. */
  cover_url: z.string().nullable(),
  prize_points: z.number().int(),
  prize_text: z.string(),
});
export type ContestSummary = z.infer<typeof ContestSummary>;

/** A contest with its page: rules, the caller's entries and vote, the gallery, and the results once closed. */
export const ContestDetail = ContestSummary.extend({
  rules_html: z.string(),
  entries_per_viewer: z.number().int(),
  vote_rule: z.enum(VOTE_RULES),
  show_counts: z.boolean(),
  winner_count: z.number().int(),
  /** True when counts are shown now (always once closed). */
  counts_visible: z.boolean(),
  /** Approved entries: shuffled per viewer while voting is open, by votes once closed, else oldest first. */
  gallery: z.array(GalleryEntry),
  mine: z.array(MySubmission),
  /** The submission the caller's current vote is on (this day's under the daily rule), or null. */
  my_vote: z.number().int().nullable(),
  /** Empty until the results are fixed. */
  results: z.array(ContestResult),
  results_fixed_at: z.string().nullable(),
});
export type ContestDetail = z.infer<typeof ContestDetail>;

export const ContestQuery = z.object({ contestid: queryId('contestid') });
export type ContestQuery = z.input<typeof ContestQuery>;

/** The counts the caller may see now (null while hidden) and their own vote and likes. */
export const ContestCounts = z.object({
  contestid: z.number().int(),
  phase: z.enum(CONTEST_PHASES),
  counts_visible: z.boolean(),
  my_vote: z.number().int().nullable(),
  entries: z.array(
    z.object({
      id: z.number().int(),
      votes: z.number().int().nullable(),
      likes: z.number().int().nullable(),
      liked: z.boolean(),
    }),
  ),
});
export type ContestCounts = z.infer<typeof ContestCounts>;

/** uservotes: vote for a submission (a vote already cast this day, or in the contest under once, moves). */
export const VoteQuery = z.object({ submissionid: queryId('submissionid') });
export type VoteQuery = z.input<typeof VoteQuery>;
export const VoteBody = z.object({ submissionid: bodyId('submissionid') });

const likedFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'liked is true or false.' })
  .transform((v) => v === true || v === 'true' || v === '1');
/** userlikes: liked=true likes, liked=false unlikes; either is idempotent. */
export const LikeQuery = z.object({ submissionid: queryId('submissionid'), liked: likedFlag });
export type LikeQuery = z.input<typeof LikeQuery>;
export const LikeBody = z.object({
  submissionid: bodyId('submissionid'),
  liked: z.boolean({ error: 'liked is true or false.' }),
});

/** What a vote or like answers: the submission's counts the caller may see, and their state. */
export const VoteState = z.object({
  submissionid: z.number().int(),
  contestid: z.number().int(),
  votes: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  voted: z.boolean(),
  liked: z.boolean(),
  /** The submission the caller's vote is on now (after a move, this one). */
  my_vote: z.number().int().nullable(),
});
export type VoteState = z.infer<typeof VoteState>;

/**
 * contestusers: multipart fields contestid, caption, consent ('true' to allow showing it on air),
 * image (the photo), and submissionid to replace the photo of one's own pending or rejected entry.
 */
export const SubmissionFields = z.object({
  contestid: queryId('contestid'),
  caption: z
    .string({ error: 'Write a caption.' })
    .trim()
    .max(CAPTION_MAX, `Keep the caption to ${CAPTION_MAX} characters.`)
    .default(''),
  consent: z
    .enum(['true', 'false', 'on', ''], { error: 'consent is true or false.' })
    .default('false')
    .transform((v) => v === 'true' || v === 'on'),
  submissionid: queryId('submissionid').optional(),
});
export type SubmissionFields = z.input<typeof SubmissionFields>;

export const contestCalls = {
  /** Every public contest: open for entries, voting, upcoming and closed (newest first in each). */
  list: defineCall({ method: 'GET', path: '/api/contests_v1', response: envelopeOf(ContestSummary) }),
  /** One contest with its page (token optional: the caller's entries, vote and likes when signed in). */
  detail: defineCall({
    method: 'GET',
    path: '/api/contest_v1',
    query: ContestQuery,
    response: envelopeOf(ContestDetail),
  }),
  /** The counts the page polls every COUNTS_POLL_MS while voting is open. */
  counts: defineCall({
    method: 'GET',
    path: '/api/contestcounts_v1',
    query: ContestQuery,
    response: envelopeOf(ContestCounts),
  }),
  /** contestusers (token, multipart): a new entry, or a new photo for one's pending or rejected entry. */
  submit: defineCall({ method: 'POST', path: '/api/contestusers', response: envelopeOf(MySubmission) }),
  /** uservotes (token) as the spec calls it: GET with submissionid. */
  vote: defineCall({ method: 'GET', path: '/api/uservotes', query: VoteQuery, response: envelopeOf(VoteState) }),
  votePost: defineCall({ method: 'POST', path: '/api/uservotes', body: VoteBody, response: envelopeOf(VoteState) }),
  /** userlikes (token) as the spec calls it: GET with submissionid and liked. */
  like: defineCall({ method: 'GET', path: '/api/userlikes', query: LikeQuery, response: envelopeOf(VoteState) }),
  likePost: defineCall({ method: 'POST', path: '/api/userlikes', body: LikeBody, response: envelopeOf(VoteState) }),
};

// ---- Staff -----------------------------------------------------------------------------------

const wholeIn = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} is a number.` })
    .int(`${name} is a whole number from ${min} to ${max}.`)
    .min(min, `${name} is a whole number from ${min} to ${max}.`)
    .max(max, `${name} is a whole number from ${min} to ${max}.`);

/** What staff write for a contest; instants with their offset (the form sends Los Angeles time). */
export const ContestFields = z.object({
  title: z
    .string({ error: 'Give the contest a title.' })
    .trim()
    .min(1, 'Give the contest a title.')
    .max(120, 'Keep the title under 120 characters.'),
  description: z.string().trim().max(2000, 'Keep the description under 2,000 characters.').default(''),
  /** HTML, sanitised on save as giveaway terms are. */
  rules: z.string().max(50_000, 'Keep the rules under 50,000 characters.').default(''),
  eventid: bodyId('eventid').nullable().default(null),
  submit_opens_at: instant('The submission opening'),
  submit_closes_at: instant('The submission closing'),
  vote_opens_at: instant('The voting opening'),
  vote_closes_at: instant('The voting closing'),
  entries_per_viewer: wholeIn('Entries per viewer', 1, 10).default(1),
  vote_rule: z.enum(VOTE_RULES, { error: 'The vote rule is once or daily.' }).default('once'),
  show_counts: z.boolean({ error: 'show_counts is true or false.' }).default(true),
  winner_count: wholeIn('Winners', 1, 10).default(1),
  prize_points: wholeIn('Prize points', 0, 100_000).default(0),
  prize_text: z.string().trim().max(200, 'Keep the prize under 200 characters.').default(''),
});
export type ContestFields = z.input<typeof ContestFields>;

/** A contest as staff see it: everything, with the queue's counts. */
export const StaffContest = ContestSummary.extend({
  rules_html: z.string(),
  entries_per_viewer: z.number().int(),
  vote_rule: z.enum(VOTE_RULES),
  show_counts: z.boolean(),
  winner_count: z.number().int(),
  results_fixed_at: z.string().nullable(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  votes: z.number().int(),
  voided_votes: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffContest = z.infer<typeof StaffContest>;

export const StaffContestParams = z.object({ id: queryId('id') });

export const StaffSubmission = z.object({
  id: z.number().int(),
  photo_url: z.string(),
  caption: z.string(),
  state: z.enum(SUBMISSION_STATES),
  reject_reason: z.string(),
  consent_on_air: z.boolean(),
  userid: z.number().int(),
  /** Full name and e-mail, for staff. */
  entrant: z.string(),
  email: z.string(),
  votes: z.number().int(),
  voided_votes: z.number().int(),
  likes: z.number().int(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffSubmission = z.infer<typeof StaffSubmission>;

export const QueueQuery = z.object({
  state: z.enum(SUBMISSION_STATES, { error: 'state is pending, approved or rejected.' }).default('pending'),
});
/** One page of the queue in a state, with the counts of every state. */
export const SubmissionQueue = z.object({
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
  submissions: z.array(StaffSubmission),
});
export type SubmissionQueue = z.infer<typeof SubmissionQueue>;

export const ReviewRequest = z
  .object({
    ids: z
      .array(bodyId('ids'), { error: 'ids is a list of submission ids.' })
      .min(1, 'Choose at least one entry.')
      .max(200, 'Review up to 200 entries at once.'),
    decision: z.enum(['approve', 'reject'], { error: 'decision is approve or reject.' }),
    reason: z.string().trim().max(300, 'Keep the reason under 300 characters.').default(''),
  })
  .refine((r) => r.decision === 'approve' || r.reason.length > 0, {
    message: 'Say why the entries are rejected.',
    path: ['reason'],
  });
export type ReviewRequest = z.input<typeof ReviewRequest>;

export const FLAG_KINDS = ['new_accounts', 'one_network', 'one_visitor', 'burst'] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

/** A pattern in an entry's votes that staff should look at, with the votes it covers. */
export const VoteFlag = z.object({
  kind: z.enum(FLAG_KINDS),
  /** In words: '14 votes from accounts made in the last day'. */
  summary: z.string(),
  vote_ids: z.array(z.number().int()),
});
export type VoteFlag = z.infer<typeof VoteFlag>;

export const StaffVote = z.object({
  id: z.number().int(),
  userid: z.number().int(),
  voter: z.string(),
  account_created_at: z.string(),
  network: z.string(),
  visitor: z.string(),
  vote_day: z.string(),
  cast_at: z.string(),
  voided_at: z.string().nullable(),
  void_reason: z.string(),
});
export type StaffVote = z.infer<typeof StaffVote>;

export const VoteReviewQuery = z.object({ submissionid: queryId('submissionid') });
/** One entry's votes: a per-minute timeline, the flags, and every vote (newest first). */
export const VoteReview = z.object({
  submissionid: z.number().int(),
  votes: z.number().int(),
  voided_votes: z.number().int(),
  timeline: z.array(z.object({ minute: z.string(), votes: z.number().int(), voided: z.number().int() })),
  flags: z.array(VoteFlag),
  list: z.array(StaffVote),
});
export type VoteReview = z.infer<typeof VoteReview>;

export const VoidRequest = z.object({
  /** The entry whose votes these are; the answer is its review after the voids. */
  submissionid: bodyId('submissionid'),
  voteids: z
    .array(bodyId('voteids'), { error: 'voteids is a list of vote ids.' })
    .min(1, 'Choose at least one vote.')
    .max(5000, 'Void up to 5,000 votes at once.'),
  reason: z
    .string({ error: 'Say why the votes are removed.' })
    .trim()
    .min(3, 'Say why the votes are removed.')
    .max(300, 'Keep the reason under 300 characters.'),
});
export type VoidRequest = z.input<typeof VoidRequest>;

export const AuditLine = z.object({
  id: z.number().int(),
  action: z.string(),
  submissionid: z.number().int().nullable(),
  actor: z.string(),
  detail: z.string(),
  created_at: z.string(),
});
export type AuditLine = z.infer<typeof AuditLine>;

export const contestStaffCalls = {
  list: defineCall({ method: 'GET', path: '/api/staff/contests', response: envelopeOf(StaffContest) }),
  get: defineCall({
    method: 'GET',
    path: '/api/staff/contests/:id',
    params: StaffContestParams,
    response: envelopeOf(StaffContest),
  }),
  create: defineCall({
    method: 'POST',
    path: '/api/staff/contests',
    body: ContestFields,
    response: envelopeOf(StaffContest),
  }),
  /** Edit a contest; refused once results are fixed. Counts are never editable. */
  update: defineCall({
    method: 'PUT',
    path: '/api/staff/contests/:id',
    params: StaffContestParams,
    body: ContestFields,
    response: envelopeOf(StaffContest),
  }),
  queue: defineCall({
    method: 'GET',
    path: '/api/staff/contests/:id/submissions',
    params: StaffContestParams,
    query: QueueQuery,
    response: envelopeOf(SubmissionQueue),
  }),
  /** Approve or reject several entries at once (a reason for rejections); each is logged. */
  review: defineCall({
    method: 'POST',
    path: '/api/staff/contests/:id/review',
    params: StaffContestParams,
    body: ReviewRequest,
    response: envelopeOf(SubmissionQueue),
  }),
  votes: defineCall({
    method: 'GET',
    path: '/api/staff/contests/:id/votes',
    params: StaffContestParams,
    query: VoteReviewQuery,
    response: envelopeOf(VoteReview),
  }),
  /** Void votes with a reason; logged, and shown publicly as "N votes removed after review". */
  voidVotes: defineCall({
    method: 'POST',
    path: '/api/staff/contests/:id/votes/void',
    params: StaffContestParams,
    body: VoidRequest,
    response: envelopeOf(VoteReview),
  }),
  /** Close voting now and fix the results (also done on its own at vote_closes_at). */
  close: defineCall({
    method: 'POST',
    path: '/api/staff/contests/:id/close',
    params: StaffContestParams,
    response: envelopeOf(StaffContest),
  }),
  log: defineCall({
    method: 'GET',
    path: '/api/staff/contests/:id/log',
    params: StaffContestParams,
    response: envelopeOf(AuditLine),
  }),
};
