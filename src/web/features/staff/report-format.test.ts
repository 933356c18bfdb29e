import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../../shared/contract/analytics';
import {
  barPercent,
  dayCentrePercent,
  dayTicks,
  everyDay,
  formatDay,
  formatDayRange,
  formatDuration,
  isEmptyReport,
} from './report-format';

const emptyReport: AnalyticsReport = {
  from: '2025-03-01',
  to: '2025-03-07',
  totals: { visits: 0, sessions: 0, pageViews: 0, signups: 0 },
  byDay: [],
  topPages: [],
  referrers: [],
  refIds: [],
  devices: [],
  events: [],
  timeOnPage: [],
};

describe('everyDay', () => {
  it('fills the days without visits with zeros, in order', () => {
    const days = everyDay('2025-02-27', '2025-03-02', [{ day: '2025-03-01', visits: 4, sessions: 2 }]);
    expect(days).toEqual([
      { day: '2025-02-27', visits: 0, sessions: 0 },
      { day: '2025-02-28', visits: 0, sessions: 0 },
      { day: '2025-03-01', visits: 4, sessions: 2 },
      { day: '2025-03-02', visits: 0, sessions: 0 },
    ]);
  });

  it('gives one day for a one-day period, across a daylight saving change too', () => {
    expect(everyDay('2025-03-09', '2025-03-09', [])).toHaveLength(1);
    expect(everyDay('2025-03-08', '2025-03-10', []).map((d) => d.day)).toEqual([
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
    ]);
  });
});

describe('formatting', () => {
  it('writes calendar days without shifting them by the time zone', () => {
    expect(formatDay('2025-03-01')).toBe('Mar 1');
    expect(formatDay('2025-03-01', 'long')).toBe('Sat, Mar 1, 2025');
  });

  it('writes a period once for one day, and its year once when both ends share it', () => {
    expect(formatDayRange('2025-03-01', '2025-03-01')).toBe('Sat, Mar 1, 2025');
    expect(formatDayRange('2025-02-23', '2025-03-01')).toBe('Sun, Feb 23 to Sat, Mar 1, 2025');
    expect(formatDayRange('2024-12-30', '2025-01-05')).toBe('Mon, Dec 30, 2024 to Sun, Jan 5, 2025');
  });

  it('writes durations in seconds, minutes or hours', () => {
    expect(formatDuration(44.6)).toBe('45 s');
    expect(formatDuration(125)).toBe('2 min 05 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
    // A median of an even count can end in a half second.
    expect(formatDuration(6.5)).toBe('7 s');
    expect(formatDuration(59.5)).toBe('1 min 00 s');
  });

  it('sizes bars against the largest value, never hiding a non-zero one', () => {
    expect(barPercent(5, 10)).toBe(50);
    expect(barPercent(1, 1000)).toBe(2);
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(3, 0)).toBe(0);
  });
});

describe('isEmptyReport', () => {
  it('is empty only when nothing was recorded', () => {
    expect(isEmptyReport(emptyReport)).toBe(true);
    expect(isEmptyReport({ ...emptyReport, totals: { ...emptyReport.totals, signups: 1 } })).toBe(false);
    expect(isEmptyReport({ ...emptyReport, events: [{ key: 'rsvp / click', count: 1 }] })).toBe(false);
    expect(isEmptyReport({ ...emptyReport, timeOnPage: [{ key: '/live', medianSeconds: 6.5, views: 2 }] })).toBe(false);
  });
});

describe('the visits chart placement', () => {
  const week = everyDay('2025-03-01', '2025-03-07', []).map((d) => d.day);

  it("puts each bar's centre in the middle of its equal slot", () => {
    expect(dayCentrePercent(0, 1)).toBe(50);
    expect(dayCentrePercent(0, 4)).toBe(12.5);
    expect(dayCentrePercent(3, 4)).toBe(87.5);
  });

  it('labels every day of a week, each centred under its own bar', () => {
    const ticks = dayTicks(week, 8);
    expect(ticks.map((t) => t.day)).toEqual(week);
    expect(ticks.map((t) => t.align)).toEqual(Array(7).fill('centre'));
    ticks.forEach((tick, i) => expect(tick.centrePercent).toBeCloseTo(((i + 0.5) / 7) * 100));
  });

  it('labels the first, the last and evenly spaced days of a long period, at their own bars', () => {
    const days = everyDay('2025-01-01', '2025-03-31', []).map((d) => d.day);
    const ticks = dayTicks(days, 4);
    expect(ticks.map((t) => t.index)).toEqual([0, 30, 59, 89]);
    expect(ticks.map((t) => t.day)).toEqual(['2025-01-01', '2025-01-31', '2025-03-01', '2025-03-31']);
    expect(ticks.map((t) => t.align)).toEqual(['start', 'centre', 'centre', 'end']);
    expect(ticks[1]?.centrePercent).toBeCloseTo((30.5 / 90) * 100);
  });

  it('centres the one label of a one-day period under its one bar', () => {
    expect(dayTicks(['2025-03-09'], 4)).toEqual([{ index: 0, day: '2025-03-09', centrePercent: 50, align: 'centre' }]);
    expect(dayTicks([], 4)).toEqual([]);
  });
});
