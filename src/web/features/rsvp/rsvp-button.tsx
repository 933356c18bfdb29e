// RSVP for a show or special event wherever it is listed: visitors go to log in and back; viewers
// get their RSVP controls, loaded on demand so a first visit to home does not download them.
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { VISITOR_ONLY } from '../../shell/signed-in-mark';
import { Button, buttonStyles } from '../../ui/button';
import { trackEvent } from '../analytics/track-event';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';

const ViewerRsvp = lazy(() => import('./viewer-rsvp'));

/** The page a click came from, for counting ('home' for /home, 'past' for /past/12). */
function pageOf(pathname: string): string {
  return pathname.split('/')[1] || 'home';
}

function LogInToRsvp({ event }: { event: EventRecord }) {
  const { pathname, search } = useLocation();
  return (
    <Link
      to={loginPathFor(`${pathname}${search}`)}
      className={buttonStyles('primary')}
      aria-label={`Log in to RSVP for ${event.title}`}
      onClick={() => void trackEvent({ category: pageOf(pathname), action: 'rsvp-login', label: event.title })}
      {...VISITOR_ONLY}
    >
      Log in to RSVP
    </Link>
  );
}

/** RSVP for `event`: nothing for giveaways and past events, a login link for visitors. */
export function RsvpButton({ event }: { event: EventRecord }) {
  const { user } = useAuth();
  if (event.type === 'giveaway' || event.status === 'past') return null;
  if (!user) return <LogInToRsvp event={event} />;
  return (
    <Suspense fallback={<Button isBusy>RSVP</Button>}>
      <ViewerRsvp key={user.id} event={event} user={user} />
    </Suspense>
  );
}
