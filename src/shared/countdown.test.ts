import { describe, expect, it } from 'vitest';
import { EXPIRED, WINNER_DRAWN, countdownParts, countdownText, isLive } from './countdown';

describe('countdown', () => {
  const now = new Date('2026-06-15T18:00:00Z');
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(new Date('2026-06-17T21:04:05Z'), now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(countdownText(new Date('2026-06-17T21:04:05Z'), now)).toBe('02 : 03 : 04 : 05');
  });
  it('says EXPIRED at and after the moment, and the giveaway text for giveaways', () => {
    expect(countdownText(now, now)).toBe(EXPIRED);
    expect(countdownText(new Date('2026-06-15T17:00:00Z'), now, 'giveaway')).toBe(WINNER_DRAWN);
  });
  it('counts real hours across the spring-forward night (Los Angeles loses 2 am on 2026-03-08)', () => {
    // 8 pm PST on March 7 to 8 pm PDT on March 8 is 23 real hours.
    const before = new Date('2026-03-08T04:00:00Z');
    const after = new Date('2026-03-09T03:00:00Z');
    expect(countdownParts(after, before)).toEqual({ days: 0, hours: 23, minutes: 0, seconds: 0 });
  });
  it('counts real hours across the fall-back night (2026-11-01 has 25 hours)', () => {
    const before = new Date('2026-11-01T03:00:00Z'); // 8 pm PDT Oct 31
    const after = new Date('2026-11-02T04:00:00Z'); // 8 pm PST Nov 1
    expect(countdownParts(after, before)).toEqual({ days: 1, hours: 1, minutes: 0, seconds: 0 });
  });
});

describe('live window', () => {
  const start = new Date('2026-03-08T09:30:00Z');
  const end = new Date('2026-03-08T10:30:00Z'); // spans 2 am PST → 3 am PDT
  it('is live strictly between start and end, across a daylight-saving change', () => {
    expect(isLive(start, end, new Date('2026-03-08T09:30:00Z'))).toBe(false);
    expect(isLive(start, end, new Date('2026-03-08T10:00:00Z'))).toBe(true);
    expect(isLive(start, end, new Date('2026-03-08T10:30:00Z'))).toBe(false);
  });
});
