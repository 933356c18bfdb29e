// How analytics records leave the browser: the contract's calls with the token header (so the server
// can tie a visit to a viewer), outliving the page (keepalive). It never throws and never shows
// anything: failures are written to console.debug and dropped. (The server never refuses a token on
// these calls, so they cannot end a session either.) Page time leaves as a beacon, without the token.
import type { analyticsCalls } from '../../../shared/contract/analytics';
import { callRef, type CallInput, type CallRef } from '../../../shared/contract/call';
import { ApiError, apiCall, noRecords } from '../../api/client';
import { SESSION_KEYS, session } from '../../lib/browser-storage';

let memorySessionId = '';

/** A version-4 UUID; randomUUID exists only in secure contexts, getRandomValues everywhere. */
function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** analyticsID: made once per browser session and kept in sessionStorage (in memory if blocked). */
export function analyticsSessionId(): string {
  const stored = session.get(SESSION_KEYS.analyticsId);
  if (stored) return stored;
  memorySessionId ||= newUuid();
  session.set(SESSION_KEYS.analyticsId, memorySessionId);
  return memorySessionId;
}

type AnalyticsWrite = (typeof analyticsCalls)['visit' | 'pageView' | 'trackEvent' | 'pageTime'];

/** The analytics writes, typed by the contract (imported as types: the first bundle has no zod). */
export const analyticsWrites = {
  visit: callRef<typeof analyticsCalls.visit>({ method: 'POST', path: '/api/uservisit', response: noRecords }),
  pageView: callRef<typeof analyticsCalls.pageView>({ method: 'POST', path: '/api/pageview', response: noRecords }),
  trackEvent: callRef<typeof analyticsCalls.trackEvent>({
    method: 'POST',
    path: '/api/trackevent',
    response: noRecords,
  }),
  pageTime: callRef<typeof analyticsCalls.pageTime>({ method: 'POST', path: '/api/ptvl', response: noRecords }),
};

export async function postAnalytics<C extends AnalyticsWrite>(call: CallRef<C>, input: CallInput<C>): Promise<void> {
  try {
    await apiCall(call, { ...input, keepalive: true });
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus > 0)
      console.debug(`analytics: ${call.path} answered ${error.httpStatus}`);
    else console.debug(`analytics: ${call.path} was not sent`, error);
  }
}

/**
 * Sends a record with navigator.sendBeacon (a JSON Blob to our own origin: it outlives the page even
 * while the tab is being closed), falling back to fetch keepalive when sendBeacon is missing or
 * refuses (it refuses when the browser's beacon queue is full). A beacon cannot carry the token
 * header; the server ties it to the viewer through the session's visit records (decision 077).
 */
export function beaconAnalytics<C extends AnalyticsWrite>(
  call: CallRef<C>,
  input: CallInput<C> & { body: object },
): void {
  const beacon = typeof navigator === 'undefined' ? undefined : navigator.sendBeacon;
  if (typeof beacon === 'function') {
    const blob = new Blob([JSON.stringify(input.body)], { type: 'application/json' });
    if (beacon.call(navigator, call.path, blob)) return;
  }
  void postAnalytics(call, input);
}
