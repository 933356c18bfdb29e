// The console's clock sums: durations as producers read them, time on air and left, a segment's
// run against its plan (over time), the planned total and moving a segment in the order.
import { describe, expect, it } from 'vitest';
import {
  clockText,
  clockWords,
  moved,
  plannedTotalMinutes,
  segmentTiming,
  timeLeftMs,
  timeOnAirMs,
} from './on-air-time';

const at = (iso: string) => Date.parse(iso);

describe('clockText and clockWords', () => {
  it('reads m:ss under an hour and h:mm:ss from an hour', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(247_000)).toBe('4:07');
    expect(clockText(3_909_000)).toBe('1:05:09');
    expect(clockText(-65_000)).toBe('−1:05');
  });

  it('spells the span out for screen readers', () => {
    expect(clockWords(247_000)).toBe('4 minutes 7 seconds');
    expect(clockWords(3_909_000)).toBe('1 hour 5 minutes');
    expect(clockWords(1_000)).toBe('1 second');
    expect(clockWords(0)).toBe('0 seconds');
  });
});

describe('time on air and left', () => {
  const show = {
    went_live_at: '2026-06-15T18:00:00.000Z',
    cust_end: '2026-06-15T19:00:00.000Z',
    state: 'live' as const,
  };

  it('is zero before the show goes live', () => {
    expect(timeOnAirMs({ ...show, went_live_at: null, state: 'upcoming' }, at('2026-06-15T18:30:00Z'))).toBe(0);
  });

  it('counts from going live, and stops at the end once ended', () => {
    expect(timeOnAirMs(show, at('2026-06-15T18:12:30Z'))).toBe(750_000);
    expect(timeOnAirMs({ ...show, state: 'ended' }, at('2026-06-15T20:00:00Z'))).toBe(3_600_000);
  });

  it('is negative once the show runs past its scheduled end', () => {
    expect(timeLeftMs(show, at('2026-06-15T18:55:00Z'))).toBe(300_000);
    expect(timeLeftMs(show, at('2026-06-15T19:01:00Z'))).toBe(-60_000);
  });
});

describe('segmentTiming', () => {
  const segment = { started_at: '2026-06-15T18:00:00.000Z', ended_at: null, planned_minutes: 5 };

  it('is null for a segment not started', () => {
    expect(segmentTiming({ ...segment, started_at: null }, at('2026-06-15T18:10:00Z'))).toBeNull();
  });

  it('is within its plan up to the planned minutes', () => {
    expect(segmentTiming(segment, at('2026-06-15T18:05:00Z'))).toEqual({
      elapsedMs: 300_000,
      plannedMs: 300_000,
      isOver: false,
      overMs: 0,
    });
  });

  it('is over time past them, by how much', () => {
    expect(segmentTiming(segment, at('2026-06-15T18:06:30Z'))).toMatchObject({ isOver: true, overMs: 90_000 });
  });

  it('stops counting when the segment ended', () => {
    expect(
      segmentTiming({ ...segment, ended_at: '2026-06-15T18:03:00.000Z' }, at('2026-06-15T19:00:00Z')),
    ).toMatchObject({ elapsedMs: 180_000, isOver: false });
  });
});

describe('plannedTotalMinutes and moved', () => {
  it('adds the planned minutes', () => {
    expect(plannedTotalMinutes([{ planned_minutes: 5 }, { planned_minutes: 12 }])).toBe(17);
  });

  it('moves an item up or down and clamps the target', () => {
    expect(moved([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moved([1, 2, 3, 4], 3, 1)).toEqual([1, 4, 2, 3]);
    expect(moved([1, 2, 3], 1, 9)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 5, 0)).toEqual([1, 2, 3]);
  });
});
