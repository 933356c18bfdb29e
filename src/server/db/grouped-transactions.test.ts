// Grouped transactions: work that arrives together shares one commit, one failing piece fails
// only itself, and each group is prepared and finished once around its pieces (decision 116).
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
  const nothingToPrepare = () => Promise.resolve(null);

  it('runs the pieces that arrive together in one transaction and answers each once committed', async () => {
    const grouped = createGroupedTransactions(t().db, { prepare: nothingToPrepare });
    const transactions = vi.spyOn(t().db, 'transaction');
    try {
      const answers = await Promise.all(
        ['a', 'b', 'c'].map((key) => grouped.run(key, (trx) => room(trx, `g:${key}`, 0))),
      );
      expect(answers.map((answer) => answer.room)).toEqual(['g:a', 'g:b', 'g:c']);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
    expect(await rooms()).toEqual(['g:a', 'g:b', 'g:c']);
  });

  it('fails only the piece that fails: the others are written once', async () => {
    const grouped = createGroupedTransactions(t().db, { prepare: nothingToPrepare });
    const results = await Promise.allSettled([
      grouped.run(1, (trx) => room(trx, 'g:first', 0)),
      // The same key twice: the second insert breaks the primary key.
      grouped.run(2, async (trx) => {
        await room(trx, 'g:twice', 0);
        return room(trx, 'g:twice', 0);
      }),
      grouped.run(3, (trx) => room(trx, 'g:last', 0)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await rooms()).toEqual(['g:first', 'g:last']);
  });

  it("prepares a group once with its pieces' keys and finishes it after them; alone, a piece gets its own", async () => {
    const steps: string[] = [];
    const grouped = createGroupedTransactions(t().db, {
      prepare: (_trx, keys: string[]) => {
        steps.push(`prepare ${[...keys].sort().join(' ')}`);
        return Promise.resolve({ written: [] as string[] });
      },
      finish: async (trx, prepared) => {
        steps.push(`finish ${prepared.written.join(' ')}`);
        for (const key of prepared.written) await room(trx, `g:${key}`, 0);
      },
    });
    const piece = (key: string) =>
      grouped.run(key, async (_trx, prepared) => {
        prepared.written.push(key);
        return key;
      });
    expect(await Promise.all([piece('a'), piece('b'), piece('c')])).toEqual(['a', 'b', 'c']);
    expect(steps).toEqual(['prepare a b c', 'finish a b c']);
    expect(await rooms()).toEqual(['g:a', 'g:b', 'g:c']);

    // 'a' again: its room is there, so the group's finish fails; each piece runs again alone, and
    // only 'a' fails.
    steps.length = 0;
    const results = await Promise.allSettled([piece('d'), piece('a'), piece('e')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(steps).toEqual([
      'prepare a d e',
      'finish d a e',
      'prepare d',
      'finish d',
      'prepare a',
      'finish a',
      'prepare e',
      'finish e',
    ]);
    expect(await rooms()).toEqual(['g:a', 'g:b', 'g:c', 'g:d', 'g:e']);
  });

  it('answers a lone failing piece with its own error', async () => {
    const grouped = createGroupedTransactions(t().db, { prepare: nothingToPrepare });
    await expect(grouped.run(null, () => Promise.reject(new Error('no such show')))).rejects.toThrow('no such show');
    expect(await rooms()).toEqual([]);
  });
});
