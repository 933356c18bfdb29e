// Pure helpers for the staff analytics report: the full run of days for the chart, and numbers,
// days and durations written the way a person reads them.
import type { AnalyticsReport } from '../../../shared/contract/analytics';

const DAY_MS = 24 * 60 * 60_000;

type DayCount = AnalyticsReport['byDay'][number];

function utcMs(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included), with zero for days without visits. */
export function everyDay(from: string, to: string, byDay: readonly DayCount[]): DayCount[] {
  const counted = new Map(byDay.map((row) => [row.day, row]));
  const days: DayCount[] = [];
  for (let ms = utcMs(from); ms <= utcMs(to); ms += DAY_MS) {
    const day = isoDay(ms);
    days.push(counted.get(day) ?? { day, visits: 0, sessions: 0 });
  }
  return days;
}

const dayFormats = {
  short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  withoutYear: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }),
};

/** 'Mar 3' (short) or 'Mon, Mar 3, 2025' (long) for a YYYY-MM-DD calendar day. */
export function formatDay(day: string, style: 'short' | 'long' = 'short'): string {
  return dayFormats[style].format(new Date(utcMs(day)));
}

/** 'Sun, Nov 22, 2026' for one day; 'Mon, Nov 16 to Sun, Nov 22, 2026' (the year once when both share it). */
export function formatDayRange(from: string, to: string): string {
  if (from === to) return formatDay(to, 'long');
  const start =
    from.slice(0, 4) === to.slice(0, 4)
      ? dayFormats.withoutYear.format(new Date(utcMs(from)))
      : formatDay(from, 'long');
  return `${start} to ${formatDay(to, 'long')}`;
}

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(count: number): string {
  return numberFormat.format(count);
}

/** '45 s', '2 min 05 s', '1 h 02 min'. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** True when nothing at all was recorded in the period. */
export function isEmptyReport(report: AnalyticsReport): boolean {
  const { visits, pageViews, signups } = report.totals;
  return (
    visits === 0 && pageViews === 0 && signups === 0 && report.events.length === 0 && report.timeOnPage.length === 0
  );
}

/** A bar's length as a percentage of the largest value; a non-zero value always shows a sliver. */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(2, Math.round((value / max) * 100));
}

/** One label under the visits chart: the day it names, where its bar's centre is, and how the text hangs from there. */
export type DayTick = { index: number; day: string; centrePercent: number; align: 'start' | 'centre' | 'end' };

/**
 * The centre of day `index` of `count` across the chart, as a percentage of its width. Every day
 * has an equal slot and its bar is centred in it, so a label placed here sits under its own bar.
 */
export function dayCentrePercent(index: number, count: number): number {
  return ((index + 0.5) / count) * 100;
}

/**
 * The days that get a label: every day when there are at most `maxLabels`, else the first, the
 * last and evenly spaced days between. When labels are fewer than days, a slot is narrower than
 * its text, so the first label starts at its tick and the last ends at its tick (keeping both
 * inside the chart); the others are centred on their bar's tick.
 */
export function dayTicks(days: readonly string[], maxLabels: number): DayTick[] {
  const count = days.length;
  if (count === 0) return [];
  const isDense = count > maxLabels;
  const slots = Math.max(1, Math.min(count, maxLabels));
  const indices =
    slots === 1
      ? [0]
      : [...new Set(Array.from({ length: slots }, (_, i) => Math.round((i * (count - 1)) / (slots - 1))))];
  return indices.map((index, i) => ({
    index,
    day: days[index] ?? '',
    centrePercent: dayCentrePercent(index, count),
    align: !isDense || count === 1 ? 'centre' : i === 0 ? 'start' : i === indices.length - 1 ? 'end' : 'centre',
  }));
}
