// Guards staff screens (/test-live, /staff/…): a logged-out visitor goes to the login page first
// (RequireUser above this), a viewer without staff rights sees why the page is closed. The server
// checks the same right on every staff call; this only spares a page of refusals.
import { Link, Outlet } from 'react-router';
import { useAuth } from '../features/auth/auth-store';
import { SecondFactorGate } from '../features/staff/security/second-factor-gate';
import { buttonStyles } from '../ui/button';
import { useBrand } from './site-config';

function StaffOnlyPage({ email }: { email: string }) {
  const brand = useBrand();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center sm:py-24">
      <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff only</p>
      <h1 className="text-3xl font-black text-ink sm:text-4xl">This page is for the {brand} team</h1>
      <p className="text-lg text-muted">
        You are logged in as <span className="font-bold break-all text-ink">{email}</span>, a viewer account. If you
        work with us, ask a colleague to give your account staff rights, then log in again.
      </p>
      <Link to="/home" className={buttonStyles('primary')}>
        Back to the home page
      </Link>
    </section>
  );
}

export function RequireStaff() {
  const { user } = useAuth();
  if (!user) return null;
  if (!user.is_staff) return <StaffOnlyPage email={user.email} />;
  return (
    <>
      <SecondFactorGate />
      <Outlet />
    </>
  );
}
