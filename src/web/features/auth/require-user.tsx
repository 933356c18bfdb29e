// Guards the routes below it: a logged-out visitor goes to the login page and comes back after.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from './auth-store';
import { loginPathFor } from './redirect';

export function RequireUser() {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  if (!user) return <Navigate to={loginPathFor(pathname + search)} replace />;
  return <Outlet />;
}
