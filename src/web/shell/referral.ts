// Referral tracking (spec §1): a refid query parameter on any page is kept in the refId cookie
// for 90 days and sent with a registration.
import { COOKIES, REF_ID_DAYS, writeCookie } from '../lib/browser-storage';

/** The server keeps at most 100 characters of it. */
const REF_ID_MAX = 100;

export function referralFrom(search: string): string | null {
  const refid = new URLSearchParams(search).get('refid')?.trim();
  return refid ? refid.slice(0, REF_ID_MAX) : null;
}

export function captureReferral(search: string): void {
  const refid = referralFrom(search);
  if (refid) writeCookie(COOKIES.refId, refid, REF_ID_DAYS);
}
