// Named reports (GetSPData, spec §7; decision 076): the browser names one report from a fixed list
// and gives its parameters; each report has its own parameter schema, rows and audience.
import { z } from 'zod';
import { isRealDate } from '../validation';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { bodyId } from './ids';

/** Every report there is, in the order the refusal lists them. */
export const REPORT_NAMES = [
  'upcoming_shows',
  'past_giveaway_winners',
  'contest_leaderboard',
  'my_activity',
  'exhibition_registrations_by_day',
  'giveaway_entries_by_show',
  'points_ledger_summary',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** Who may run each report: any signed-in viewer, or staff only. */
export const REPORT_AUDIENCE: Record<ReportName, 'viewer' | 'staff'> = {
  upcoming_shows: 'viewer',
  past_giveaway_winners: 'viewer',
  contest_leaderboard: 'viewer',
  my_activity: 'viewer',
  exhibition_registrations_by_day: 'staff',
  giveaway_entries_by_show: 'staff',
  points_ledger_summary: 'staff',
};

export const REPORT_PAGE_MAX = 10_000;
export const REPORT_PER_PAGE_MAX = 200;
export const REPORT_PER_PAGE_DEFAULT = 50;
export const REPORT_RANGE_MAX_DAYS = 366;

export const REPORT_MESSAGES = {
  unknown: `Unknown report. The reports are: ${REPORT_NAMES.join(', ')}.`,
  staffOnly: 'This report is for staff only.',
  contestNotFound: 'We could not find that contest.',
  done: 'Report ready.',
  dayRange: 'The start date must not be after the end date.',
  dayRangeTooLong: `A date range covers at most ${REPORT_RANGE_MAX_DAYS} days.`,
} as const;

const laDayField = (name: string) =>
  z.string({ error: `${name} is a date as YYYY-MM-DD.` }).refine(isRealDate, `${name} is a date as YYYY-MM-DD.`);

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** An optional or required pair of Los Angeles days, in order and at most a year apart. */
function withDayRange<S extends z.ZodType<{ from?: string; to?: string }>>(schema: S): S {
  return schema
    .refine((p) => !p.from || !p.to || p.from <= p.to, { message: REPORT_MESSAGES.dayRange, path: ['to'] })
    .refine((p) => !p.from || !p.to || daysBetween(p.from, p.to) < REPORT_RANGE_MAX_DAYS, {
      message: REPORT_MESSAGES.dayRangeTooLong,
      path: ['to'],
    });
}

// Each report's parameters. Strict: a parameter a report does not take is refused, not ignored, so
// `{ "user_id": 9 }` on my_activity is a 400 rather than a silent "your own data".
export const UpcomingShowsParams = z
  .object({
    type: z.enum(['show', 'specialshow'], { error: 'type is show or specialshow.' }).optional(),
    days: z
      .number({ error: 'days is a whole number from 1 to 90.' })
      .int('days is a whole number from 1 to 90.')
      .min(1, 'days is a whole number from 1 to 90.')
      .max(90, 'days is a whole number from 1 to 90.')
      .default(30),
  })
  .strict();

export const PastGiveawayWinnersParams = withDayRange(
  z
    .object({
      eventid: bodyId('eventid').optional(),
      from: laDayField('from').optional(),
      to: laDayField('to').optional(),
    })
    .strict(),
);

export const ContestLeaderboardParams = z.object({ contest_id: bodyId('contest_id') }).strict();

export const ACTIVITY_KINDS = [
  'rsvp',
  'check_in',
  'giveaway_entry',
  'giveaway_win',
  'points',
  'contest_entry',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const MyActivityParams = z
  .object({ kind: z.enum(ACTIVITY_KINDS, { error: `kind is one of ${ACTIVITY_KINDS.join(', ')}.` }).optional() })
  .strict();

export const ExhibitionRegistrationsParams = withDayRange(
  z
    .object({
      from: laDayField('from'),
      to: laDayField('to'),
      exhibition_id: bodyId('exhibition_id').optional(),
    })
    .strict(),
);

export const GiveawayEntriesByShowParams = z.object({ show_id: bodyId('show_id').optional() }).strict();

export const PointsLedgerSummaryParams = withDayRange(
  z.object({ from: laDayField('from'), to: laDayField('to') }).strict(),
);

const paging = {
  page: z
    .number({ error: `page is a whole number from 1 to ${REPORT_PAGE_MAX}.` })
    .int(`page is a whole number from 1 to ${REPORT_PAGE_MAX}.`)
    .min(1, `page is a whole number from 1 to ${REPORT_PAGE_MAX}.`)
    .max(REPORT_PAGE_MAX, `page is a whole number from 1 to ${REPORT_PAGE_MAX}.`)
    .default(1),
  per_page: z
    .number({ error: `per_page is a whole number from 1 to ${REPORT_PER_PAGE_MAX}.` })
    .int(`per_page is a whole number from 1 to ${REPORT_PER_PAGE_MAX}.`)
    .min(1, `per_page is a whole number from 1 to ${REPORT_PER_PAGE_MAX}.`)
    .max(REPORT_PER_PAGE_MAX, `per_page is a whole number from 1 to ${REPORT_PER_PAGE_MAX}.`)
    .default(REPORT_PER_PAGE_DEFAULT),
};

const requestOf = <N extends ReportName, P extends z.ZodType>(name: N, params: P) =>
  z.object({ name: z.literal(name), params, ...paging });

/**
 * The request: one object per report, told apart by `name`. A name that is none of them (another
 * case, a look-alike letter, a space, a number, nothing) fails the union itself, whose message
 * lists the reports; a known name with bad parameters fails on the parameter, by its path.
 */
export const ReportRequest = z.discriminatedUnion(
  'name',
  [
    requestOf('upcoming_shows', UpcomingShowsParams.default({ days: 30 })),
    requestOf('past_giveaway_winners', PastGiveawayWinnersParams.default({})),
    requestOf('contest_leaderboard', ContestLeaderboardParams),
    requestOf('my_activity', MyActivityParams.default({})),
    requestOf('exhibition_registrations_by_day', ExhibitionRegistrationsParams),
    requestOf('giveaway_entries_by_show', GiveawayEntriesByShowParams.default({})),
    requestOf('points_ledger_summary', PointsLedgerSummaryParams),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union' || issue.code === 'invalid_type' ? REPORT_MESSAGES.unknown : undefined,
  },
);
export type ReportRequest = z.output<typeof ReportRequest>;

// Each report's rows. Instants are UTC ISO strings; `*_la` fields are the same instants as Los
// Angeles wall-clock time ('2026-06-15 11:00'), ready to show.
export const UpcomingShowRow = z.object({
  eventid: z.number().int(),
  type: z.enum(['show', 'specialshow']),
  title: z.string(),
  cust_start: z.string(),
  cust_end: z.string(),
  starts_la: z.string(),
  ends_la: z.string(),
});
export const GiveawayWinnerRow = z.object({
  eventid: z.number().int(),
  giveaway_title: z.string(),
  prize: z.string(),
  /** First name and last initial ('Ruby A.'): nothing else of a winner is ever shown. */
  winner: z.string(),
  drawn_at: z.string(),
  drawn_la: z.string(),
});
export const LeaderboardRow = z.object({
  /** 1, 2, 3 … by votes, ties to the earlier entry; null while counts are hidden. */
  place: z.number().int().nullable(),
  submission_id: z.number().int(),
  entrant: z.string(),
  caption: z.string(),
  /** null while the contest hides its counts (until voting closes), except to staff. */
  votes: z.number().int().nullable(),
});
export const ActivityRow = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  /** The event (show or giveaway) the line is about, when there is one. */
  eventid: z.number().int().nullable(),
  title: z.string(),
  detail: z.string(),
  points: z.number().int().nullable(),
});
export const RegistrationsByDayRow = z.object({
  day: z.string(),
  exhibition_id: z.number().int(),
  exhibition: z.string(),
  registrations: z.number().int(),
});
export const GiveawayEntriesRow = z.object({
  eventid: z.number().int(),
  title: z.string(),
  show_id: z.number().int().nullable(),
  show_title: z.string().nullable(),
  entries: z.number().int(),
  bonus_entries: z.number().int(),
  winners: z.number().int(),
});
export const PointsSummaryRow = z.object({
  reason: z.string(),
  lines: z.number().int(),
  viewers: z.number().int(),
  credited: z.number().int(),
  debited: z.number().int(),
});

/** Each report's columns: its row's fields, in the order the row schema names them. */
export const REPORT_COLUMNS: Record<ReportName, string[]> = {
  upcoming_shows: Object.keys(UpcomingShowRow.shape),
  past_giveaway_winners: Object.keys(GiveawayWinnerRow.shape),
  contest_leaderboard: Object.keys(LeaderboardRow.shape),
  my_activity: Object.keys(ActivityRow.shape),
  exhibition_registrations_by_day: Object.keys(RegistrationsByDayRow.shape),
  giveaway_entries_by_show: Object.keys(GiveawayEntriesRow.shape),
  points_ledger_summary: Object.keys(PointsSummaryRow.shape),
};

const answerOf = <N extends ReportName, R extends z.ZodObject>(name: N, row: R) =>
  z.object({
    name: z.literal(name),
    /** The rows' fields, in the order a table shows them. */
    columns: z.array(z.string()),
    rows: z.array(row),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    has_more: z.boolean(),
  });

export const ReportPage = z.discriminatedUnion('name', [
  answerOf('upcoming_shows', UpcomingShowRow),
  answerOf('past_giveaway_winners', GiveawayWinnerRow),
  answerOf('contest_leaderboard', LeaderboardRow),
  answerOf('my_activity', ActivityRow),
  answerOf('exhibition_registrations_by_day', RegistrationsByDayRow),
  answerOf('giveaway_entries_by_show', GiveawayEntriesRow),
  answerOf('points_ledger_summary', PointsSummaryRow),
]);
export type ReportPage = z.infer<typeof ReportPage>;
export type ReportRows<N extends ReportName> = Extract<ReportPage, { name: N }>['rows'][number];

export const reportCalls = {
  /**
   * GetSPData (token): one page of a named read-only report. Unknown names are a 400 listing the
   * reports; staff reports answer 403 to viewers.
   */
  run: defineCall({ method: 'POST', path: '/api/GetSPData', body: ReportRequest, response: envelopeOf(ReportPage) }),
};
