import { expect, it } from 'vitest';
import { allowTurnBatches, batchPerTurn, turnBatchedRows } from './turn-batch';

type Ask = { id: string; at: number };

function recordingReader(maxGroup?: number) {
  const reads: { ids: string[]; firstAt: number }[] = [];
  let failing = false;
  const ask = batchPerTurn<Ask, string | null>({
    key: (query) => query.id,
    read: async (queries, first) => {
      reads.push({ ids: queries.map((query) => query.id), firstAt: first.at });
      if (failing) throw new Error('the connection was lost');
      return new Map(queries.filter((query) => query.id !== 'unknown').map((query) => [query.id, `row ${query.id}`]));
    },
    missing: null,
    maxGroup,
  });
  return { ask, reads, fail: () => (failing = true) };
}

it('answers the asks of one turn with one read of their distinct keys, each with its own answer', async () => {
  const { ask, reads } = recordingReader();
  const answers = await Promise.all(['a', 'b', 'a', 'unknown'].map((id, at) => ask({ id, at })));
  expect(answers).toEqual(['row a', 'row b', 'row a', null]);
  // The turn is read as of its first ask.
  expect(reads).toEqual([{ ids: ['a', 'b', 'unknown'], firstAt: 0 }]);
});

it('reads each turn on its own, and splits a turn with more keys than a group holds', async () => {
  const { ask, reads } = recordingReader(2);
  expect(await ask({ id: 'a', at: 1 })).toBe('row a');
  expect(await Promise.all(['b', 'c', 'd'].map((id, at) => ask({ id, at: 10 + at })))).toEqual([
    'row b',
    'row c',
    'row d',
  ]);
  expect(reads).toEqual([
    { ids: ['a'], firstAt: 1 },
    { ids: ['b', 'c'], firstAt: 10 },
    { ids: ['d'], firstAt: 10 },
  ]);
});

it('fails every ask of a read that failed, and reads again for the next turn', async () => {
  const { ask, fail, reads } = recordingReader();
  fail();
  const results = await Promise.allSettled(['a', 'b', 'a'].map((id, at) => ask({ id, at })));
  expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
  await expect(ask({ id: 'a', at: 5 })).rejects.toThrow('the connection was lost');
  expect(reads).toHaveLength(2);
});

it('shares a query per turn only on a database allowed to batch, and answers each key its own rows', async () => {
  type Row = { owner: number; n: number };
  const calls: string[] = [];
  const rowsOf = turnBatchedRows<object, { owner: number; at: string }, Row>({
    key: (ask) => String(ask.owner),
    keyOfRow: (row) => String(row.owner),
    one: async (_db, ask) => {
      calls.push(`one ${ask.owner}`);
      return ask.owner === 1 ? [{ owner: 1, n: 1 }] : [];
    },
    many: async (_db, asks, first) => {
      calls.push(`many ${asks.map((ask) => ask.owner).join(',')} at ${first.at}`);
      return [
        { owner: 1, n: 1 },
        { owner: 2, n: 2 },
        { owner: 2, n: 3 },
      ];
    },
  });
  const pooled = {};
  const transaction = {};
  allowTurnBatches(pooled);
  const asks = [1, 2, 3, 2].map((owner, i) => ({ owner, at: `t${i}` }));
  expect(await Promise.all(asks.map((ask) => rowsOf(pooled, ask)))).toEqual([
    [{ owner: 1, n: 1 }],
    [
      { owner: 2, n: 2 },
      { owner: 2, n: 3 },
    ],
    [],
    [
      { owner: 2, n: 2 },
      { owner: 2, n: 3 },
    ],
  ]);
  expect(await Promise.all([1, 3].map((owner) => rowsOf(transaction, { owner, at: 'later' })))).toEqual([
    [{ owner: 1, n: 1 }],
    [],
  ]);
  expect(calls).toEqual(['many 1,2,3 at t0', 'one 1', 'one 3']);
});
