// What a datetime-local input means on the staff pages: a wall-clock time in Los Angeles, whatever
// the staff member's own zone. Converts both ways with laOffset (src/shared/time.ts).
import { laOffset, SHOW_TIME_ZONE } from '../../../../shared/time';

/** 'YYYY-MM-DDTHH:mm', the value of a datetime-local input. */
export const LA_INPUT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const wallFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOW_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const HOUR_MS = 3_600_000;

function offsetMinutes(at: Date): number {
  const [, sign, hours, minutes] = /^([+-])(\d{2}):(\d{2})$/.exec(laOffset(at)) ?? ['', '-', '07', '00'];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The Los Angeles wall clock at an instant, as a datetime-local value; '' for a bad instant. */
export function toLaInput(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const parts = Object.fromEntries(wallFormat.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * A Los Angeles wall-clock time as an instant with its offset ('2026-06-20T19:00:00-07:00'), or ''
 * when the value is not a datetime-local value. A time that happens twice (the hour after 1 AM
 * when clocks go back) is the first one, in daylight time; a time that never happens (the hour
 * after 2 AM when clocks go forward) moves forward by the hour skipped, as the clocks do.
 */
export function fromLaInput(value: string): string {
  const match = LA_INPUT_PATTERN.exec(value);
  if (!match) return '';
  const [, year, month, day, hour, minute] = match.map(Number);
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  // Date.UTC rolls February 30th over into March: such a value is no date at all.
  if (new Date(asUtc).toISOString().slice(0, 16) !== value) return '';
  // The offsets in force a day either side: every time in Los Angeles uses one of the two.
  const before = offsetMinutes(new Date(asUtc - 24 * HOUR_MS));
  const after = offsetMinutes(new Date(asUtc + 24 * HOUR_MS));
  const fits = [before, after].filter((offset) => toLaInput(new Date(asUtc - offset * 60_000).toISOString()) === value);
  // Several fits: the earliest instant is the one with the largest offset.
  const offset = fits.length ? Math.max(...fits) : before;
  const at = new Date(asUtc - offset * 60_000);
  return `${toLaInput(at.toISOString())}:00${formatOffset(offsetMinutes(at))}`;
}
