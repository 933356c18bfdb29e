// The named reports' rules (decision 076): who may run which report, what each one may show (private
// events, winners' names, hidden contest counts, one's own activity only) and the paging. Reads only.
import {
  ACTIVITY_KINDS,
  REPORT_AUDIENCE,
  REPORT_COLUMNS,
  REPORT_MESSAGES,
  type ReportPage,
  type ReportRequest,
} from '../../../shared/contract/reports';
import { contestPhase, countsVisible } from '../../../shared/contest-phase';
import { laOffset, SHOW_TIME_ZONE } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { publicName } from '../giveaways/giveaways.service';
import { reportsRepository, type PageWindow } from './reports.repository';

const DAY_MS = 86_400_000;

let wallClock: Intl.DateTimeFormat | undefined;

/** An instant as Los Angeles wall-clock time, 'YYYY-MM-DD HH:mm'. */
export function laDateTime(iso: string): string {
  wallClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOW_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = new Map(wallClock.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The UTC instant at which a Los Angeles calendar day (YYYY-MM-DD) begins. */
export function laDayStart(day: string): string {
  // Clocks change at 02:00 local, so the offset at 08:00 UTC is the one in force at local midnight.
  return new Date(`${day}T00:00:00${laOffset(new Date(`${day}T08:00:00Z`))}`).toISOString();
}

/** The day after a calendar day, as YYYY-MM-DD. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The LA-day bounds [from, before) of an optional range, as UTC instants. */
function instantRange(range: { from?: string; to?: string }) {
  return {
    ...(range.from ? { from: laDayStart(range.from) } : {}),
    ...(range.to ? { before: laDayStart(nextDay(range.to)) } : {}),
  };
}

export function createReportsService(ctx: AppContext) {
  const { db, clock } = ctx;

  function pageOf<N extends ReportRequest['name'], R>(
    request: { name: N; page: number; per_page: number },
    window: PageWindow,
    result: { rows: R[]; total: number },
  ) {
    return {
      name: request.name,
      columns: REPORT_COLUMNS[request.name],
      rows: result.rows,
      page: request.page,
      per_page: request.per_page,
      total: result.total,
      has_more: window.offset + result.rows.length < result.total,
    };
  }

  return {
    /** One page of the named report, for `user`; staff reports refuse viewers with 403. */
    async run(user: UserRow, request: ReportRequest): Promise<ReportPage> {
      const isStaff = user.is_staff === 1;
      if (REPORT_AUDIENCE[request.name] === 'staff' && !isStaff) throw forbidden(REPORT_MESSAGES.staffOnly);
      const window: PageWindow = { limit: request.per_page, offset: (request.page - 1) * request.per_page };
      const viewerId = isStaff ? null : user.id;

      switch (request.name) {
        case 'upcoming_shows': {
          const now = clock.now();
          const result = await reportsRepository.upcomingShows(
            db,
            {
              types: request.params.type ? [request.params.type] : ['show', 'specialshow'],
              now: now.toISOString(),
              until: new Date(now.getTime() + request.params.days * DAY_MS).toISOString(),
              viewerId,
            },
            window,
          );
          return pageOf(request, window, {
            total: result.total,
            rows: result.rows.map((row) => ({
              eventid: row.id,
              type: row.type,
              title: row.title,
              cust_start: row.cust_start,
              cust_end: row.cust_end,
              starts_la: laDateTime(row.cust_start),
              ends_la: laDateTime(row.cust_end),
            })),
          });
        }
        case 'past_giveaway_winners': {
          const result = await reportsRepository.giveawayWinners(
            db,
            { eventId: request.params.eventid, ...instantRange(request.params), viewerId },
            window,
          );
          return pageOf(request, window, {
            total: result.total,
            rows: result.rows.map((row) => ({
              eventid: row.giveaway_id,
              giveaway_title: row.title,
              prize: row.prize,
              winner: publicName(row.first_name, row.last_name),
              drawn_at: row.drawn_at,
              drawn_la: laDateTime(row.drawn_at),
            })),
          });
        }
        case 'contest_leaderboard': {
          const contest = await reportsRepository.contest(db, request.params.contest_id);
          if (!contest) throw notFound(REPORT_MESSAGES.contestNotFound);
          // The contest's own rule (decision 062): counts, and so places, only once they may be shown.
          const shown = isStaff || countsVisible(contest.show_counts === 1, contestPhase(contest, clock.now()));
          const result = await reportsRepository.leaderboard(db, contest.id, shown, window);
          return pageOf(request, window, {
            total: result.total,
            rows: result.rows.map((row, i) => ({
              place: shown ? window.offset + i + 1 : null,
              submission_id: row.id,
              entrant: publicName(row.first_name, row.last_name),
              caption: row.caption,
              votes: shown ? row.votes : null,
            })),
          });
        }
        case 'my_activity': {
          // Always the caller's own id, staff included: there is no parameter to name anyone else.
          const kinds = request.params.kind ? [request.params.kind] : ACTIVITY_KINDS;
          return pageOf(request, window, await reportsRepository.activity(db, user.id, kinds, window));
        }
        case 'exhibition_registrations_by_day': {
          const result = await reportsRepository.registrationsByDay(
            db,
            { from: request.params.from, to: request.params.to, exhibitionId: request.params.exhibition_id },
            window,
          );
          return pageOf(request, window, {
            total: result.total,
            rows: result.rows.map((row) => ({
              day: row.day,
              exhibition_id: row.exhibition_id,
              exhibition: row.name,
              registrations: row.registrations,
            })),
          });
        }
        case 'giveaway_entries_by_show': {
          const result = await reportsRepository.giveawayEntries(db, { showId: request.params.show_id }, window);
          return pageOf(request, window, {
            total: result.total,
            rows: result.rows.map((row) => ({
              eventid: row.event_id,
              title: row.title,
              show_id: row.show_id,
              show_title: row.show_title,
              entries: row.entries,
              bonus_entries: row.bonus_entries,
              winners: row.winners,
            })),
          });
        }
        case 'points_ledger_summary': {
          const range = { from: laDayStart(request.params.from), before: laDayStart(nextDay(request.params.to)) };
          return pageOf(request, window, await reportsRepository.pointsByReason(db, range, window));
        }
      }
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
