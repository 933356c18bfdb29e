// The frame of /product-register: the site's shell, or with ?kiosk=1 the booth tablet's frame (the
// brand and the form, no site navigation to wander off to; a signed-in tablet can sign out so
// registrations stop going on that account). Small, so it sits in the first bundle with the shell.
import { Outlet, useSearchParams } from 'react-router';
import { ShellLayout } from '../../shell/shell-layout';
import { useBrand } from '../../shell/site-config';
import { MAIN_ID } from '../../shell/skip-link';
import { Button } from '../../ui/button';
import { useAuth } from '../auth/auth-store';
import { useLogout } from '../auth/use-logout';
import { REGISTER_PATH, isKioskSearch } from './kiosk-link';

function KioskSignOut() {
  const [search] = useSearchParams();
  const { logout, isLoggingOut } = useLogout(`${REGISTER_PATH}?${search.toString()}`);
  return (
    <Button variant="outline" size="sm" isBusy={isLoggingOut} onClick={() => void logout()}>
      Sign out
    </Button>
  );
}

function KioskLayout() {
  const brand = useBrand();
  const { user } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <div className="border-b border-line bg-white">
        <div className="mx-auto flex min-h-16 max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
          <p className="text-2xl font-black tracking-tight text-primary">{brand}</p>
          {user && (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-muted">This tablet is signed in to an account.</p>
              <KioskSignOut />
            </div>
          )}
        </div>
      </div>
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}

export function RegisterLayout() {
  const [search] = useSearchParams();
  return isKioskSearch(search) ? <KioskLayout /> : <ShellLayout />;
}
