// The header's bell for signed-in viewers. Its live count (the stream reader and the count query)
// loads on first render, as the account menu does; until then the same link shows without a count.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { AuthedUser } from '../../shared/contract/user';

const NotificationBell = lazy(() => import('../features/notifications/notification-bell'));

export const bellStyles = 'relative grid size-11 place-items-center rounded-full text-ink hover:bg-primary-soft';

export function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
      <path
        d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function NotificationBellSlot({ user }: { user: AuthedUser }) {
  return (
    <Suspense
      fallback={
        <Link to="/notifications" className={bellStyles} aria-label="Notifications">
          <BellIcon />
        </Link>
      }
    >
      <NotificationBell userId={user.id} token={user.tokenvalue} />
    </Suspense>
  );
}
