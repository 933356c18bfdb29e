import { describe, expect, it } from 'vitest';
import { reachbyFrom, reactionLane, showGiveaways, viewerCountText } from './live-rules';

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

describe('showGiveaways', () => {
  const show = { id: 50, cust_start: '2026-06-15T02:00:00.000Z' };
  const giveaway = (
    id: number,
    cust_start: string,
    status: 'upcoming' | 'live' | 'past' = 'live',
    show_id: number | null = null,
  ) => ({ id, cust_start, status, show_id });

  it('offers every open giveaway: those opened during the show first, in opening order, then the earlier ones', () => {
    const list = [
      giveaway(1, '2026-06-13T20:00:00.000Z'),
      giveaway(2, '2026-06-15T02:40:00.000Z'),
      giveaway(3, '2026-06-15T02:30:00.000Z'),
      giveaway(4, '2026-06-14T20:00:00.000Z'),
    ];
    expect(showGiveaways(show, list).map((g) => g.id)).toEqual([3, 2, 4, 1]);
  });

  it('leaves out giveaways that are not open now', () => {
    const list = [
      giveaway(1, '2026-06-14T20:00:00.000Z'),
      giveaway(2, '2026-06-15T02:30:00.000Z', 'past'),
      giveaway(3, '2026-06-16T02:30:00.000Z', 'upcoming'),
    ];
    expect(showGiveaways(show, list).map((g) => g.id)).toEqual([1]);
  });

  it('puts giveaways linked to this show first and leaves out those linked to another show', () => {
    const list = [
      giveaway(1, '2026-06-15T02:10:00.000Z'),
      giveaway(2, '2026-06-15T02:20:00.000Z', 'live', 51),
      giveaway(3, '2026-06-14T20:00:00.000Z', 'live', 50),
      giveaway(4, '2026-06-14T21:00:00.000Z'),
    ];
    expect(showGiveaways(show, list).map((g) => g.id)).toEqual([3, 1, 4]);
  });

  it('orders giveaways that opened at the same moment by id', () => {
    const list = [giveaway(9, '2026-06-15T02:30:00.000Z'), giveaway(5, '2026-06-15T02:30:00.000Z')];
    expect(showGiveaways(show, list).map((g) => g.id)).toEqual([5, 9]);
  });

  it('offers none when no giveaway is open', () => {
    expect(showGiveaways(show, [giveaway(1, '2026-06-16T02:30:00.000Z', 'upcoming')])).toEqual([]);
    expect(showGiveaways(show, [])).toEqual([]);
  });
});

describe('viewerCountText', () => {
  it('reads one viewer in the singular and larger counts with separators', () => {
    expect(viewerCountText(1)).toBe('1 viewer watching now');
    expect(viewerCountText(0)).toBe('0 viewers watching now');
    expect(viewerCountText(12_345)).toBe('12,345 viewers watching now');
  });
});

describe('reactionLane', () => {
  it('puts reactions that follow each other in different lanes near the right edge', () => {
    const lanes = Array.from({ length: 8 }, (_, key) => reactionLane(key));
    expect(new Set(lanes).size).toBe(8);
    for (const lane of lanes) expect(lane).toBeGreaterThanOrEqual(0);
    for (const lane of lanes) expect(lane).toBeLessThanOrEqual(20);
    for (let key = 1; key < 50; key += 1) expect(reactionLane(key)).not.toBe(reactionLane(key - 1));
  });
});
