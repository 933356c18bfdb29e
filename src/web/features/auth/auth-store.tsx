// The auth store: spec §4's state in a reducer behind React context, started from the stored
// user. It also ends the session when the server refuses the stored token.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useReducer, type Dispatch, type ReactNode } from 'react';
import { onSessionEnded } from '../../api/client';
import { subscriptionStatusQuery } from '../subscriptions/status';
import { authReducer, initialAuthState, type AuthAction, type AuthState } from './auth-state';
import { clearSession, readStoredUser } from './session';

const StateContext = createContext<AuthState | null>(null);
const DispatchContext = createContext<Dispatch<AuthAction> | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, null, () => initialAuthState(readStoredUser()));
  const signOut = useSignOutWith(dispatch);
  useEffect(() => onSessionEnded((message) => signOut({ type: 'session/invalid', message })), [signOut]);
  // Spec §4: the subscription state is fetched once a viewer is logged in (logout clears the cache below).
  const queryClient = useQueryClient();
  const userId = state.user?.tokenvalue ? state.user.id : null;
  useEffect(() => {
    if (userId !== null) void queryClient.prefetchQuery(subscriptionStatusQuery(userId));
  }, [queryClient, userId]);
  return (
    <DispatchContext value={dispatch}>
      <StateContext value={state}>{children}</StateContext>
    </DispatchContext>
  );
}

export function useAuth(): AuthState {
  const state = useContext(StateContext);
  if (!state) throw new Error('useAuth needs an AuthProvider above it');
  return state;
}

export function useAuthDispatch(): Dispatch<AuthAction> {
  const dispatch = useContext(DispatchContext);
  if (!dispatch) throw new Error('useAuthDispatch needs an AuthProvider above it');
  return dispatch;
}

type SignOutAction = Extract<AuthAction, { type: 'logout' | 'session/invalid' }>;

function useSignOutWith(dispatch: Dispatch<AuthAction>) {
  const queryClient = useQueryClient();
  return useCallback(
    (action: SignOutAction) => {
      clearSession();
      // Cached answers (profile, subscription status, …) belong to the person who just left.
      queryClient.clear();
      dispatch(action);
    },
    [dispatch, queryClient],
  );
}

/** Ends the session on this device: storage, cookies, cached data, then the logged-out state. */
export function useSignOut() {
  return useSignOutWith(useAuthDispatch());
}
