// On every route change: the visit record of spec §3 (uservisit) and a page view; on leaving a
// route, the seconds spent on it (ptvl). Kept at module level so a re-rendered or re-mounted
// layout cannot send the same route twice.
import type { VisitRecord } from '../../../shared/contract/analytics';
import { COOKIES, LOCAL_KEYS, local, readCookie } from '../../lib/browser-storage';
import { analyticsSessionId, analyticsWrites, postAnalytics } from './send';
import { deviceType, region, resolution, routeId } from './visit-facts';

type Shown = { route: string; startedAt: number };

let shown: Shown | null = null;
let lastKey: string | null = null;
let isListening = false;

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

function leaveRoute(): void {
  if (!shown) return;
  // The contract's PAGE_TIME_MAX_SECONDS, written out: importing the contract would bring zod to the first bundle.
  const seconds = Math.min(86_400, Math.round((performance.now() - shown.startedAt) / 1000));
  void postAnalytics(analyticsWrites.pageTime, {
    body: { session_id: analyticsSessionId(), route: shown.route, seconds },
  });
  shown = null;
}

function listenForPageExit(): void {
  if (isListening) return;
  isListening = true;
  window.addEventListener('pagehide', leaveRoute);
  // A page restored from the back-forward cache starts counting again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) shown = { route: window.location.pathname, startedAt: performance.now() };
  });
}

/** Records a route change once per history entry (`key`). */
export function trackRouteChange({ key, pathname, title }: { key: string; pathname: string; title: string }): void {
  if (key === lastKey) return;
  const isFirst = lastKey === null;
  lastKey = key;
  listenForPageExit();
  leaveRoute();
  shown = { route: pathname.slice(0, 300), startedAt: performance.now() };
  const sessionId = analyticsSessionId();
  void postAnalytics(analyticsWrites.visit, { body: visitRecord(sessionId, pathname, window.location.href) });
  void postAnalytics(analyticsWrites.pageView, {
    body: { session_id: sessionId, path: pathname.slice(0, 300), title: title.slice(0, 200) },
  });
  // GA and Clarity follow history changes themselves; the pixel counts its first view on load.
  if (!isFirst) window.fbq?.('track', 'PageView');
}
