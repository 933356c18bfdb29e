// Referral tracking (spec §1, §3, §4): a refid query parameter on any page is kept in the refId
// cookie for 90 days (and as the shared invite code when none is kept yet), and a visit from
// another site keeps that site's host and URL. Our own host is never stored as a referrer.
import { COOKIES, LOCAL_KEYS, REF_ID_DAYS, local, writeCookie } from '../lib/browser-storage';

/** The server keeps at most 100 characters of it. */
const REF_ID_MAX = 100;

export function referralFrom(search: string): string | null {
  const refid = new URLSearchParams(search).get('refid')?.trim();
  return refid ? refid.slice(0, REF_ID_MAX) : null;
}

export function captureReferral(search: string): void {
  const refid = referralFrom(search);
  if (!refid) return;
  writeCookie(COOKIES.refId, refid, REF_ID_DAYS);
  if (!local.get(LOCAL_KEYS.sharedInviteCode)) local.set(LOCAL_KEYS.sharedInviteCode, refid);
}

const withoutWww = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** The referring site ({ source: host without www., url }) when it is an http(s) page of another host. */
export function externalReferrer(referrer: string, ownHost: string): { source: string; url: string } | null {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const source = withoutWww(url.hostname);
  return source && source !== withoutWww(ownHost) ? { source, url: referrer.slice(0, 2000) } : null;
}

export function captureReferrer(
  referrer: string = document.referrer,
  ownHost: string = window.location.hostname,
): void {
  const external = externalReferrer(referrer, ownHost);
  if (!external) return;
  local.set(LOCAL_KEYS.refSource, external.source);
  local.set(LOCAL_KEYS.referrer, external.url);
}
