// What a visit record says about the browser (spec §3, §9): device type, screen resolution,
// region, and the route id taken from a path that ends in digits. Pure, so they are unit-tested.

/** Screens this wide or narrower count as mobile (spec §9). */
export const MOBILE_MAX_WIDTH = 700;

export type DeviceType = 'mobile' | 'desktop';

export function deviceType(screenWidth: number): DeviceType {
  return screenWidth <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
}

/** 'width * height', as the visit record stores it. */
export function resolution(width: number, height: number): string {
  return `${Math.round(width)} * ${Math.round(height)}`;
}

/** 'America/Los_Angeles | PDT': the time zone's name and its short abbreviation at `at`. */
export function region(timeZone: string, at: Date = new Date()): string {
  let abbreviation = '';
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at);
    abbreviation = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    // An unknown zone name: the record keeps the name alone.
  }
  return `${timeZone} | ${abbreviation}`;
}

/** The id at the end of a path (/past/42 → '42'), or '' when the last segment is not all digits. */
export function routeId(pathname: string): string {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return /^\d+$/.test(last) ? last : '';
}
