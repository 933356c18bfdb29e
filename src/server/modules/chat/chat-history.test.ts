import { describe, expect, it } from 'vitest';
import { manualClock } from '../../platform/clock';
import { createHistoryCache } from './chat-history';

/** A read the test finishes by hand, counting how many were started. */
function reads() {
  let started = 0;
  const finishers: Array<(rows: string[]) => void> = [];
  return {
    load: () => {
      started += 1;
      return new Promise<string[]>((resolve) => finishers.push(resolve));
    },
    finish: (index: number, rows: string[]) => finishers[index]?.(rows),
    get started() {
      return started;
    },
  };
}

describe('the shared room history (decision 104)', () => {
  const start = new Date('2026-11-28T20:00:00.000Z');

  it('shares one read between joins, while it is in flight and after, until it is too old', async () => {
    const clock = manualClock(start);
    const cache = createHistoryCache<string[]>(clock, 5_000);
    const db = reads();
    const first = cache.read('show:4', db.load);
    const second = cache.read('show:4', db.load);
    db.finish(0, ['m1']);
    expect(await first).toEqual(['m1']);
    expect(await second).toEqual(['m1']);
    clock.advance(4_999);
    expect(await cache.read('show:4', db.load)).toEqual(['m1']);
    expect(db.started).toBe(1);
    clock.advance(1);
    const third = cache.read('show:4', db.load);
    db.finish(1, ['m1', 'm2']);
    expect(await third).toEqual(['m1', 'm2']);
    expect(db.started).toBe(2);
  });

  it('keeps rooms apart', async () => {
    const cache = createHistoryCache<string[]>(manualClock(start));
    const db = reads();
    const lobby = cache.read('lobby', db.load);
    const show = cache.read('show:4', db.load);
    db.finish(0, ['in the lobby']);
    db.finish(1, ['in the show']);
    expect([await lobby, await show]).toEqual([['in the lobby'], ['in the show']]);
  });

  it('never shares a read that began before a change was heard of, even once it has finished', async () => {
    const cache = createHistoryCache<string[]>(manualClock(start));
    const db = reads();
    const before = cache.read('show:4', db.load);
    cache.forget('show:4');
    const after = cache.read('show:4', db.load);
    db.finish(0, ['m1']);
    db.finish(1, ['m1', 'm2']);
    expect(await before).toEqual(['m1']);
    expect(await after).toEqual(['m1', 'm2']);
    expect(await cache.read('show:4', db.load)).toEqual(['m1', 'm2']);
    cache.forget('lobby');
    expect(await cache.read('show:4', db.load)).toEqual(['m1', 'm2']);
    expect(db.started).toBe(2);
  });

  it('reads every room again after forgetEveryRoom', async () => {
    const cache = createHistoryCache<string[]>(manualClock(start));
    const db = reads();
    const lobby = cache.read('lobby', db.load);
    const show = cache.read('show:4', db.load);
    db.finish(0, []);
    db.finish(1, []);
    await Promise.all([lobby, show]);
    cache.forgetEveryRoom();
    void cache.read('lobby', db.load);
    void cache.read('show:4', db.load);
    expect(db.started).toBe(4);
  });

  it('does not share a failed read: the next join reads again', async () => {
    const cache = createHistoryCache<string[]>(manualClock(start));
    await expect(cache.read('lobby', () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    expect(await cache.read('lobby', () => Promise.resolve(['m1']))).toEqual(['m1']);
  });
});
