// How analytics records leave the browser: a plain POST with the token header (so the server can
// tie a visit to a viewer) that outlives the page (keepalive). It never throws, never shows
// anything and never ends a session: failures are written to console.debug and dropped.
import { currentCredentials } from '../../api/credentials';
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

export async function postAnalytics(path: `/api/${string}`, body: object): Promise<void> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json', token: currentCredentials().token },
      body: JSON.stringify(body),
    });
    if (!response.ok) console.debug(`analytics: ${path} answered ${response.status}`);
  } catch (error) {
    console.debug(`analytics: ${path} was not sent`, error);
  }
}
