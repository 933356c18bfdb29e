import { describe, expect, it } from 'vitest';
import { reachbyFrom, todaysGiveaway } from './live-rules';

describe('reachbyFrom', () => {
  it('takes ?reachby= first, then the platform in the path, else web', () => {
    expect(reachbyFrom('facebook', 'Email')).toBe('email');
    expect(reachbyFrom('Facebook', null)).toBe('facebook');
    expect(reachbyFrom(undefined, null)).toBe('web');
  });

  it('ignores values the server would refuse', () => {
    expect(reachbyFrom('<script>', null)).toBe('web');
    expect(reachbyFrom('sms', 'a'.repeat(31))).toBe('sms');
    expect(reachbyFrom('two words', '')).toBe('web');
  });
});

describe('todaysGiveaway', () => {
  const show = { cust_start: '2026-06-15T02:00:00.000Z' };
  const giveaway = (id: number, cust_start: string, status: 'upcoming' | 'live' | 'past' = 'live') => ({
    id,
    cust_start,
    status,
  });

  it('picks the first giveaway that opened during the show', () => {
    const list = [
      giveaway(1, '2026-06-14T20:00:00.000Z'),
      giveaway(2, '2026-06-15T02:40:00.000Z'),
      giveaway(3, '2026-06-15T02:30:00.000Z'),
    ];
    expect(todaysGiveaway(show, list)?.id).toBe(3);
  });

  it('falls back to the giveaway that opened most recently before the show', () => {
    const list = [
      giveaway(1, '2026-06-13T20:00:00.000Z'),
      giveaway(2, '2026-06-14T20:00:00.000Z'),
      giveaway(3, '2026-06-15T02:30:00.000Z', 'past'),
    ];
    expect(todaysGiveaway(show, list)?.id).toBe(2);
  });

  it('has none when no giveaway is open', () => {
    expect(todaysGiveaway(show, [giveaway(1, '2026-06-16T02:30:00.000Z', 'upcoming')])).toBeNull();
    expect(todaysGiveaway(show, [])).toBeNull();
  });
});
