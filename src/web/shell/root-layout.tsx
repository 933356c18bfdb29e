// The root of every route: per-navigation chores (document title, scroll to top, referral and
// referrer capture, the visit record and page view) and the full-screen spinner while a lazy
// screen loads. The cookie banner sits under every screen, shell or not.
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { trackRouteChange } from '../features/analytics/route-tracker';
import { FullScreenSpinner } from '../ui/spinner';
import { CookieConsent } from './cookie-consent';
import { PageTitleContext, pageTitle } from './page-title';
import { captureReferral, captureReferrer } from './referral';
import { useBrand } from './site-config';

export function RootLayout() {
  const { key, pathname, search } = useLocation();
  const navigation = useNavigation();
  const brand = useBrand();
  const [ownTitle, setOwnTitle] = useState<string | null>(null);
  const ruleTitle = pageTitle(pathname, brand);
  const title = ownTitle ?? ruleTitle;

  // Referral first: the visit record below carries what it stores.
  useEffect(() => captureReferral(search), [search]);
  useEffect(() => captureReferrer(), []);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => trackRouteChange({ key, pathname, title: ruleTitle }), [key, pathname, ruleTitle]);

  return (
    <PageTitleContext value={setOwnTitle}>
      {navigation.state === 'loading' && <FullScreenSpinner />}
      <Outlet />
      <CookieConsent />
    </PageTitleContext>
  );
}
