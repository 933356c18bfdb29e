// The auth store: spec §4's state in a reducer behind React context, started from the stored
// user. It also ends the session when the server refuses the stored token.
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
  type Dispatch,
  type ReactNode,
} from 'react';
import { onSessionEnded } from '../../api/client';
import { subscriptionStatusQuery } from '../subscriptions/status';
import { authReducer, initialAuthState, type AuthAction, type AuthState } from './auth-state';
import { clearSession, readStoredUser } from './session';

const StateContext = createContext<AuthState | null>(null);
const DispatchContext = createContext<Dispatch<AuthAction> | null>(null);
/** Why this page was signed out by the server (decision 089), until read or the next login. */
const EndedContext = createContext<{ message: string | null; dismiss: () => void }>({
  message: null,
  dismiss: () => undefined,
});

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, null, () => initialAuthState(readStoredUser()));
  const signOut = useSignOutWith(dispatch);
  const [endedMessage, setEndedMessage] = useState<string | null>(null);
  useEffect(
    () =>
      onSessionEnded((message) => {
        signOut({ type: 'session/invalid', message });
        setEndedMessage(message);
      }),
    [signOut],
  );
  const signedIn = Boolean(state.user?.tokenvalue);
  useEffect(() => {
    if (signedIn) setEndedMessage(null);
  }, [signedIn]);
  const ended = useMemo(() => ({ message: endedMessage, dismiss: () => setEndedMessage(null) }), [endedMessage]);
  // Spec §4: the subscription state is fetched once a viewer is logged in (logout clears the cache below).
  const queryClient = useQueryClient();
  const userId = state.user?.tokenvalue ? state.user.id : null;
  useEffect(() => {
    if (userId !== null) void queryClient.prefetchQuery(subscriptionStatusQuery(userId));
  }, [queryClient, userId]);
  return (
    <DispatchContext value={dispatch}>
      <StateContext value={state}>
        <EndedContext value={ended}>{children}</EndedContext>
      </StateContext>
    </DispatchContext>
  );
}

export function useAuth(): AuthState {
  const state = useContext(StateContext);
  if (!state) throw new Error('useAuth needs an AuthProvider above it');
  return state;
}

/** The server's words when it ended this page's session (a refused token, the chat's signed-out frame). */
export function useSessionEnded() {
  return useContext(EndedContext);
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
