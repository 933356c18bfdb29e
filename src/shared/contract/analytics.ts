// First-party analytics (spec §3 visit record, §7 pageview and ptvl): what the browser sends on
// every route change, and the staff report built from it.
import { z } from 'zod';
import { EmptyResponse } from './auth';
import { defineCall } from './call';
import { envelopeOf } from './envelope';

const sessionId = z.string({ error: 'session_id is required.' }).uuid('session_id must be a UUID.');
const text = (max: number) => z.string().max(max, `Keep it under ${max} characters.`);
const urlOrEmpty = z
  .string()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Expected an http(s) URL or an empty string.');

export const DEVICE_TYPES = ['mobile', 'desktop'] as const;

export const VisitRecord = z.object({
  session_id: sessionId,
  region: text(100).default(''),
  device_type: z.enum(DEVICE_TYPES, { error: "device_type is 'mobile' or 'desktop'." }),
  resolution: z.string().regex(/^\d{1,5} ?\* ?\d{1,5}$/, 'resolution is "width * height".'),
  route: z.string().min(1, 'route is required.').max(300).regex(/^\//, 'route starts with /.'),
  route_param: text(50).default(''),
  invited_by: text(32).default(''),
  url_referrer: urlOrEmpty.default(''),
  ref_id: text(100).default(''),
  full_url: urlOrEmpty,
});
export type VisitRecord = z.input<typeof VisitRecord>;

export const PageViewRequest = z.object({
  session_id: sessionId,
  path: z.string().min(1).max(300).regex(/^\//, 'path starts with /.'),
  title: text(200).default(''),
});
export type PageViewRequest = z.input<typeof PageViewRequest>;

export const TrackEventRequest = z.object({
  session_id: sessionId,
  category: z.string({ error: 'An event needs a category.' }).trim().min(1, 'An event needs a category.').max(60),
  action: z.string({ error: 'An event needs an action.' }).trim().min(1, 'An event needs an action.').max(60),
  label: text(200).optional(),
  value: z.number().finite().optional(),
});
export type TrackEventRequest = z.input<typeof TrackEventRequest>;

/** The longest time on one page that is recorded: a day. */
export const PAGE_TIME_MAX_SECONDS = 86_400;
/** The longest page path a page time names. */
export const PAGE_TIME_MAX_PATH = 200;

const wholeSeconds = `seconds is a whole number from 1 to ${PAGE_TIME_MAX_SECONDS.toLocaleString('en-US')}.`;

/** ptvl: the visible seconds on one page. `route` keeps its name (decision 077): it is the page path. */
export const PageTimeRequest = z.object({
  session_id: sessionId,
  route: z
    .string({ error: 'route is required: the page path, starting with /.' })
    .min(1, 'route is required: the page path, starting with /.')
    .max(PAGE_TIME_MAX_PATH, `route is at most ${PAGE_TIME_MAX_PATH} characters.`)
    .regex(/^\//, 'route starts with /.'),
  seconds: z
    .number({ error: wholeSeconds })
    .int(wholeSeconds)
    .min(1, wholeSeconds)
    .max(PAGE_TIME_MAX_SECONDS, wholeSeconds),
});
export type PageTimeRequest = z.input<typeof PageTimeRequest>;

export const ReportQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => [1, 7, 30, 90].includes(d), 'days is 1, 7, 30 or 90.')
    .default(7),
});

const Count = z.object({ key: z.string(), count: z.number().int() });
export const AnalyticsReport = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    visits: z.number().int(),
    sessions: z.number().int(),
    pageViews: z.number().int(),
    signups: z.number().int(),
  }),
  byDay: z.array(z.object({ day: z.string(), visits: z.number().int(), sessions: z.number().int() })),
  topPages: z.array(Count),
  referrers: z.array(Count),
  refIds: z.array(z.object({ key: z.string(), count: z.number().int(), signups: z.number().int() })),
  devices: z.array(Count),
  events: z.array(Count),
  /** Per page path: the median visible seconds of its timed views (the mean of the middle two when even). */
  timeOnPage: z.array(z.object({ key: z.string(), medianSeconds: z.number(), views: z.number().int() })),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;
export const AnalyticsReportResponse = envelopeOf(AnalyticsReport);

export const analyticsCalls = {
  /** uservisit: the visit record of spec §3, on every route change (the IP is read from the request). */
  visit: defineCall({ method: 'POST', path: '/api/uservisit', body: VisitRecord, response: EmptyResponse }),
  /** pageview: one page view. */
  pageView: defineCall({ method: 'POST', path: '/api/pageview', body: PageViewRequest, response: EmptyResponse }),
  /** trackevent: an interaction; category and action are required. */
  trackEvent: defineCall({
    method: 'POST',
    path: '/api/trackevent',
    body: TrackEventRequest,
    response: EmptyResponse,
  }),
  /** ptvl: the visible seconds on a page, sent when it is hidden or left (often as a beacon, without a token). */
  pageTime: defineCall({ method: 'POST', path: '/api/ptvl', body: PageTimeRequest, response: EmptyResponse }),
  /** staff/analytics (staff token): the report of the last 1, 7, 30 or 90 days. */
  report: defineCall({
    method: 'GET',
    path: '/api/staff/analytics',
    query: ReportQuery,
    response: AnalyticsReportResponse,
  }),
};
