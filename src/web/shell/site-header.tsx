// The header: logo, the main navigation (Home, Live, Giveaways, Contests, Rewards) and either the
// notification bell with the account menu or the way in. Below 768 px the navigation folds behind a menu button.
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../features/auth/auth-store';
import { buttonStyles } from '../ui/button';
import { cx } from '../ui/cx';
import { Logo } from '../ui/logo';
import { NotificationBellSlot } from './notification-bell-slot';
import { VISITOR_ONLY } from './signed-in-mark';
import { UserMenuButton } from './user-menu-button';

const NAVIGATION = [
  ['/home', 'Home'],
  ['/live', 'Live'],
  ['/giveaways', 'Giveaways'],
  ['/contests', 'Contests'],
  ['/rewards', 'Rewards'],
] as const;

const navLinkStyles = ({ isActive }: { isActive: boolean }) =>
  cx(
    'flex min-h-11 items-center rounded-md px-3 font-bold transition-colors hover:bg-primary-soft max-md:px-4',
    isActive ? 'text-primary max-md:bg-primary-soft' : 'text-muted hover:text-ink',
  );

function MenuIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
      <path
        d={isOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function NavigationLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {NAVIGATION.map(([to, label]) => (
        <li key={to}>
          <NavLink to={to} className={navLinkStyles}>
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !isOpen) return;
    setOpenOn(null);
    toggleRef.current?.focus();
  }

  // Wide screens show the links after the logo; narrow ones behind the menu button at the end.
  // Each sits where it shows, so the keyboard meets them in the order the eye does.
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur" onKeyDown={handleKeyDown}>
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 md:gap-6">
        <Logo />
        <nav aria-label="Main" className="max-md:hidden">
          <NavigationLinks className="flex items-center gap-1" />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              <NotificationBellSlot user={user} />
              <UserMenuButton user={user} />
            </>
          ) : (
            <>
              <Link
                to="/register"
                className={buttonStyles('ghost', 'sm', 'whitespace-nowrap max-sm:hidden')}
                {...VISITOR_ONLY}
              >
                Register
              </Link>
              <Link to="/login" className={buttonStyles('primary', 'sm', 'whitespace-nowrap')} {...VISITOR_ONLY}>
                Log in
              </Link>
            </>
          )}
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="grid size-11 place-items-center rounded-md text-ink hover:bg-primary-soft md:hidden"
          aria-expanded={isOpen}
          aria-controls="main-navigation"
          aria-label="Menu"
          onClick={() => setOpenOn(isOpen ? null : pathname)}
        >
          <MenuIcon isOpen={isOpen} />
        </button>
        <nav
          id="main-navigation"
          aria-label="Main"
          className={cx(
            'absolute inset-x-0 top-full border-b border-line bg-white p-3 shadow-lg md:hidden',
            !isOpen && 'hidden',
          )}
        >
          <NavigationLinks className="flex flex-col gap-1" />
        </nav>
      </div>
    </header>
  );
}
