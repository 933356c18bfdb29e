// Guards the routes below it: a logged-out visitor goes to the login page and comes back after.
// Logging out on a guarded page just goes to the login page.
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from './auth-store';
import { loginPathFor } from './redirect';

export function RequireUser() {
  const { user, error } = useAuth();
  const { pathname, search } = useLocation();
  const [hadUser] = useState(user !== null);
  if (!user) {
    // error: the server ended the session, so logging in again should bring the person back.
    const hasLoggedOut = hadUser && !error;
    return <Navigate to={hasLoggedOut ? '/login' : loginPathFor(pathname + search)} replace />;
  }
  return <Outlet />;
}
