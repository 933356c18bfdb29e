// The read behind an authenticated call whose session is not cached. When a show says "enter
// now", thousands of viewers make their first call within seconds and every one misses the cache.
// On PostgreSQL each miss was a round trip of its own; lookups that arrive in the same turn of the
// event loop now share one query (db/turn-batch.ts). SQLite answers in-process, where one indexed
// read per token is already the cheapest way.
import type { Db, Dialect } from '../../db/database';
import { batchPerTurn } from '../../db/turn-batch';
import { sessionsRepository, type SessionUserRow } from './auth.repository';

export type TokenLookup = (tokenHash: string, nowIso: string) => Promise<SessionUserRow | undefined>;

export function createTokenLookup(db: Db, dialect: Dialect): TokenLookup {
  if (dialect === 'sqlite') return (tokenHash, nowIso) => sessionsRepository.userByTokenHash(db, tokenHash, nowIso);

  const lookUp = batchPerTurn<{ tokenHash: string; nowIso: string }, SessionUserRow | undefined>({
    key: (query) => query.tokenHash,
    // A group is checked against the time its turn's first lookup arrived: at most one turn earlier.
    read: async (queries, first) => {
      const hashes = queries.map((query) => query.tokenHash);
      const rows = await sessionsRepository.usersByTokenHashes(db, hashes, first.nowIso);
      return new Map(rows.map(({ token_hash, ...user }) => [token_hash, user]));
    },
    missing: undefined,
  });
  return (tokenHash, nowIso) => lookUp({ tokenHash, nowIso });
}
