// The network's clock rules: shows run on America/Los_Angeles time. tzdiff is its UTC offset
// ('-07:00' in summer, '-08:00' in winter; '-07:00' is the spec's default).
export const SHOW_TIME_ZONE = 'America/Los_Angeles';
export const DEFAULT_TZDIFF = '-07:00';

// Made on first use: the first Intl format of a page is costly, and pages that only need the
// constants above should not pay for it.
let offsetFormat: Intl.DateTimeFormat | undefined;
let dayFormat: Intl.DateTimeFormat | undefined;

let cachedMinute = Number.NaN;
let cachedOffset = DEFAULT_TZDIFF;

/** The Los Angeles UTC offset at `at`, as '+HH:MM' / '-HH:MM' (remembered for the minute). */
export function laOffset(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== cachedMinute) {
    cachedOffset = computeOffset(at);
    cachedMinute = minute;
  }
  return cachedOffset;
}

function computeOffset(at: Date): string {
  offsetFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: SHOW_TIME_ZONE, timeZoneName: 'longOffset' });
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-]\d{2}:\d{2})/.exec(name);
  return match ? match[1]! : DEFAULT_TZDIFF;
}

/** The calendar day in Los Angeles at `at`, as YYYY-MM-DD. */
export function laDay(at: Date): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOW_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dayFormat.format(at);
}
