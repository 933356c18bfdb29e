// Recently seen sessions, so the token lookup behind every authenticated call does not read the
// database on each request. An entry lives a few seconds at most; this process forgets a user's entries when it changes the user or their sessions, and
// changes made elsewhere (another server process, the staff CLI) show within the time to live.
// The rows are frozen: a request cannot change what the next one sees.
import type { UserRow } from '../db/schema';

/** A session as looked up: its user, and when it last passed a second factor (decision 085). */
export type CachedSession = { user: Readonly<UserRow>; tokenHash: string; secondFactorAt: string | null };

type Entry = CachedSession & { until: number };

export type SessionCache = {
  get(token: string, nowMs: number): CachedSession | null;
  set(token: string, session: CachedSession, nowMs: number): void;
  forgetToken(tokenHash: string): void;
  forgetUser(userId: number): void;
};

export const SESSION_CACHE_TTL_MS = 3_000;
const MAX_ENTRIES = 50_000;

export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS, maxEntries = MAX_ENTRIES): SessionCache {
  const byToken = new Map<string, Entry>();
  const tokenOfHash = new Map<string, string>();
  const tokensOfUser = new Map<number, Set<string>>();

  function remove(token: string): void {
    const entry = byToken.get(token);
    if (!entry) return;
    byToken.delete(token);
    tokenOfHash.delete(entry.tokenHash);
    const tokens = tokensOfUser.get(entry.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOfUser.delete(entry.user.id);
  }

  return {
    get(token, nowMs) {
      const entry = byToken.get(token);
      if (!entry) return null;
      if (entry.until <= nowMs) {
        remove(token);
        return null;
      }
      return entry;
    },
    set(token, session, nowMs) {
      if (ttlMs <= 0) return;
      remove(token);
      // Oldest first: a Map iterates in insertion order.
      if (byToken.size >= maxEntries) remove(byToken.keys().next().value ?? '');
      byToken.set(token, {
        user: Object.freeze({ ...session.user }),
        tokenHash: session.tokenHash,
        secondFactorAt: session.secondFactorAt,
        until: nowMs + ttlMs,
      });
      tokenOfHash.set(session.tokenHash, token);
      const tokens = tokensOfUser.get(session.user.id) ?? new Set<string>();
      tokens.add(token);
      tokensOfUser.set(session.user.id, tokens);
    },
    forgetToken(tokenHash) {
      const token = tokenOfHash.get(tokenHash);
      if (token !== undefined) remove(token);
    },
    forgetUser(userId) {
      for (const token of [...(tokensOfUser.get(userId) ?? [])]) remove(token);
    },
  };
}
