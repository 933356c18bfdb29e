import { expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { sha256Hex } from '../../platform/secrets';
import { describeEachEngine } from '../../testing/harness';
import { countingQueries } from '../../testing/query-counter';
import { sessionsRepository } from './auth.repository';

describeEachEngine('session lookup by token', (t) => {
  const lookUpOn = (db: Db) => (tokenHash: string, nowIso: string) =>
    sessionsRepository.userByTokenHash(db, tokenHash, nowIso);

  it('answers many lookups at once, each with its own user, and nothing for unknown or expired tokens', async () => {
    const [ruby, opal] = [
      await t().createViewer({ first_name: 'Ruby' }),
      await t().createViewer({ first_name: 'Opal' }),
    ];
    const expired = await t().createViewer({ first_name: 'Jet' });
    await t()
      .db.updateTable('sessions')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', expired.id)
      .execute();
    const lookUp = lookUpOn(t().db);
    const now = t().clock.now().toISOString();
    const tokens = [ruby.tokenvalue, opal.tokenvalue, ruby.tokenvalue, 'not-a-token', expired.tokenvalue];
    const users = await Promise.all(tokens.map((token) => lookUp(sha256Hex(token), now)));
    expect(users.map((user) => user?.first_name)).toEqual(['Ruby', 'Opal', 'Ruby', undefined, undefined]);
    expect(users[0]).toMatchObject({ id: ruby.id, email: ruby.email, token_hash: sha256Hex(ruby.tokenvalue) });
  });

  it('answers lookups that arrive in separate turns as well', async () => {
    const viewer = await t().createViewer();
    const lookUp = lookUpOn(t().db);
    const now = t().clock.now().toISOString();
    expect((await lookUp(sha256Hex(viewer.tokenvalue), now))?.id).toBe(viewer.id);
    expect((await lookUp(sha256Hex(viewer.tokenvalue), now))?.id).toBe(viewer.id);
  });

  it('on PostgreSQL, lookups of one turn share one query, and a failed query fails each of them', async () => {
    const [ruby, opal] = [await t().createViewer(), await t().createViewer()];
    const counter = countingQueries(t().db);
    const lookUp = lookUpOn(counter.db);
    const now = t().clock.now().toISOString();
    const hashes = [ruby.tokenvalue, opal.tokenvalue, 'not-a-token'].map((token) => sha256Hex(token));
    await Promise.all(hashes.map((hash) => lookUp(hash, now)));
    expect(counter.take()).toBe(t().engine === 'postgres' ? 1 : 3);

    counter.failWith(new Error('the connection was lost'));
    const results = await Promise.allSettled(hashes.map((hash) => lookUp(hash, now)));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });
});
