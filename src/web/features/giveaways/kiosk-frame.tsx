// The frame of the exhibition kiosk pages (/intergem/giveaway/{id} and its success page), outside
// the shell: the brand bar and, while someone is signed in, a way to sign out so the next visitor
// starts fresh on the same giveaway (decision 030), with a private giveaway's code still in its link (decision 051).
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { displayName } from '../../shell/user-menu-button';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { useAuth } from '../auth/auth-store';
import { useLogout } from '../auth/use-logout';
import { eventIdFrom } from '../events/queries';
import { useAccessCode, withCode } from './private-link';

export const kioskGiveawayPath = (id: number, code?: string) => withCode(`/intergem/giveaway/${id}`, code);

type KioskSignOutProps = { giveawayId: number; label: string; variant?: 'primary' | 'outline'; size?: 'sm' | 'md' };

export function KioskSignOut({ giveawayId, label, variant = 'outline', size }: KioskSignOutProps) {
  const { logout, isLoggingOut } = useLogout(kioskGiveawayPath(giveawayId, useAccessCode()));
  return (
    <Button variant={variant} size={size} isBusy={isLoggingOut} onClick={() => void logout()}>
      {label}
    </Button>
  );
}

export function KioskFrame({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const id = eventIdFrom(useParams().id);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
          <Logo />
          {user && id !== null && (
            <div className="flex items-center gap-3">
              <p className="text-sm text-muted">
                Signed in as <span className="font-bold text-ink">{displayName(user)}</span>
              </p>
              <KioskSignOut giveawayId={id} label="Sign out" size="sm" />
            </div>
          )}
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
