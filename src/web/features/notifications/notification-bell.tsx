// The bell with its live unread count: a link to /notifications named with the count ("Notifications,
// 3 unread"); the badge shows the number (99+ beyond that) and is hidden from screen readers, which
// hear the name instead.
import { Link } from 'react-router';
import { BellIcon, bellStyles } from '../../shell/notification-bell-slot';
import { useUnreadCount } from './unread-count';

export function bellLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

export default function NotificationBell({ userId, token }: { userId: number; token: string }) {
  const unread = useUnreadCount(userId, token);
  return (
    <Link to="/notifications" className={bellStyles} aria-label={bellLabel(unread)}>
      <BellIcon />
      {unread ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0 grid h-5 min-w-5 place-items-center rounded-full bg-secondary px-1 text-xs leading-none font-black text-white ring-2 ring-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
