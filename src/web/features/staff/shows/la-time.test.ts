import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromLaInput, toLaInput } from './la-time';

describe('datetime-local values as Los Angeles time', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads a summer evening as daylight time and a winter one as standard time', () => {
    expect(fromLaInput('2026-06-20T19:00')).toBe('2026-06-20T19:00:00-07:00');
    expect(fromLaInput('2026-12-20T19:00')).toBe('2026-12-20T19:00:00-08:00');
    expect(new Date(fromLaInput('2026-06-20T19:00')).toISOString()).toBe('2026-06-21T02:00:00.000Z');
  });

  it('turns an instant back into the Los Angeles wall clock', () => {
    expect(toLaInput('2026-06-21T02:00:00.000Z')).toBe('2026-06-20T19:00');
    expect(toLaInput('2026-12-21T03:00:00.000Z')).toBe('2026-12-20T19:00');
    expect(toLaInput('not a date')).toBe('');
  });

  it('keeps the hours either side of the spring-forward change apart (March 8, 2026)', () => {
    expect(fromLaInput('2026-03-08T01:30')).toBe('2026-03-08T01:30:00-08:00');
    expect(fromLaInput('2026-03-08T03:30')).toBe('2026-03-08T03:30:00-07:00');
    // 1:30 PST and 3:30 PDT are one hour apart in real time.
    expect(
      new Date(fromLaInput('2026-03-08T03:30')).getTime() - new Date(fromLaInput('2026-03-08T01:30')).getTime(),
    ).toBe(3_600_000);
    // 2:30 never happens that night: it is read as 3:30 daylight time, where the clocks jump to.
    expect(fromLaInput('2026-03-08T02:30')).toBe('2026-03-08T03:30:00-07:00');
  });

  it('reads the hour that happens twice in the fall (November 1, 2026) as the first one', () => {
    expect(fromLaInput('2026-11-01T01:30')).toBe('2026-11-01T01:30:00-07:00');
    expect(fromLaInput('2026-11-01T02:30')).toBe('2026-11-01T02:30:00-08:00');
    expect(toLaInput('2026-11-01T09:30:00.000Z')).toBe('2026-11-01T01:30');
    expect(toLaInput('2026-11-01T08:30:00.000Z')).toBe('2026-11-01T01:30');
  });

  it('gives back what it read, for every quarter hour across both changes', () => {
    for (const start of [Date.UTC(2026, 2, 7, 12), Date.UTC(2026, 9, 31, 12)]) {
      for (let at = start; at < start + 48 * 3_600_000; at += 15 * 60_000) {
        const iso = new Date(at).toISOString();
        const local = toLaInput(iso);
        // Only the second 1 AM hour in November reads back as its first twin.
        if (local >= '2026-11-01T01:00' && local < '2026-11-01T02:00' && at >= Date.UTC(2026, 10, 1, 9)) continue;
        expect(new Date(fromLaInput(local)).toISOString(), local).toBe(iso);
      }
    }
  });

  it('does not depend on the time zone of the computer', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(fromLaInput('2026-06-20T19:00')).toBe('2026-06-20T19:00:00-07:00');
  });

  it('refuses what is not a datetime-local value', () => {
    expect(fromLaInput('')).toBe('');
    expect(fromLaInput('2026-06-20 19:00')).toBe('');
    expect(fromLaInput('2026-02-30T19:00')).toBe('');
    expect(fromLaInput('2026-06-20T25:00')).toBe('');
  });
});
