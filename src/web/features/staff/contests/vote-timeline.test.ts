import { describe, expect, it } from 'vitest';
import { barWidthWords, minuteOf, timelineBars } from './vote-timeline';

describe('timelineBars', () => {
  it('has no bars and no peak without votes', () => {
    expect(timelineBars([])).toEqual({ bars: [], minutesPerBar: 1, peak: 0 });
  });

  it('fills the quiet minutes between the first and the last one with empty bars', () => {
    const timeline = timelineBars([
      { minute: '2026-06-20T19:00:00.000Z', votes: 3, voided: 0 },
      { minute: '2026-06-20T19:03:00.000Z', votes: 1, voided: 2 },
    ]);
    expect(timeline.minutesPerBar).toBe(1);
    expect(timeline.bars).toEqual([
      { start: '2026-06-20T19:00:00.000Z', votes: 3, voided: 0 },
      { start: '2026-06-20T19:01:00.000Z', votes: 0, voided: 0 },
      { start: '2026-06-20T19:02:00.000Z', votes: 0, voided: 0 },
      { start: '2026-06-20T19:03:00.000Z', votes: 1, voided: 2 },
    ]);
    expect(timeline.peak).toBe(3);
  });

  it('widens the bars to a readable step when the minutes would not fit, adding up what falls in each', () => {
    const timeline = timelineBars(
      [
        { minute: '2026-06-20T19:01:00.000Z', votes: 2, voided: 1 },
        { minute: '2026-06-20T19:04:00.000Z', votes: 5, voided: 0 },
        { minute: '2026-06-20T21:59:00.000Z', votes: 1, voided: 0 },
      ],
      60,
    );
    // 179 minutes do not fit in 60 bars of 1 or 2 minutes; 5-minute bars do (36 of them).
    expect(timeline.minutesPerBar).toBe(5);
    expect(timeline.bars).toHaveLength(36);
    expect(timeline.bars[0]).toEqual({ start: '2026-06-20T19:00:00.000Z', votes: 7, voided: 1 });
    expect(timeline.bars.at(-1)).toEqual({ start: '2026-06-20T21:55:00.000Z', votes: 1, voided: 0 });
    expect(timeline.peak).toBe(8);
    expect(timeline.bars.reduce((sum, bar) => sum + bar.votes + bar.voided, 0)).toBe(9);
  });

  it('reads minutes written without a zone as UTC, and leaves out what is no time', () => {
    const timeline = timelineBars([
      { minute: '2026-06-20T19:00', votes: 1, voided: 0 },
      { minute: 'soon', votes: 9, voided: 9 },
    ]);
    expect(timeline.bars).toEqual([{ start: '2026-06-20T19:00:00.000Z', votes: 1, voided: 0 }]);
    expect(minuteOf('2026-06-20 19:00:00')).toBe(minuteOf('2026-06-20T19:00:00.000Z'));
    expect(minuteOf('2026-06-20T12:00:00-07:00')).toBe(minuteOf('2026-06-20T19:00:00.000Z'));
  });
});

describe('timelineBars with a least number of bars', () => {
  it('starts a short timeline earlier with empty bars, ending at the last vote', () => {
    const timeline = timelineBars([{ minute: '2026-06-20T19:00', votes: 4, voided: 1 }], 60, 20);
    expect(timeline.bars).toHaveLength(20);
    expect(timeline.bars[0]).toEqual({ start: '2026-06-20T18:41:00.000Z', votes: 0, voided: 0 });
    expect(timeline.bars.at(-1)).toEqual({ start: '2026-06-20T19:00:00.000Z', votes: 4, voided: 1 });
    expect(timeline.peak).toBe(5);
  });

  it('adds nothing when the timeline is long enough already', () => {
    const timeline = timelineBars(
      [
        { minute: '2026-06-20T19:00', votes: 1, voided: 0 },
        { minute: '2026-06-20T19:29', votes: 1, voided: 0 },
      ],
      60,
      20,
    );
    expect(timeline.bars).toHaveLength(30);
    expect(timeline.bars[0]?.start).toBe('2026-06-20T19:00:00.000Z');
  });
});

describe('barWidthWords', () => {
  it('names the width of a bar', () => {
    expect(barWidthWords(1)).toBe('minute');
    expect(barWidthWords(15)).toBe('15 minutes');
    expect(barWidthWords(60)).toBe('hour');
    expect(barWidthWords(180)).toBe('3 hours');
    expect(barWidthWords(1440)).toBe('day');
  });
});
