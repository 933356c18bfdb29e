// Browser storage of spec §3: the localStorage, sessionStorage and cookie names Gemcast uses,
// read and written in one place. Storage can be blocked (private modes, strict settings):
// reads then give null and writes are skipped, so the app still runs as a visitor.
export const LOCAL_KEYS = {
  user: 'user',
  token: 'token',
  myInviteCode: 'myInviteCode',
  sharedInviteCode: 'SharedInviteCode',
  /** The external site a visitor came from (host without www.) and the full referring URL. */
  refSource: 'refSource',
  referrer: 'referrer',
} as const;

export const SESSION_KEYS = {
  visitorToken: 'tkn',
  /** A random UUID per browser session that ties the analytics records together. */
  analyticsId: 'analyticsID',
} as const;

export const COOKIES = {
  refId: 'refId',
  /** Chat-service connection info; cleared on logout. */
  chatInfo: 'weavyInfo',
  /** Live-video token; cleared on login and on logout. */
  liveToken: 'agoraToken',
  /** 'true' once the visitor agreed to cookies; third-party analytics wait for it. */
  cookiesConsent: 'cookies_consent',
} as const;

/** The referral cookie lives 90 days (spec §9). */
export const REF_ID_DAYS = 90;
/** So does the cookie consent (spec §9). */
export const CONSENT_DAYS = 90;

type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];
type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: LocalKey): string | null => attempt(() => window.localStorage.getItem(key), null),
  set: (key: LocalKey, value: string): void => attempt(() => window.localStorage.setItem(key, value), undefined),
  clear: (): void => attempt(() => window.localStorage.clear(), undefined),
};

export const session = {
  get: (key: SessionKey): string | null => attempt(() => window.sessionStorage.getItem(key), null),
  set: (key: SessionKey, value: string): void => attempt(() => window.sessionStorage.setItem(key, value), undefined),
};

export function readCookie(name: string): string | null {
  for (const pair of document.cookie.split('; ')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at) === name) return attempt(() => decodeURIComponent(pair.slice(at + 1)), null);
  }
  return null;
}

/** Served over HTTPS, a cookie is marked Secure so the browser never sends it over plain HTTP. */
function cookieAttributes(): string {
  const isHttps = attempt(() => window.location.protocol === 'https:', false);
  return `path=/; SameSite=Lax${isHttps ? '; Secure' : ''}`;
}

export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 24 * 60 * 60 * 1000).toUTCString();
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; ${cookieAttributes()}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes()}`;
}
