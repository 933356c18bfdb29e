// Stores what the browser reports on each route change (visit record, page view, events, time on
// page) with the IP taken from the request, and builds the staff report from it.
import type { z } from 'zod';
import type {
  AnalyticsReport,
  PageTimeRequest,
  PageViewRequest,
  TrackEventRequest,
  VisitRecord,
} from '../../../shared/contract/analytics';
import { laDay, laOffset } from '../../../shared/time';
import type { AppContext } from '../../context';
import { analyticsRepository as repo } from './analytics.repository';

const DAY_MS = 24 * 60 * 60_000;

/** The calendar day `count` days before `day` (both YYYY-MM-DD), whatever the clocks did in between. */
export function calendarDaysBefore(day: string, count: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date) - count * DAY_MS).toISOString().slice(0, 10);
}

/** The referrer's host without a leading www., or '' when there is none or it is ours. */
export function referrerHost(referrer: string, ownOrigin: string): string {
  if (!referrer) return '';
  try {
    const host = new URL(referrer).hostname.replace(/^www\./, '');
    return host === new URL(ownOrigin).hostname.replace(/^www\./, '') ? '' : host;
  } catch {
    return '';
  }
}

/** Who sent a record: the request's IP, and the viewer's id when a logged-in viewer sent it. */
export type Sender = { ip: string; userId: number | null };

export function createAnalyticsService(ctx: AppContext) {
  const { db, clock, config } = ctx;

  function stamp(sessionId: string, sender: Sender) {
    const now = clock.now();
    return { session_id: sessionId, user_id: sender.userId, day: laDay(now), created_at: now.toISOString() };
  }

  return {
    async recordVisit(visit: z.output<typeof VisitRecord>, sender: Sender) {
      await repo.insertVisit(db, {
        ...stamp(visit.session_id, sender),
        region: visit.region,
        ip_address: sender.ip,
        device_type: visit.device_type,
        resolution: visit.resolution.replace(/\s/g, '').replace('*', ' * '),
        route: visit.route,
        route_param: visit.route_param,
        invited_by: visit.invited_by,
        url_referrer: visit.url_referrer,
        referrer_host: referrerHost(visit.url_referrer, config.publicUrl),
        ref_id: visit.ref_id,
        full_url: visit.full_url,
      });
    },
    async recordPageView(view: z.output<typeof PageViewRequest>, sender: Sender) {
      await repo.insertPageView(db, {
        ...stamp(view.session_id, sender),
        path: view.path,
        title: view.title,
      });
    },
    async recordEvent(event: z.output<typeof TrackEventRequest>, sender: Sender) {
      await repo.insertEvent(db, {
        ...stamp(event.session_id, sender),
        category: event.category,
        action: event.action,
        label: event.label ?? '',
        value: event.value ?? null,
      });
    },
    /**
     * A page time sent as a beacon has no token: it belongs to the viewer of the same session's
     * latest visit from today or yesterday (Los Angeles), if that visit was made logged in.
     */
    async recordPageTime(time: z.output<typeof PageTimeRequest>, sender: Sender) {
      const userId =
        sender.userId ?? (await repo.latestVisitUser(db, time.session_id, calendarDaysBefore(laDay(clock.now()), 1)));
      await repo.insertPageTime(db, {
        ...stamp(time.session_id, { ...sender, userId }),
        route: time.route,
        seconds: time.seconds,
      });
    },

    /** The last `days` Los Angeles days, today included. */
    async report(days: number): Promise<AnalyticsReport> {
      const now = clock.now();
      // Counted in calendar days, not 24-hour steps: a day that springs forward is 23 hours long,
      // and stepping back over it landed a day too early (one bar too many).
      const fromDay = calendarDaysBefore(laDay(now), days - 1);
      // 08:00 UTC is 00:00 or 01:00 in Los Angeles: before any clock change that day, so midnight's offset.
      const fromIso = new Date(`${fromDay}T00:00:00${laOffset(new Date(`${fromDay}T08:00:00Z`))}`).toISOString();
      const [totals, byDay, topPages, referrers, refIdVisits, devices, events, timeOnPage] = await Promise.all([
        repo.totals(db, fromDay, fromIso),
        repo.byDay(db, fromDay),
        repo.topPages(db, fromDay),
        repo.visitsGroupedBy(db, fromDay, 'referrer_host'),
        repo.visitsGroupedBy(db, fromDay, 'ref_id'),
        repo.visitsGroupedBy(db, fromDay, 'device_type'),
        repo.events(db, fromDay),
        repo.timeOnPage(db, fromDay),
      ]);
      const signups = await repo.signupsByRefId(
        db,
        fromIso,
        refIdVisits.map((r) => r.key),
      );
      return {
        from: fromDay,
        to: laDay(now),
        totals,
        byDay,
        topPages,
        referrers,
        refIds: refIdVisits.map((r) => ({ ...r, signups: signups.get(r.key) ?? 0 })),
        devices,
        events,
        timeOnPage,
      };
    },
  };
}
