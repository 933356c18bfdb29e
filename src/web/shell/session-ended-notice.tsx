// The notice a page shows when the server ended its session (decision 089): the account was
// switched off, the password changed, or staff ended the session. The page is already signed out.
import { Link, useLocation } from 'react-router';
import { useSessionEnded } from '../features/auth/auth-store';

export function SessionEndedNotice() {
  const { message, dismiss } = useSessionEnded();
  const { pathname } = useLocation();
  if (!message) return null;
  return (
    <div role="status" className="border-b border-primary/30 bg-primary-soft">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-primary-hover">
        <p className="font-bold">{message}</p>
        <Link
          to={`/login?redirectTo=${encodeURIComponent(pathname)}`}
          className="font-bold underline underline-offset-4"
          onClick={dismiss}
        >
          Log in
        </Link>
        <button type="button" className="ml-auto min-h-11 font-bold underline underline-offset-4" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
