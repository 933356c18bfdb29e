// A commit is answered once a flush that started after it has ended; commits made during a flush share the next.
import { describe, expect, it } from 'vitest';
import { createWalSync } from './wal-sync';

/** A flush that ends when the test says so. */
function controlledFlush() {
  const ends: { finish: () => void; fail: (error: Error) => void }[] = [];
  const flush = () => new Promise<void>((resolve, reject) => ends.push({ finish: resolve, fail: reject }));
  return { flush, ends };
}

const settled = async (promise: Promise<unknown>) => {
  let state = 'waiting';
  promise.then(
    () => (state = 'answered'),
    () => (state = 'failed'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('WAL sync (decision 110)', () => {
  it('answers a commit after a flush that started after it, and the commits made meanwhile after one more', async () => {
    const { flush, ends } = controlledFlush();
    const wal = createWalSync('unused', flush);
    const first = wal.afterCommit();
    expect(ends.length).toBe(1);
    const second = wal.afterCommit();
    const third = wal.afterCommit();
    // The flush in hand may have begun before these commits: they wait for the next, together.
    expect(ends.length).toBe(1);
    ends[0]!.finish();
    expect(await settled(first)).toBe('answered');
    expect(await settled(second)).toBe('waiting');
    expect(ends.length).toBe(2);
    ends[1]!.finish();
    expect([await settled(second), await settled(third)]).toEqual(['answered', 'answered']);
    // Quiet again: the next commit starts a flush of its own at once.
    const fourth = wal.afterCommit();
    expect(ends.length).toBe(3);
    ends[2]!.finish();
    expect(await settled(fourth)).toBe('answered');
    await wal.close();
  });

  it('fails the commits a failed flush covered, and flushes afresh for the next', async () => {
    const { flush, ends } = controlledFlush();
    const wal = createWalSync('unused', flush);
    const failed = wal.afterCommit();
    ends[0]!.fail(new Error('EIO'));
    await expect(failed).rejects.toThrow('EIO');
    const next = wal.afterCommit();
    ends[1]!.finish();
    await expect(next).resolves.toBeUndefined();
    await wal.close();
  });
});
