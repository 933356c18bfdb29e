import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema';
import { createSessionCache } from './session-cache';

const user = (id: number) => ({ id, first_name: `Viewer ${id}` }) as unknown as UserRow;

describe('the session cache', () => {
  it('answers within its time to live and forgets after it', () => {
    const cache = createSessionCache(3000);
    cache.set('tok-a', { user: user(1), tokenHash: 'hash-a', secondFactorAt: null }, 1000);
    expect(cache.get('tok-a', 3999)?.user.id).toBe(1);
    expect(cache.get('tok-a', 4000)).toBeNull();
  });

  it('forgets one token by its hash, or every token of a user', () => {
    const cache = createSessionCache(3000);
    cache.set('tok-a', { user: user(1), tokenHash: 'hash-a', secondFactorAt: null }, 0);
    cache.set('tok-b', { user: user(1), tokenHash: 'hash-b', secondFactorAt: null }, 0);
    cache.set('tok-c', { user: user(2), tokenHash: 'hash-c', secondFactorAt: null }, 0);
    cache.forgetToken('hash-a');
    expect(cache.get('tok-a', 1)).toBeNull();
    expect(cache.get('tok-b', 1)).not.toBeNull();
    cache.forgetUser(1);
    expect(cache.get('tok-b', 1)).toBeNull();
    expect(cache.get('tok-c', 1)?.user.id).toBe(2);
  });

  it('hands out frozen copies, so one request cannot change what the next one sees', () => {
    const cache = createSessionCache(3000);
    const row = user(1);
    cache.set('tok-a', { user: row, tokenHash: 'hash-a', secondFactorAt: null }, 0);
    const cached = cache.get('tok-a', 1);
    expect(Object.isFrozen(cached?.user)).toBe(true);
    row.first_name = 'Changed';
    expect(cache.get('tok-a', 1)?.user.first_name).toBe('Viewer 1');
  });

  it('stays within its size by dropping the oldest entries', () => {
    const cache = createSessionCache(3000, 2);
    cache.set('tok-a', { user: user(1), tokenHash: 'hash-a', secondFactorAt: null }, 0);
    cache.set('tok-b', { user: user(2), tokenHash: 'hash-b', secondFactorAt: null }, 0);
    cache.set('tok-c', { user: user(3), tokenHash: 'hash-c', secondFactorAt: null }, 0);
    expect(cache.get('tok-a', 1)).toBeNull();
    expect(cache.get('tok-c', 1)?.user.id).toBe(3);
  });

  it('keeps nothing with a time to live of zero', () => {
    const cache = createSessionCache(0);
    cache.set('tok-a', { user: user(1), tokenHash: 'hash-a', secondFactorAt: null }, 0);
    expect(cache.get('tok-a', 0)).toBeNull();
  });
});
