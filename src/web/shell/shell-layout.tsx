// The common page shell of spec §2: skip link, header, the page, footer.
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { SessionEndedNotice } from './session-ended-notice';
import { SiteHeader } from './site-header';
import { MAIN_ID, SkipLink } from './skip-link';

export function ShellLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <SessionEndedNotice />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
