// /notifications/settings (issue 18): which notifications the viewer gets, and how: the kind ×
// channel grid of getnotification, each change saved at once with setnotification and answered in
// the server's words. Security notices are always on. Above it, alerts on this device (web push), which
// the "This device" column needs. Visitors are invited to log in.
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_CHANNELS } from '../../../shared/notification-kinds';
import { errorMessage } from '../../api/client';
import { usePageTitle } from '../../shell/page-title';
import { useBrand } from '../../shell/site-config';
import { Alert } from '../../ui/alert';
import { buttonStyles } from '../../ui/button';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';
import { PreferenceGrid, usePreferenceSaver } from './preference-grid';
import { inboxQuery, usePreferencesMutation } from './queries';

// Web push for this browser (decision 071): the "This device" column reaches only devices turned on here.
const PushDeviceToggle = lazy(() => import('./push-device').then((module) => ({ default: module.PushDeviceToggle })));

const linkStyles = 'font-bold text-primary underline underline-offset-4';

function SignedInSettings({ userId }: { userId: number }) {
  const inbox = useInfiniteQuery(inboxQuery(userId));
  const preferences = usePreferencesMutation(userId);
  const saver = usePreferenceSaver(
    async (cell, enabled) =>
      (await preferences.mutateAsync([{ kind: cell.kind, channel: cell.channel, enabled }])).message,
  );
  const first = inbox.data?.pages[0];

  return (
    <>
      <Suspense fallback={null}>
        <PushDeviceToggle />
      </Suspense>
      <h2 className="text-xl font-black text-ink">What you hear about, and how</h2>
      {inbox.isPending && <p className="text-muted">Loading your choices…</p>}
      {inbox.isError && !first && <Alert tone="error">{errorMessage(inbox.error)}</Alert>}
      <div aria-live="polite" className="empty:hidden">
        {saver.note && <Alert tone={saver.note.tone}>{saver.note.text}</Alert>}
      </div>
      {first && (
        <PreferenceGrid
          caption="How you get each kind of notification"
          cells={first.preferences}
          channels={NOTIFICATION_CHANNELS}
          pending={saver.pending}
          onChange={saver.change}
        />
      )}
    </>
  );
}

export default function NotificationSettingsPage() {
  const { user } = useAuth();
  const brand = useBrand();
  usePageTitle(`Notification settings - ${brand}`);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Notification settings</h1>
        {user ? (
          <>
            <p className="text-lg text-muted">
              Choose how {brand} tells you about each kind of news. Each change is saved as you make it.
            </p>
            <Link to="/notifications" className={linkStyles}>
              Back to your notifications
            </Link>
          </>
        ) : (
          <>
            <p className="text-lg text-muted">Log in to choose which notifications you get, and how.</p>
            <div className="flex flex-wrap gap-2">
              <Link to={loginPathFor('/notifications/settings')} className={buttonStyles('primary')}>
                Log in to change your settings
              </Link>
              <Link to="/register" className={buttonStyles('outline')}>
                Create an account
              </Link>
            </div>
          </>
        )}
      </header>
      {user && <SignedInSettings userId={user.id} />}
    </div>
  );
}
