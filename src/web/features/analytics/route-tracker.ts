// On every route change: the visit record of spec §3 (uservisit) and a page view; when the page is
// hidden or the route left, the visible seconds on it (ptvl, page-time.ts). Kept at module level so
// a re-rendered or re-mounted layout cannot send the same route twice.
import type { VisitRecord } from '../../../shared/contract/analytics';
import { COOKIES, LOCAL_KEYS, local, readCookie } from '../../lib/browser-storage';
import { createPageTimer, listenForPageTime } from './page-time';
import { analyticsSessionId, analyticsWrites, beaconAnalytics, postAnalytics } from './send';
import { deviceType, region, resolution, routeId } from './visit-facts';

/** The contract's PAGE_TIME_MAX_PATH, written out (no zod in the first bundle). */
const PAGE_TIME_MAX_PATH = 200;

let lastKey: string | null = null;
let isListening = false;

const pageTimer = createPageTimer(
  { now: () => performance.now(), isVisible: () => document.visibilityState === 'visible' },
  (route, seconds) =>
    beaconAnalytics(analyticsWrites.pageTime, { body: { session_id: analyticsSessionId(), route, seconds } }),
);

export function visitRecord(sessionId: string, pathname: string, href: string): VisitRecord {
  const { width, height } = window.screen;
  return {
    session_id: sessionId,
    region: region(Intl.DateTimeFormat().resolvedOptions().timeZone).slice(0, 100),
    device_type: deviceType(width || window.innerWidth),
    resolution: resolution(width || window.innerWidth, height || window.innerHeight),
    route: pathname.slice(0, 300),
    route_param: routeId(pathname),
    invited_by: (local.get(LOCAL_KEYS.sharedInviteCode) ?? '').slice(0, 32),
    url_referrer: local.get(LOCAL_KEYS.referrer) ?? '',
    ref_id: readCookie(COOKIES.refId) ?? '',
    full_url: href.slice(0, 2000),
  };
}

/** Records a route change once per history entry (`key`). */
export function trackRouteChange({ key, pathname, title }: { key: string; pathname: string; title: string }): void {
  if (key === lastKey) return;
  const isFirst = lastKey === null;
  lastKey = key;
  if (!isListening) {
    isListening = true;
    listenForPageTime(pageTimer, { window, document });
  }
  pageTimer.show(pathname.slice(0, PAGE_TIME_MAX_PATH));
  const sessionId = analyticsSessionId();
  void postAnalytics(analyticsWrites.visit, { body: visitRecord(sessionId, pathname, window.location.href) });
  void postAnalytics(analyticsWrites.pageView, {
    body: { session_id: sessionId, path: pathname.slice(0, 300), title: title.slice(0, 200) },
  });
  // GA and Clarity follow history changes themselves; the pixel counts its first view on load.
  if (!isFirst) window.fbq?.('track', 'PageView');
}
