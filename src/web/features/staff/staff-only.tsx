// What a staff page shows when the server refuses its calls (403): the account's staff rights were
// taken away after it logged in. RequireStaff catches viewers before the page loads.
import { Link } from 'react-router';
import { useBrand } from '../../shell/site-config';
import { buttonStyles } from '../../ui/button';

export function StaffOnly({ what }: { what: string }) {
  const brand = useBrand();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-black text-ink">This page is for {brand} staff.</h1>
      <p className="text-lg text-muted">
        Your account does not have access to {what}. If you work for {brand} and need it, ask a colleague to grant
        access.
      </p>
      <Link to="/home" className={buttonStyles('primary')}>
        Back to the home page
      </Link>
    </div>
  );
}
