// Staff show reports (decision 090): the attendance funnel of a show and of a range of shows, the
// viewers at each step, viewers over time with the on-air marks, and site traffic over LA days.
import { z } from 'zod';
import { isRealDate } from '../validation';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { queryId } from './ids';

/** The funnel's steps, in order: each counts the viewers who also took every earlier step. */
export const FUNNEL_STEPS = ['rsvp', 'checkin', 'watched', 'entered', 'spun'] as const;
export type FunnelStepName = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Record<FunnelStepName, string> = {
  rsvp: 'RSVPed',
  checkin: 'Checked in',
  watched: 'Watched',
  entered: 'Entered the giveaway',
  spun: 'Spun the wheel',
};

/** Minutes watched for the third step: 1 to 240, 10 unless asked. */
export const WATCH_MINUTES = { min: 1, max: 240, default: 10 } as const;
export const FUNNEL_VIEWERS_PAGE_SIZE = 50;
/** A range of shows or of traffic covers at most this many LA days. */
export const STAFF_REPORT_MAX_DAYS = 366;

export const STAFF_REPORT_MESSAGES = {
  showNotFound: 'We could not find that show.',
  dayRange: 'The start date must not be after the end date.',
  dayRangeTooLong: `A date range covers at most ${STAFF_REPORT_MAX_DAYS} days.`,
  minutes: `minutes is a whole number from ${WATCH_MINUTES.min} to ${WATCH_MINUTES.max}.`,
} as const;

const minutes = z.coerce
  .number<number | string>({ error: STAFF_REPORT_MESSAGES.minutes })
  .int(STAFF_REPORT_MESSAGES.minutes)
  .min(WATCH_MINUTES.min, STAFF_REPORT_MESSAGES.minutes)
  .max(WATCH_MINUTES.max, STAFF_REPORT_MESSAGES.minutes)
  .default(WATCH_MINUTES.default);

const laDayField = (name: string) =>
  z.string({ error: `${name} is a date as YYYY-MM-DD.` }).refine(isRealDate, `${name} is a date as YYYY-MM-DD.`);

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** Two Los Angeles days, both included, in order and at most a year apart. */
function withDayRange<S extends z.ZodType<{ from: string; to: string }>>(schema: S): S {
  return schema
    .refine((p) => p.from <= p.to, { message: STAFF_REPORT_MESSAGES.dayRange, path: ['to'] })
    .refine((p) => daysBetween(p.from, p.to) < STAFF_REPORT_MAX_DAYS, {
      message: STAFF_REPORT_MESSAGES.dayRangeTooLong,
      path: ['to'],
    });
}

export const ShowParams = z.object({ eventid: queryId('eventid') });
export const FunnelQuery = z.object({ minutes });
export const FunnelViewersQuery = z.object({
  step: z.enum(FUNNEL_STEPS, { error: `step is one of ${FUNNEL_STEPS.join(', ')}.` }),
  minutes,
  page: z.coerce
    .number<number | string>({ error: 'page is a whole number from 1.' })
    .int('page is a whole number from 1.')
    .min(1, 'page is a whole number from 1.')
    .max(100_000, 'page is a whole number from 1.')
    .default(1),
});
export const FunnelRangeQuery = withDayRange(z.object({ from: laDayField('from'), to: laDayField('to'), minutes }));
export const TrafficQuery = withDayRange(z.object({ from: laDayField('from'), to: laDayField('to') }));

/** A share as a percentage with one decimal, or null when the step it is taken of is empty. */
const share = z.number().nullable();

export const FunnelStep = z.object({
  step: z.enum(FUNNEL_STEPS),
  label: z.string(),
  /** Viewers who took this step and every earlier one. */
  count: z.number().int(),
  /** Viewers who took this step, whatever they did before. */
  raw: z.number().int(),
  /** count as a share of the previous step's count (null for the first step). */
  fromPrevious: share,
  /** count as a share of the first step's count. */
  fromFirst: share,
});
export type FunnelStep = z.infer<typeof FunnelStep>;

export const ReportShow = z.object({
  eventid: z.number().int(),
  title: z.string(),
  type: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type ReportShow = z.infer<typeof ReportShow>;

export const ShowFunnel = z.object({ show: ReportShow, minutes: z.number().int(), steps: z.array(FunnelStep) });
export type ShowFunnel = z.infer<typeof ShowFunnel>;

export const FunnelViewer = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  rsvp_at: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  watched_minutes: z.number(),
  entered_at: z.string().nullable(),
  spun_at: z.string().nullable(),
});
export type FunnelViewer = z.infer<typeof FunnelViewer>;

export const FunnelViewerPage = z.object({
  eventid: z.number().int(),
  step: z.enum(FUNNEL_STEPS),
  minutes: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  viewers: z.array(FunnelViewer),
});
export type FunnelViewerPage = z.infer<typeof FunnelViewerPage>;

export const RangeFunnel = z.object({
  from: z.string(),
  to: z.string(),
  minutes: z.number().int(),
  shows: z.array(z.object({ show: ReportShow, steps: z.array(FunnelStep) })),
  /** Each step's counts summed over the shows, with the shares taken of the sums. */
  totals: z.array(FunnelStep),
});
export type RangeFunnel = z.infer<typeof RangeFunnel>;

/** The on-air actions marked on the viewers-over-time chart. */
export const ON_AIR_MARKS = ['go_live', 'next_segment', 'set_segment', 'draw', 'respin', 'end'] as const;

export const Audience = z.object({
  show: ReportShow,
  /** False when the show has no viewer samples (it was never on air with the console open). */
  sampled: z.boolean(),
  peak: z.number().int(),
  samples: z.array(z.object({ at: z.string(), viewers: z.number().int() })),
  marks: z.array(z.object({ at: z.string(), action: z.enum(ON_AIR_MARKS), detail: z.string() })),
});
export type Audience = z.infer<typeof Audience>;

const Count = z.object({ key: z.string(), count: z.number().int() });
export const Traffic = z.object({
  from: z.string(),
  to: z.string(),
  /** Every LA day of the range, zero included. */
  byDay: z.array(z.object({ day: z.string(), visits: z.number().int(), sessions: z.number().int() })),
  referrers: z.array(Count),
  campaigns: z.array(z.object({ key: z.string(), count: z.number().int(), signups: z.number().int() })),
  devices: z.array(Count),
  timeOnPage: z.array(z.object({ key: z.string(), medianSeconds: z.number(), views: z.number().int() })),
});
export type Traffic = z.infer<typeof Traffic>;

/** The viewers at a step as CSV (a file, not an envelope, so no call descriptor); step-up needed. */
export const FUNNEL_VIEWERS_CSV_PATH = '/api/staff/reports/funnel/:eventid/viewers.csv';
export const FUNNEL_VIEWER_CSV_COLUMNS = [
  'user_id',
  'name',
  'email',
  'rsvp_at',
  'checked_in_at',
  'watched_minutes',
  'entered_at',
  'spun_at',
] as const;

export const staffReportCalls = {
  /** Shows that have started, newest first: the report's show picker. */
  shows: defineCall({
    method: 'GET',
    path: '/api/staff/reports/shows',
    response: envelopeOf(ReportShow),
  }),
  funnel: defineCall({
    method: 'GET',
    path: '/api/staff/reports/funnel/:eventid',
    params: ShowParams,
    query: FunnelQuery,
    response: envelopeOf(ShowFunnel),
  }),
  viewers: defineCall({
    method: 'GET',
    path: '/api/staff/reports/funnel/:eventid/viewers',
    params: ShowParams,
    query: FunnelViewersQuery,
    response: envelopeOf(FunnelViewerPage),
  }),
  range: defineCall({
    method: 'GET',
    path: '/api/staff/reports/funnels',
    query: FunnelRangeQuery,
    response: envelopeOf(RangeFunnel),
  }),
  audience: defineCall({
    method: 'GET',
    path: '/api/staff/reports/audience/:eventid',
    params: ShowParams,
    response: envelopeOf(Audience),
  }),
  traffic: defineCall({
    method: 'GET',
    path: '/api/staff/reports/traffic',
    query: TrafficQuery,
    response: envelopeOf(Traffic),
  }),
};
