// The console's stream parser, the viewers chart's geometry and which peaks are read out.
import { describe, expect, it } from 'vitest';
import { chartPoints } from './chart-points';
import { peakMilestone } from './counter-news';
import { eventStreamParser } from './event-stream';

describe('eventStreamParser', () => {
  it('hands on named events however the text is cut, skipping comments', () => {
    const events: [string, string][] = [];
    const feed = eventStreamParser((name, data) => events.push([name, data]));
    feed(': hello\n\nevent: coun');
    feed('ters\ndata: {"a":1}\r');
    feed('\n\r\nevent: changed\ndata: {"b":2}\n\n');
    expect(events).toEqual([
      ['counters', '{"a":1}'],
      ['changed', '{"b":2}'],
    ]);
  });
});

describe('peakMilestone', () => {
  it('names the round number a new peak passed', () => {
    expect(peakMilestone(48, 52)).toBe(50);
    expect(peakMilestone(95, 130)).toBe(100);
    expect(peakMilestone(990, 1_020)).toBe(1_000);
  });

  it('is null when no round number was passed or the peak did not rise', () => {
    expect(peakMilestone(51, 58)).toBeNull();
    expect(peakMilestone(60, 60)).toBeNull();
    expect(peakMilestone(0, 3)).toBeNull();
  });
});

describe('chartPoints', () => {
  const box = { width: 100, height: 50, pad: 5 };

  it('spreads samples over the width and scales viewers to the peak', () => {
    const { points, peak } = chartPoints(
      [
        { at: '2026-06-15T18:00:00Z', viewers: 0 },
        { at: '2026-06-15T18:01:00Z', viewers: 20 },
      ],
      [],
      { at: '2026-06-15T18:02:00Z', viewers: 10 },
      box,
    );
    expect(peak).toBe(20);
    expect(points).toEqual([
      { x: 0, y: 45 },
      { x: 50, y: 5 },
      { x: 100, y: 25 },
    ]);
  });

  it('puts marks on the same time axis', () => {
    const { marks } = chartPoints(
      [
        { at: '2026-06-15T18:00:00Z', viewers: 1 },
        { at: '2026-06-15T18:04:00Z', viewers: 1 },
      ],
      [{ at: '2026-06-15T18:01:00Z', action: 'draw', label: 'Drew a winner' }],
      null,
      box,
    );
    expect(marks[0]?.x).toBe(25);
  });
});
