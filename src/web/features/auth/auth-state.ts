// The auth state of spec §4 ({ loading, user, error, message, statusCodeForBadReq }) and its
// transitions as a pure reducer. Side effects (storage, cookies, calls) live in the hooks that dispatch.
import type { AuthedUser, UserRecord } from '../../../shared/contract/user';
import { SPEC_MESSAGES } from '../../../shared/messages';

export type AuthState = {
  loading: boolean;
  user: AuthedUser | null;
  error: boolean;
  message: string;
  /** The HTTP status of the last bad request (envelope status -1), else null. */
  statusCodeForBadReq: number | null;
};

export type ProfileOperation = 'fetch' | 'update' | 'picture';

export type AuthAction =
  | { type: 'login/start' }
  | { type: 'login/success'; user: AuthedUser; message: string }
  | { type: 'login/failure'; message: string }
  | { type: 'register/start' }
  /** In code mode the new account has no token yet: the user stays logged out until the code is entered. */
  | { type: 'register/success'; user: AuthedUser; message: string }
  | { type: 'register/failure'; message: string }
  | { type: 'badRequest'; statusCode: number }
  | { type: 'profile/start'; operation: ProfileOperation }
  | { type: 'profile/success'; operation: ProfileOperation; profile: UserRecord; message: string }
  | { type: 'profile/failure'; operation: ProfileOperation; message: string }
  /** The server no longer accepts the stored token. */
  | { type: 'session/invalid'; message: string }
  | { type: 'logout'; message: string }
  | { type: 'clear' };

export function initialAuthState(storedUser: AuthedUser | null): AuthState {
  return { loading: false, user: storedUser, error: false, message: '', statusCodeForBadReq: null };
}

const settled = { loading: false, statusCodeForBadReq: null } as const;

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  // Profile answers that arrive after a logout belong to nobody.
  if (action.type.startsWith('profile/') && !state.user) return state;
  switch (action.type) {
    case 'login/start':
    case 'register/start':
      return { ...state, loading: true, error: false, message: '', statusCodeForBadReq: null };
    case 'login/success':
      return { ...state, ...settled, user: action.user, error: false, message: action.message };
    case 'register/success':
      return {
        ...state,
        ...settled,
        user: action.user.tokenvalue ? action.user : state.user,
        error: false,
        message: action.message,
      };
    case 'login/failure':
    case 'register/failure':
      return { ...state, ...settled, error: true, message: action.message };
    case 'badRequest':
      return {
        ...state,
        loading: false,
        error: true,
        message: SPEC_MESSAGES.badRequest,
        statusCodeForBadReq: action.statusCode,
      };
    case 'profile/start':
      // A background fetch keeps whatever message is showing; an edit replaces it.
      return action.operation === 'fetch'
        ? { ...state, loading: true }
        : { ...state, loading: true, error: false, message: '', statusCodeForBadReq: null };
    case 'profile/success': {
      const user = { ...action.profile, tokenvalue: state.user?.tokenvalue ?? '' };
      return action.operation === 'fetch'
        ? { ...state, loading: false, user }
        : { ...state, ...settled, user, error: false, message: action.message };
    }
    case 'profile/failure':
      return { ...state, ...settled, error: true, message: action.message };
    case 'session/invalid':
      return { ...initialAuthState(null), error: true, message: action.message };
    case 'logout':
      return { ...initialAuthState(null), message: action.message };
    case 'clear':
      return initialAuthState(state.user);
  }
}

/** The failure for a login or registration error: bad requests (-1) get the spec's fixed message. */
export function authFailure(
  kind: 'login' | 'register',
  error: { message: string; httpStatus: number; isBadRequest: boolean },
): AuthAction {
  if (error.isBadRequest) return { type: 'badRequest', statusCode: error.httpStatus };
  return { type: kind === 'login' ? 'login/failure' : 'register/failure', message: error.message };
}
