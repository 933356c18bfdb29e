// The read behind an authenticated call whose session is not cached. When a show says "enter
// now", thousands of viewers make their first call within seconds and every one misses the cache.
// On PostgreSQL each miss was a round trip of its own; lookups that arrive in the same turn of the
// event loop now share one query. SQLite answers in-process, where one indexed read per token is
// already the cheapest way.
import type { Db, Dialect } from '../../db/database';
import { sessionsRepository, type SessionUserRow } from './auth.repository';

type Waiting = { resolve: (user: SessionUserRow | undefined) => void; reject: (error: unknown) => void };

/** Above this, a group is split: the array parameter stays a modest size. */
const MAX_GROUP = 500;

export type TokenLookup = (tokenHash: string, nowIso: string) => Promise<SessionUserRow | undefined>;

export function createTokenLookup(db: Db, dialect: Dialect): TokenLookup {
  if (dialect === 'sqlite') return (tokenHash, nowIso) => sessionsRepository.userByTokenHash(db, tokenHash, nowIso);

  let waiting = new Map<string, Waiting[]>();
  let nowOfGroup = '';

  async function lookUp(group: Map<string, Waiting[]>, nowIso: string) {
    try {
      const rows = await sessionsRepository.usersByTokenHashes(db, [...group.keys()], nowIso);
      const byHash = new Map(rows.map(({ token_hash, ...user }) => [token_hash, user]));
      for (const [hash, waiters] of group) for (const waiter of waiters) waiter.resolve(byHash.get(hash));
    } catch (error) {
      for (const waiters of group.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  function flush() {
    const all = waiting;
    waiting = new Map();
    let group = new Map<string, Waiting[]>();
    for (const [hash, waiters] of all) {
      group.set(hash, waiters);
      if (group.size === MAX_GROUP) {
        void lookUp(group, nowOfGroup);
        group = new Map();
      }
    }
    if (group.size) void lookUp(group, nowOfGroup);
  }

  return (tokenHash, nowIso) =>
    new Promise((resolve, reject) => {
      // A group is checked against the time its first lookup arrived: at most one turn earlier.
      if (waiting.size === 0) {
        nowOfGroup = nowIso;
        setImmediate(flush);
      }
      const waiters = waiting.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(tokenHash, [{ resolve, reject }]);
    });
}
