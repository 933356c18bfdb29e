// Which token a request carries (spec §6): the stored user's tokenvalue, else the visitor's
// session tkn, else empty. Read on every request so a login or logout applies at once.
import { LOCAL_KEYS, SESSION_KEYS, local, session } from '../lib/browser-storage';

export type Credentials = {
  token: string;
  isUserToken: boolean;
  /** The browser session's visitor token beside a user's token ('' otherwise): contest votes record its hash (decision 063). */
  visitor: string;
};

function storedUserToken(): string {
  const raw = local.get(LOCAL_KEYS.user);
  if (!raw) return '';
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' &&
      parsed !== null &&
      'tokenvalue' in parsed &&
      typeof parsed.tokenvalue === 'string'
      ? parsed.tokenvalue
      : '';
  } catch {
    return '';
  }
}

export function currentCredentials(): Credentials {
  const userToken = storedUserToken();
  const visitorToken = session.get(SESSION_KEYS.visitorToken) ?? '';
  if (userToken) return { token: userToken, isUserToken: true, visitor: visitorToken };
  return { token: visitorToken, isUserToken: false, visitor: '' };
}
