// /profile: the signed-in viewer's picture, invite code, details, logout, passkeys and alerts on this device. The profile is
// fetched fresh on arrival; each section shows the outcome of what was done in it.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import type { ProfileOperation } from '../auth/auth-state';
import { useAuth, useAuthDispatch } from '../auth/auth-store';
import { useLogout } from '../auth/use-logout';
import { PasskeysSection } from '../passkeys/passkeys-section';
import { InviteCard } from './invite-card';
import { PictureCard } from './picture-card';
import { ProfileForm } from './profile-form';
import { useRefreshProfile } from './queries';

// Web push for this browser (decision 071), loaded only when the profile is shown.
const PushDeviceToggle = lazy(() =>
  import('../notifications/push-device').then((module) => ({ default: module.PushDeviceToggle })),
);

export function ProfilePage() {
  const { user, message, error } = useAuth();
  const dispatch = useAuthDispatch();
  const refreshProfile = useRefreshProfile();
  const { logout, isLoggingOut } = useLogout();
  const [lastOperation, setLastOperation] = useState<ProfileOperation>('fetch');

  useEffect(() => {
    dispatch({ type: 'clear' });
    void refreshProfile();
  }, [dispatch, refreshProfile]);

  if (!user) return null;

  const feedbackFor = (operation: ProfileOperation) =>
    lastOperation === operation && message ? <Alert tone={error ? 'error' : 'success'}>{message}</Alert> : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-black text-ink sm:text-4xl">Your profile</h1>
      <p className="mt-2 text-muted">Keep your details current so prizes and coupons reach you.</p>
      {feedbackFor('fetch') && <div className="mt-6">{feedbackFor('fetch')}</div>}
      {/* On a phone the details follow the picture; on a wide screen they take the right column. */}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[22rem_1fr] lg:grid-rows-[auto_auto_1fr]">
        <PictureCard user={user} feedback={feedbackFor('picture')} onUploadStart={() => setLastOperation('picture')} />
        <div className="lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <ProfileForm user={user} feedback={feedbackFor('update')} onSaveStart={() => setLastOperation('update')} />
        </div>
        <InviteCard code={user.myInviteCode} />
        <section
          aria-labelledby="account-heading"
          className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5"
        >
          <h2 id="account-heading" className="text-lg font-black text-ink">
            Account
          </h2>
          <p className="text-sm font-bold text-muted">Logged in as</p>
          <p className="-mt-2 font-bold break-all text-ink">{user.email}</p>
          <Button variant="outline" isBusy={isLoggingOut} onClick={() => void logout()}>
            Log out
          </Button>
        </section>
      </div>
      <div className="mt-6 max-w-2xl">
        <PasskeysSection />
      </div>
      <div className="mt-6">
        <Suspense fallback={null}>
          <PushDeviceToggle />
        </Suspense>
      </div>
    </div>
  );
}
