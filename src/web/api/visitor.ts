// The anonymous visitor's token (tkn): issued once per browser session by the server, kept in
// sessionStorage, sent as the token header while logged out and as session_id for e-mailed codes.
import { authCalls } from '../../shared/contract/auth';
import { SESSION_KEYS, session } from '../lib/browser-storage';
import { apiCall } from './client';

let pending: Promise<string | undefined> | null = null;

/** The visitor token, asking the server for one the first time; undefined if it cannot be had. */
export function ensureVisitorToken(): Promise<string | undefined> {
  const stored = session.get(SESSION_KEYS.visitorToken);
  if (stored) return Promise.resolve(stored);
  pending ??= apiCall(authCalls.visitorToken)
    .then((answer) => {
      const tkn = answer.data[0]?.tkn;
      if (tkn) session.set(SESSION_KEYS.visitorToken, tkn);
      return tkn;
    })
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}
