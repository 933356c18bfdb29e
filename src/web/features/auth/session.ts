// The signed-in user's copy in browser storage (spec §3 and §4): written on login, refreshed with
// the profile, wiped with the session cookies on logout.
import type { AuthedUser, UserRecord } from '../../../shared/contract/user';
import { COOKIES, LOCAL_KEYS, deleteCookie, local } from '../../lib/browser-storage';

/**
 * Only this app writes the stored user, from answers already parsed with the contract's schema,
 * so start-up checks its identity fields instead of loading the schema library into the first bundle.
 */
function isStoredUser(value: unknown): value is AuthedUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    'tokenvalue' in value &&
    typeof value.tokenvalue === 'string' &&
    value.tokenvalue !== '' &&
    'id' in value &&
    typeof value.id === 'number' &&
    'email' in value &&
    typeof value.email === 'string'
  );
}

/** The stored user with a token; anything else counts as logged out. */
export function readStoredUser(): AuthedUser | null {
  const raw = local.get(LOCAL_KEYS.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function storeUser(user: AuthedUser): void {
  local.set(LOCAL_KEYS.user, JSON.stringify(user));
  local.set(LOCAL_KEYS.token, user.tokenvalue);
  local.set(LOCAL_KEYS.myInviteCode, user.myInviteCode);
}

/** A login: keep the user and drop any live-video token of an earlier session. */
export function saveSession(user: AuthedUser): void {
  storeUser(user);
  deleteCookie(COOKIES.liveToken);
}

/** A fresher profile of the stored user; the token stays. */
export function saveProfile(profile: UserRecord): void {
  const current = readStoredUser();
  if (current) storeUser({ ...profile, tokenvalue: current.tokenvalue });
}

export function clearSession(): void {
  local.clear();
  deleteCookie(COOKIES.chatInfo);
  deleteCookie(COOKIES.liveToken);
}
