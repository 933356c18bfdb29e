// /notifications (issue 18): the viewer's notifications, newest first, a page at a time. Unread ones
// say "New" in words and stand out; opening one marks it read and follows it; "Mark all as read"
// clears the bell. Visitors are invited to log in, as on the other member pages.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { NotificationItem } from '../../../shared/contract/notifications';
import { errorMessage } from '../../api/client';
import { usePageTitle } from '../../shell/page-title';
import { useBrand } from '../../shell/site-config';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { cx } from '../../ui/cx';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';
import { notificationTarget } from './notification-link';
import { inboxQuery, useMarkAllReadMutation, useMarkReadMutation } from './queries';

const linkStyles = 'font-bold text-primary underline underline-offset-4';

export function whenText(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function SignedOut() {
  return (
    <>
      <p className="text-lg text-muted">
        Your notifications tell you when a show you RSVP’d to is about to start, who won a giveaway you entered, and
        when someone mentions you in chat. Log in to see yours.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={loginPathFor('/notifications')} className={buttonStyles('primary')}>
          Log in to see your notifications
        </Link>
        <Link to="/register" className={buttonStyles('outline')}>
          Create an account
        </Link>
      </div>
    </>
  );
}

function ItemText({ item }: { item: NotificationItem }) {
  const isUnread = item.read_at === null;
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-1">
      <span className="flex flex-wrap items-center gap-2">
        {isUnread && (
          <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-black tracking-wide text-white uppercase">
            New
          </span>
        )}
        <span className={cx('text-ink', isUnread ? 'font-black' : 'font-bold')}>{item.title}</span>
      </span>
      {item.body && <span className="text-muted">{item.body}</span>}
      <time dateTime={item.created_at} className="text-sm text-muted">
        {whenText(item.created_at)}
      </time>
    </span>
  );
}

function NotificationRow({ item, userId }: { item: NotificationItem; userId: number }) {
  const navigate = useNavigate();
  const markRead = useMarkReadMutation(userId);
  const isUnread = item.read_at === null;
  const target = notificationTarget(item.url, window.location.origin);
  const rowStyles = cx(
    'flex w-full gap-3 rounded-xl border p-4 text-left',
    isUnread ? 'border-secondary/50 border-l-4 border-l-secondary bg-secondary-soft' : 'border-line bg-white',
  );

  async function markThenFollow() {
    if (isUnread) await markRead.mutateAsync([item.id]).catch(() => undefined);
    if (target && 'path' in target) void navigate(target.path);
    else if (target) window.location.assign(target.href);
  }

  if (!target)
    return (
      <div className={rowStyles}>
        <ItemText item={item} />
        {isUnread && (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            isBusy={markRead.isPending}
            onClick={() => markRead.mutate([item.id])}
            aria-label={`Mark “${item.title}” as read`}
          >
            Mark as read
          </Button>
        )}
      </div>
    );

  return (
    <a
      href={'path' in target ? target.path : target.href}
      className={cx(rowStyles, 'transition-colors hover:border-primary')}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
          if (isUnread) markRead.mutate([item.id]);
          return;
        }
        event.preventDefault();
        void markThenFollow();
      }}
    >
      <ItemText item={item} />
      <svg viewBox="0 0 20 20" className="size-5 shrink-0 self-center text-muted" aria-hidden="true">
        <path d="M7.5 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </a>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-line bg-white p-6">
      <h2 className="text-xl font-black text-ink">You’re all caught up</h2>
      <p className="text-muted">
        Nothing here yet. When a show you RSVP’d to is about to start, a giveaway you entered is drawn or someone
        mentions you in chat, you’ll find it here.
      </p>
      <Link to="/home" className={linkStyles}>
        See what’s coming up
      </Link>
    </div>
  );
}

function SignedInNotifications({ userId }: { userId: number }) {
  const inbox = useInfiniteQuery(inboxQuery(userId));
  const markAll = useMarkAllReadMutation(userId);
  const pages = inbox.data?.pages ?? [];
  const first = pages[0];
  const items = pages.flatMap((page) => page.items);
  const unread = first?.unread ?? 0;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-bold text-ink" aria-live="polite">
          {first ? (unread ? `${unread} unread` : 'No unread notifications') : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          {unread > 0 && (
            <Button variant="outline" size="sm" isBusy={markAll.isPending} onClick={() => markAll.mutate()}>
              Mark all as read
            </Button>
          )}
          <Link to="/notifications/settings" className={buttonStyles('ghost', 'sm')}>
            Notification settings
          </Link>
        </div>
      </div>
      {markAll.isError && <Alert tone="error">{errorMessage(markAll.error)}</Alert>}
      {markAll.isSuccess && unread === 0 && <Alert tone="success">{markAll.data.message}</Alert>}
      {inbox.isPending && <p className="text-muted">Loading your notifications…</p>}
      {inbox.isError && !first && <Alert tone="error">{errorMessage(inbox.error)}</Alert>}
      {first && !items.length && <EmptyState />}
      {items.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Your notifications">
          {items.map((item) => (
            <li key={item.id}>
              <NotificationRow item={item} userId={userId} />
            </li>
          ))}
        </ul>
      )}
      {inbox.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          isBusy={inbox.isFetchingNextPage}
          onClick={() => void inbox.fetchNextPage()}
        >
          Load more
        </Button>
      )}
      {inbox.isFetchNextPageError && <Alert tone="error">{errorMessage(inbox.error)}</Alert>}
    </>
  );
}

export default function NotificationsPage() {
  const { user } = useAuth();
  const brand = useBrand();
  usePageTitle(`Notifications - ${brand}`);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Notifications</h1>
        {!user && <SignedOut />}
      </header>
      {user && <SignedInNotifications userId={user.id} />}
    </div>
  );
}
