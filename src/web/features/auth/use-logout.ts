// Logging out: the server revokes the token, this device forgets the session, and the person
// lands on the login page (or `then`, e.g. a kiosk's giveaway for the next visitor). The local
// part happens even when the call fails (offline).
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { authCalls } from '../../../shared/contract/auth';
import { callRef } from '../../../shared/contract/call';
import { MESSAGES } from '../../../shared/messages';
import { apiCall, noRecords } from '../../api/client';
import { useSignOut } from './auth-store';

/** The account menu of every signed-in page loads this file: the logout answer is checked by hand, so zod stays out. */
const logoutCall = callRef<typeof authCalls.logout>({ method: 'POST', path: '/api/logout', response: noRecords });

export function useLogout(then = '/login') {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(async () => {
    setLoggingOut(true);
    try {
      await apiCall(logoutCall);
    } catch {
      // The token is forgotten below either way; an unrevoked one expires on the server.
    } finally {
      setLoggingOut(false);
      signOut({ type: 'logout', message: MESSAGES.loggedOut });
    }
    await navigate(then);
  }, [signOut, navigate, then]);
  return { logout, isLoggingOut };
}
