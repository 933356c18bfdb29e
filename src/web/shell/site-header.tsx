// The header: logo, main navigation, and either the account menu or the way in.
import { Link, NavLink } from 'react-router';
import { useAuth } from '../features/auth/auth-store';
import { buttonStyles } from '../ui/button';
import { cx } from '../ui/cx';
import { Logo } from '../ui/logo';
import { UserMenuButton } from './user-menu-button';

const navLinkStyles = ({ isActive }: { isActive: boolean }) =>
  cx('rounded-md px-3 py-2 font-bold transition-colors hover:bg-primary-soft', isActive ? 'text-primary' : 'text-muted');

export function SiteHeader() {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-6">
        <Logo />
        <nav aria-label="Main">
          <NavLink to="/home" className={navLinkStyles}>
            Home
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <UserMenuButton user={user} />
          ) : (
            <>
              <Link to="/register" className={buttonStyles('ghost', 'sm', 'whitespace-nowrap max-sm:hidden')}>
                Register
              </Link>
              <Link to="/login" className={buttonStyles('primary', 'sm', 'whitespace-nowrap')}>
                Log in
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
