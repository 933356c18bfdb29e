// Logging out: the server revokes the token, then this device forgets the session. The local
// part happens even when the call fails, so a person offline can still log out here.
import { useCallback, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { anyEnvelope, apiCall } from '../../api/client';
import { useSignOut } from './auth-store';

export function useLogout() {
  const signOut = useSignOut();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(async () => {
    setLoggingOut(true);
    try {
      await apiCall('/api/logout', { method: 'POST', schema: anyEnvelope });
    } catch {
      // The token is forgotten below either way; an unrevoked one expires on the server.
    } finally {
      setLoggingOut(false);
      signOut({ type: 'logout', message: MESSAGES.loggedOut });
    }
  }, [signOut]);
  return { logout, isLoggingOut };
}
