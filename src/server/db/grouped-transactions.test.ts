// Grouped transactions: work that arrives together shares one commit, and one failing piece fails
// only itself.
import { expect, it, vi } from 'vitest';
import { describeEachEngine } from '../testing/harness';
import type { Db } from './database';
import { createGroupedTransactions } from './grouped-transactions';

describeEachEngine('grouped transactions', (t) => {
  const NOW = '2026-11-28T12:00:00.000Z';
  const room = (trx: Db, key: string, slow: number) =>
    trx
      .insertInto('chat_rooms')
      .values({ room: key, slow_mode_seconds: slow, pinned_message_id: null, updated_at: NOW })
      .returning('room')
      .executeTakeFirstOrThrow();
  const rooms = async () =>
    (await t().db.selectFrom('chat_rooms').select('room').orderBy('room').execute()).map((row) => row.room);

  it('runs the pieces that arrive together in one transaction and answers each once committed', async () => {
    const grouped = createGroupedTransactions(t().db);
    const transactions = vi.spyOn(t().db, 'transaction');
    try {
      const answers = await Promise.all(['a', 'b', 'c'].map((key) => grouped.run((trx) => room(trx, `g:${key}`, 0))));
      expect(answers.map((answer) => answer.room)).toEqual(['g:a', 'g:b', 'g:c']);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
    expect(await rooms()).toEqual(['g:a', 'g:b', 'g:c']);
  });

  it('fails only the piece that fails: the others are written once', async () => {
    const grouped = createGroupedTransactions(t().db);
    const results = await Promise.allSettled([
      grouped.run((trx) => room(trx, 'g:first', 0)),
      // The same key twice: the second insert breaks the primary key.
      grouped.run(async (trx) => {
        await room(trx, 'g:twice', 0);
        return room(trx, 'g:twice', 0);
      }),
      grouped.run((trx) => room(trx, 'g:last', 0)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await rooms()).toEqual(['g:first', 'g:last']);
  });

  it('answers a lone failing piece with its own error', async () => {
    const grouped = createGroupedTransactions(t().db);
    await expect(grouped.run(() => Promise.reject(new Error('no such show')))).rejects.toThrow('no such show');
    expect(await rooms()).toEqual([]);
  });
});
