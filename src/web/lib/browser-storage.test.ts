import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIES, CONSENT_DAYS, REF_ID_DAYS, deleteCookie, writeCookie } from './browser-storage';

/** A page at `protocol` whose document records every cookie string it is given. */
function pageServedOver(protocol: 'http:' | 'https:') {
  const written: string[] = [];
  vi.stubGlobal('window', { location: { protocol } });
  vi.stubGlobal('document', {
    set cookie(value: string) {
      written.push(value);
    },
  });
  return written;
}

const attributesOf = (cookie: string) => cookie.split('; ').slice(1);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cookies the app sets', () => {
  it('marks refId and cookies_consent Secure on an HTTPS page, and deletes them the same way', () => {
    const written = pageServedOver('https:');
    writeCookie(COOKIES.refId, 'SPRING', REF_ID_DAYS);
    writeCookie(COOKIES.cookiesConsent, 'true', CONSENT_DAYS);
    deleteCookie(COOKIES.refId);
    expect(written.map((cookie) => cookie.split('=')[0])).toEqual(['refId', 'cookies_consent', 'refId']);
    for (const cookie of written)
      expect(attributesOf(cookie)).toEqual(expect.arrayContaining(['path=/', 'SameSite=Lax', 'Secure']));
  });

  it('leaves Secure off on a plain HTTP page (local development), where the browser would drop the cookie', () => {
    const written = pageServedOver('http:');
    writeCookie(COOKIES.refId, 'SPRING', REF_ID_DAYS);
    writeCookie(COOKIES.cookiesConsent, 'true', CONSENT_DAYS);
    deleteCookie(COOKIES.cookiesConsent);
    expect(written).toHaveLength(3);
    for (const cookie of written) {
      expect(attributesOf(cookie)).toEqual(expect.arrayContaining(['path=/', 'SameSite=Lax']));
      expect(attributesOf(cookie)).not.toContain('Secure');
    }
  });

  it('keeps the value encoded and the 90-day expiry', () => {
    const written = pageServedOver('https:');
    vi.useFakeTimers({ now: new Date('2026-06-15T18:00:00Z') });
    writeCookie(COOKIES.refId, 'a b;c', REF_ID_DAYS);
    vi.useRealTimers();
    expect(written).toEqual([`refId=a%20b%3Bc; expires=Sun, 13 Sep 2026 18:00:00 GMT; path=/; SameSite=Lax; Secure`]);
  });
});
