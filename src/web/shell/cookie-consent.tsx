// The cookie banner of spec §2, shown while the cookies_consent cookie is absent; 'I agree' sets it
// to true for 90 days. Third-party tags (analytics, session replay, ad pixel) load only after
// that agreement, and only those whose ids the site configuration sets.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CONSENT_DAYS, COOKIES, readCookie, writeCookie } from '../lib/browser-storage';
import { Button } from '../ui/button';
import { useSiteConfig } from './site-config';

export function CookieConsent() {
  const config = useSiteConfig();
  const [consent, setConsent] = useState(() => readCookie(COOKIES.cookiesConsent));

  useEffect(() => {
    if (consent !== 'true' || !config) return;
    const ids = config.analytics;
    if (!ids.ga && !ids.replay && !ids.pixel) return;
    import('../features/analytics/third-party')
      .then(({ loadThirdPartyTags }) => loadThirdPartyTags(ids))
      .catch((error: unknown) => console.debug('analytics: third-party tags were not loaded', error));
  }, [consent, config]);

  if (consent !== null) return null;

  function handleAgree() {
    writeCookie(COOKIES.cookiesConsent, 'true', CONSENT_DAYS);
    setConsent('true');
  }

  return (
    <section
      aria-label="Cookie consent"
      className="sticky bottom-0 z-30 border-t border-line bg-white/95 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
        <p className="text-sm text-ink">
          We use cookies to keep you logged in, remember who invited you and count visits. If you agree, our
          partners&apos; analytics and advertising tools load too.{' '}
          <Link to="/privacy" className="font-bold text-primary underline underline-offset-2">
            Privacy Policy
          </Link>
        </p>
        <Button size="sm" className="shrink-0" onClick={handleAgree}>
          I agree
        </Button>
      </div>
    </section>
  );
}
