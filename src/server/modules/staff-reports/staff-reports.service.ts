// The staff show reports (decision 090): a show's attendance funnel from its rows, the viewers at a
// step (page and CSV), the funnel over a range of shows, viewers over time, and traffic by LA day.
import {
  FUNNEL_STEP_LABELS,
  FUNNEL_STEPS,
  FUNNEL_VIEWER_CSV_COLUMNS,
  FUNNEL_VIEWERS_PAGE_SIZE,
  ON_AIR_MARKS,
  STAFF_REPORT_MESSAGES,
  type Audience,
  type FunnelStep,
  type FunnelStepName,
  type FunnelViewer,
  type FunnelViewerPage,
  type RangeFunnel,
  type ReportShow,
  type ShowFunnel,
  type Traffic,
} from '../../../shared/contract/staff-reports';
import { csvText } from '../../../shared/csv';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { analyticsRepository } from '../analytics/analytics.repository';
import { laDayStart } from '../reports/reports.service';
import { staffReportsRepository as repo } from './staff-reports.repository';

const DAY_MS = 86_400_000;
/** The show picker lists this many started shows, newest first. */
const PICKER_SHOWS = 100;

type ShowRow = { id: number; title: string; type: string; cust_start: string; cust_end: string };

/** What each viewer of a show did: the first time of each step, and the seconds in the watch log. */
type Trail = {
  rsvp: string | null;
  checkin: string | null;
  watchedSeconds: number;
  watchStarted: string | null;
  entered: string | null;
  spun: string | null;
};

/** Whole minutes watched: the watch log's seconds, rounded down (decision 090). */
export const watchedMinutes = (seconds: number) => Math.floor(seconds / 60);

/** A share as a percentage with one decimal; null when there is nothing to take it of. */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

function tookStep(trail: Trail, step: FunnelStepName, minutes: number): boolean {
  switch (step) {
    case 'rsvp':
      return trail.rsvp !== null;
    case 'checkin':
      return trail.checkin !== null;
    case 'watched':
      return watchedMinutes(trail.watchedSeconds) >= minutes;
    case 'entered':
      return trail.entered !== null;
    case 'spun':
      return trail.spun !== null;
  }
}

/** Took `step` and every step before it: the viewers the funnel counts at `step`. */
function reached(trail: Trail, step: FunnelStepName, minutes: number): boolean {
  return FUNNEL_STEPS.slice(0, FUNNEL_STEPS.indexOf(step) + 1).every((s) => tookStep(trail, s, minutes));
}

/** Each step's funnel and raw counts, with the shares of the previous and the first step. */
export function funnelSteps(counts: { step: FunnelStepName; count: number; raw: number }[]): FunnelStep[] {
  const first = counts[0]?.count ?? 0;
  return counts.map((c, i) => ({
    ...c,
    label: FUNNEL_STEP_LABELS[c.step],
    fromPrevious: i === 0 ? null : shareOf(c.count, counts[i - 1]?.count ?? 0),
    fromFirst: shareOf(c.count, first),
  }));
}

const toShow = (row: ShowRow): ReportShow => ({
  eventid: row.id,
  title: row.title,
  type: row.type,
  starts_at: row.cust_start,
  ends_at: row.cust_end,
});

/** The UTC instant a Los Angeles day ends (the next day's start). */
function laDayEnd(day: string): string {
  return laDayStart(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10));
}

function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS)
    days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

export function createStaffReportsService(ctx: AppContext) {
  const { db, clock } = ctx;

  async function showOf(eventId: number): Promise<ShowRow> {
    const show = await repo.show(db, eventId);
    if (!show) throw notFound(STAFF_REPORT_MESSAGES.showNotFound);
    return show;
  }

  /** Every viewer who took at least one step of the show, with what they did. */
  async function trails(showId: number): Promise<Map<number, Trail>> {
    const [rsvps, checkins, watches, entries, spins] = await Promise.all([
      repo.rsvps(db, showId),
      repo.checkins(db, showId),
      repo.watchLogs(db, showId),
      repo.entries(db, showId),
      repo.spins(db, showId),
    ]);
    const byViewer = new Map<number, Trail>();
    const of = (userId: number) => {
      let trail = byViewer.get(userId);
      if (!trail) {
        trail = { rsvp: null, checkin: null, watchedSeconds: 0, watchStarted: null, entered: null, spun: null };
        byViewer.set(userId, trail);
      }
      return trail;
    };
    for (const r of rsvps) of(r.user_id).rsvp = r.at;
    for (const r of checkins) of(r.user_id).checkin = r.at;
    for (const r of watches) Object.assign(of(r.user_id), { watchedSeconds: r.seconds, watchStarted: r.started_at });
    for (const r of entries) of(r.user_id).entered = r.at;
    for (const r of spins) of(r.user_id).spun = r.at;
    return byViewer;
  }

  function count(all: Map<number, Trail>, minutes: number) {
    const list = [...all.values()];
    return FUNNEL_STEPS.map((step) => ({
      step,
      count: list.filter((t) => reached(t, step, minutes)).length,
      raw: list.filter((t) => tookStep(t, step, minutes)).length,
    }));
  }

  /** The viewers the funnel counts at `step`, in the order they first took the first step. */
  async function viewersAt(showId: number, step: FunnelStepName, minutes: number): Promise<FunnelViewer[]> {
    const all = await trails(showId);
    const ids = [...all].filter(([, t]) => reached(t, step, minutes)).map(([id]) => id);
    const people = new Map((await repo.people(db, ids)).map((p) => [p.id, p]));
    return ids
      .map((id) => {
        const t = all.get(id);
        const person = people.get(id);
        return {
          user_id: id,
          name: [person?.first_name, person?.last_name].filter(Boolean).join(' '),
          email: person?.email ?? '',
          rsvp_at: t?.rsvp ?? null,
          checked_in_at: t?.checkin ?? null,
          watched_minutes: watchedMinutes(t?.watchedSeconds ?? 0),
          entered_at: t?.entered ?? null,
          spun_at: t?.spun ?? null,
        };
      })
      .sort((a, b) => (a.rsvp_at ?? '').localeCompare(b.rsvp_at ?? '') || a.user_id - b.user_id);
  }

  return {
    async shows(): Promise<ReportShow[]> {
      return (await repo.startedShows(db, clock.now().toISOString(), PICKER_SHOWS)).map(toShow);
    },

    async funnel(eventId: number, minutes: number): Promise<ShowFunnel> {
      const show = await showOf(eventId);
      return { show: toShow(show), minutes, steps: funnelSteps(count(await trails(show.id), minutes)) };
    },

    async viewers(eventId: number, step: FunnelStepName, minutes: number, page: number): Promise<FunnelViewerPage> {
      const show = await showOf(eventId);
      const all = await viewersAt(show.id, step, minutes);
      const start = (page - 1) * FUNNEL_VIEWERS_PAGE_SIZE;
      return {
        eventid: show.id,
        step,
        minutes,
        page,
        page_size: FUNNEL_VIEWERS_PAGE_SIZE,
        total: all.length,
        viewers: all.slice(start, start + FUNNEL_VIEWERS_PAGE_SIZE),
      };
    },

    async viewersCsv(eventId: number, step: FunnelStepName, minutes: number): Promise<string> {
      const show = await showOf(eventId);
      const rows = await viewersAt(show.id, step, minutes);
      return csvText(
        FUNNEL_VIEWER_CSV_COLUMNS,
        rows.map((r) => FUNNEL_VIEWER_CSV_COLUMNS.map((column) => r[column])),
      );
    },

    async range(from: string, to: string, minutes: number): Promise<RangeFunnel> {
      const shows = await repo.showsBetween(db, laDayStart(from), laDayEnd(to));
      const rows: { show: ReportShow; counts: ReturnType<typeof count> }[] = [];
      for (const show of shows) rows.push({ show: toShow(show), counts: count(await trails(show.id), minutes) });
      const totals = FUNNEL_STEPS.map((step, i) => ({
        step,
        count: rows.reduce((sum, r) => sum + (r.counts[i]?.count ?? 0), 0),
        raw: rows.reduce((sum, r) => sum + (r.counts[i]?.raw ?? 0), 0),
      }));
      return {
        from,
        to,
        minutes,
        shows: rows.map((r) => ({ show: r.show, steps: funnelSteps(r.counts) })),
        totals: funnelSteps(totals),
      };
    },

    async audience(eventId: number): Promise<Audience> {
      const show = await showOf(eventId);
      const [samples, marks] = await Promise.all([repo.samples(db, show.id), repo.marks(db, show.id)]);
      const points = samples.map((s) => ({ at: s.at, viewers: Number(s.viewers) }));
      return {
        show: toShow(show),
        sampled: points.length > 0,
        peak: points.reduce((peak, s) => Math.max(peak, s.viewers), 0),
        samples: points,
        marks: marks.flatMap((m) => {
          const action = ON_AIR_MARKS.find((a) => a === m.action);
          return action ? [{ at: m.created_at, action, detail: m.detail }] : [];
        }),
      };
    },

    async traffic(from: string, to: string): Promise<Traffic> {
      const analytics = analyticsRepository;
      const [byDay, referrers, campaigns, devices, timeOnPage] = await Promise.all([
        analytics.byDay(db, from, to),
        analytics.visitsGroupedBy(db, from, 'referrer_host', to),
        analytics.visitsGroupedBy(db, from, 'ref_id', to),
        analytics.visitsGroupedBy(db, from, 'device_type', to),
        analytics.timeOnPage(db, from, to),
      ]);
      const signups = await analytics.signupsByRefId(
        db,
        laDayStart(from),
        campaigns.map((c) => c.key),
        laDayEnd(to),
      );
      const counted = new Map(byDay.map((d) => [d.day, d]));
      return {
        from,
        to,
        byDay: everyDay(from, to).map((day) => counted.get(day) ?? { day, visits: 0, sessions: 0 }),
        referrers,
        campaigns: campaigns.map((c) => ({ ...c, signups: signups.get(c.key) ?? 0 })),
        devices,
        timeOnPage,
      };
    },
  };
}

export type StaffReportsService = ReturnType<typeof createStaffReportsService>;
