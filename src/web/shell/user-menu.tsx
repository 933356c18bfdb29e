// The signed-in person's menu in the header: who is signed in, their profile and notifications,
// the staff pages for staff, and logging out.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import type { AuthedUser } from '../../shared/contract/user';
import { useLogout } from '../features/auth/use-logout';
import { STAFF_LINKS } from './staff-links';
import { AccountButtonFace, displayName, triggerStyles } from './user-menu-button';

const itemStyles =
  'flex min-h-11 cursor-pointer items-center rounded-md px-3 font-bold text-ink outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary';

export function UserMenu({ user }: { user: AuthedUser }) {
  const { logout } = useLogout();

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={triggerStyles} aria-label={`Account menu for ${displayName(user)}`}>
        <AccountButtonFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-60 rounded-xl border border-line bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block font-bold text-ink">{user.full_name}</span>
            <span className="block truncate text-sm text-muted">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className={itemStyles}>
            <Link to="/profile">Your profile</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemStyles}>
            <Link to="/notifications">Notifications</Link>
          </DropdownMenu.Item>
          {user.is_staff === 1 && (
            <DropdownMenu.Group>
              <DropdownMenu.Separator className="my-1 h-px bg-line" />
              <DropdownMenu.Label className="px-3 pt-1 pb-0.5 text-xs font-black tracking-widest text-secondary uppercase">
                Staff
              </DropdownMenu.Label>
              <DropdownMenu.Item asChild className={itemStyles}>
                <Link to="/staff">Staff desk</Link>
              </DropdownMenu.Item>
              {STAFF_LINKS.map(([to, label]) => (
                <DropdownMenu.Item key={to} asChild className={itemStyles}>
                  <Link to={to}>{label}</Link>
                </DropdownMenu.Item>
              ))}
              <DropdownMenu.Separator className="my-1 h-px bg-line" />
            </DropdownMenu.Group>
          )}
          <DropdownMenu.Item className={itemStyles} onSelect={() => void logout()}>
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
