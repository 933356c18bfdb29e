// The root of every route: per-navigation chores (document title, scroll to top, referral and
// referrer capture, the visit record and page view) and the full-screen spinner while a lazy
// screen loads. The cookie banner sits under every screen, shell or not.
//
// The location is deferred: on a link to a screen whose code has not arrived, the current screen
// stays with the spinner over it until the next one can render, and the chores run for a screen
// once it shows. Only the very first screen waits behind the Suspense fallback.
import { Suspense, useDeferredValue, useEffect, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { trackRouteChange } from '../features/analytics/route-tracker';
import { FullScreenSpinner } from '../ui/spinner';
import { CookieConsent } from './cookie-consent';
import { PageTitleContext, pageTitle } from './page-title';
import { captureReferral, captureReferrer } from './referral';
import { dropSignedInMark } from './signed-in-mark';
import { RouteErrorBoundary } from './route-error';
import { useScreen } from '../routes';
import { useBrand } from './site-config';

export function RootLayout() {
  const location = useLocation();
  const shown = useDeferredValue(location);
  const screen = useScreen(shown);
  const { key, pathname, search } = shown;
  const brand = useBrand();
  const [ownTitle, setOwnTitle] = useState<string | null>(null);
  const ruleTitle = pageTitle(pathname, brand);
  const title = ownTitle ?? ruleTitle;

  // The app's first commit replaced the server's first screen: the viewer's own header is in place,
  // and the mark must not hide the way in should this viewer sign out later (decision 097).
  useLayoutEffect(dropSignedInMark, []);

  // Referral first: the visit record below carries what it stores.
  useEffect(() => captureReferral(search), [search]);
  useEffect(() => captureReferrer(), []);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  // The visit record and page view leave in a task of their own (decision 108): sent from the effect
  // itself, they ran in the task that commits the app over the server's first screen, one long task
  // that the page cannot answer a tap during. Not cancelled on a change: each route is still recorded
  // once, in order (trackRouteChange skips a history entry it has seen).
  useEffect(() => {
    setTimeout(() => trackRouteChange({ key, pathname, title: ruleTitle }));
  }, [key, pathname, ruleTitle]);

  return (
    <PageTitleContext value={setOwnTitle}>
      {shown !== location && <FullScreenSpinner />}
      <RouteErrorBoundary path={pathname}>
        <Suspense fallback={<FullScreenSpinner />}>{screen}</Suspense>
      </RouteErrorBoundary>
      <CookieConsent />
    </PageTitleContext>
  );
}
