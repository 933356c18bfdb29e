// The root of every route: per-navigation chores (title, scroll to top, referral capture) and the
// full-screen spinner while a lazy screen loads.
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { FullScreenSpinner } from '../ui/spinner';
import { pageTitle } from './page-title';
import { captureReferral } from './referral';

export function RootLayout() {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    document.title = pageTitle(pathname);
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => captureReferral(search), [search]);

  return (
    <>
      {navigation.state === 'loading' && <FullScreenSpinner />}
      <Outlet />
    </>
  );
}
