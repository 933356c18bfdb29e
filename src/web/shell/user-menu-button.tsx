// The header's account button. The menu behind it (Radix, with its positioning engine) loads
// only for signed-in people, on first render of this button; until then the same button shows.
import { lazy, Suspense } from 'react';
import type { AuthedUser } from '../../shared/contract/user';
import { Avatar } from '../ui/avatar';

const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

export function displayName(user: AuthedUser): string {
  return user.nickname || user.first_name;
}

export const triggerStyles =
  'flex items-center gap-2 rounded-full py-1 pr-2 pl-1 font-bold text-ink hover:bg-primary-soft data-[state=open]:bg-primary-soft';

export function AccountButtonFace({ user }: { user: AuthedUser }) {
  const name = displayName(user);
  return (
    <>
      <Avatar src={user.profile_picture} name={user.full_name || name} className="size-9 text-sm" />
      <span className="hidden max-w-32 truncate sm:inline">{name}</span>
      <svg viewBox="0 0 20 20" className="size-4 text-muted" aria-hidden="true">
        <path
          d="M5 7.5l5 5 5-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </>
  );
}

export function UserMenuButton({ user }: { user: AuthedUser }) {
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className={triggerStyles}
          aria-label={`Account menu for ${displayName(user)}`}
          aria-haspopup="menu"
          disabled
        >
          <AccountButtonFace user={user} />
        </button>
      }
    >
      <UserMenu user={user} />
    </Suspense>
  );
}
