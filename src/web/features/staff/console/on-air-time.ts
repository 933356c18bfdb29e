// Clock sums for the console: time on air, time left against the schedule, how long the current
// segment has run against its plan, and the durations as a producer reads them (1:05:09, 4:07).
import type { ConsoleShow, Segment } from '../../../../shared/contract/console';

/** h:mm:ss from an hour up, else m:ss; a negative span reads with a leading minus. */
export function clockText(ms: number): string {
  const sign = ms < 0 ? '−' : '';
  const total = Math.floor(Math.abs(ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${sign}${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${sign}${minutes}:${ss}`;
}

/** The same span in words for screen readers: '1 hour 5 minutes', '4 minutes 7 seconds'. */
export function clockWords(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const parts: [number, string][] = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total < 3600 ? total % 60 : 0, 'second'],
  ];
  const words = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`);
  return words.length ? words.join(' ') : '0 seconds';
}

/** How long the show has been on air (0 before it went live; frozen at the end once ended). */
export function timeOnAirMs(show: Pick<ConsoleShow, 'went_live_at' | 'cust_end' | 'state'>, now: number): number {
  if (!show.went_live_at) return 0;
  const start = Date.parse(show.went_live_at);
  const stop = show.state === 'ended' ? Math.min(now, Date.parse(show.cust_end)) : now;
  return Math.max(0, stop - start);
}

/** Time left until the scheduled end; negative once the show runs past it. */
export function timeLeftMs(show: Pick<ConsoleShow, 'cust_end'>, now: number): number {
  return Date.parse(show.cust_end) - now;
}

export type SegmentTiming = { elapsedMs: number; plannedMs: number; isOver: boolean; overMs: number };

/** How long a started segment has run (to its end, or to now) against its planned minutes. */
export function segmentTiming(
  segment: Pick<Segment, 'started_at' | 'ended_at' | 'planned_minutes'>,
  now: number,
): SegmentTiming | null {
  if (!segment.started_at) return null;
  const stop = segment.ended_at ? Date.parse(segment.ended_at) : now;
  const elapsedMs = Math.max(0, stop - Date.parse(segment.started_at));
  const plannedMs = segment.planned_minutes * 60_000;
  return { elapsedMs, plannedMs, isOver: elapsedMs > plannedMs, overMs: Math.max(0, elapsedMs - plannedMs) };
}

/** Planned minutes of the whole rundown. */
export function plannedTotalMinutes(segments: Pick<Segment, 'planned_minutes'>[]): number {
  return segments.reduce((sum, segment) => sum + segment.planned_minutes, 0);
}

/** Moves the item at `from` to `to` (both clamped into the list); the list itself is left alone. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}
