// Many viewers with live sessions at once, written straight to the database (registering each
// through the API would spend most of a test or bench hashing passwords). Used by the giveaway
// concurrency test and the entry-surge bench.
import type { Db } from '../db/database';
import { BLANK_PROFILE } from '../modules/auth/auth.repository';
import { sha256Hex, USER_TOKEN_PREFIX } from '../platform/secrets';

export type BulkViewer = { id: number; token: string };

/** The session token of bulk viewer `n` of `tag` (the bench computes them instead of passing thousands around). */
export const bulkToken = (tag: string, n: number) => `${USER_TOKEN_PREFIX}${tag}-${n}-session`;

/** Inserts `count` viewers named `${tag} Viewer<n>` with a session each; returns their ids and tokens in order. */
export async function insertViewers(db: Db, count: number, tag: string, now: Date): Promise<BulkViewer[]> {
  const created = now.toISOString();
  const expires = new Date(now.getTime() + 30 * 24 * 60 * 60_000).toISOString();
  const out: BulkViewer[] = [];
  const chunk = 500;
  for (let start = 0; start < count; start += chunk) {
    const size = Math.min(chunk, count - start);
    const numbers = Array.from({ length: size }, (_, i) => start + i);
    await db.transaction().execute(async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          numbers.map((n) => ({
            email: `${tag}-${n}@bulk.example.com`,
            phone: `+1${tag}${String(n).padStart(9, '0')}`,
            ...BLANK_PROFILE,
            password_hash: null,
            first_name: tag,
            last_name: `Viewer${n}`,
            isactive: 1,
            is_staff: 0,
            my_invite_code: `${tag}${n}`.toUpperCase(),
            created_at: created,
            updated_at: created,
          })),
        )
        .returning('id')
        .execute();
      const tokens = numbers.map((n) => bulkToken(tag, n));
      await trx
        .insertInto('sessions')
        .values(
          users.map((u, i) => ({
            user_id: u.id,
            token_hash: sha256Hex(tokens[i] ?? ''),
            created_at: created,
            expires_at: expires,
          })),
        )
        .execute();
      users.forEach((u, i) => out.push({ id: u.id, token: tokens[i] ?? '' }));
    });
  }
  return out;
}
