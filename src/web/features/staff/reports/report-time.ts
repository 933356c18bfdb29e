// Times and days on the staff reports, always in Los Angeles time (the network's clock).
import { laDay, SHOW_TIME_ZONE } from '../../../../shared/time';

const clockFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: SHOW_TIME_ZONE });
const stampFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SHOW_TIME_ZONE,
});

/** '7:22 PM' in Los Angeles. */
export function laClock(iso: string): string {
  return clockFormat.format(new Date(iso));
}

/** 'Jun 13, 7:22 PM' in Los Angeles, or '—' when the step was not taken. */
export function laStamp(iso: string | null): string {
  return iso ? stampFormat.format(new Date(iso)) : '—';
}

/** The calendar day `count` days before `day` (both YYYY-MM-DD). */
export function daysBefore(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - count * 86_400_000).toISOString().slice(0, 10);
}

/** The last 30 Los Angeles days, today included. */
export function defaultRange(now: Date): { from: string; to: string } {
  const to = laDay(now);
  return { from: daysBefore(to, 29), to };
}

/** '66.7%' or '—' when there is nothing to take a share of. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${share.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}
