import { describe, expect, it } from 'vitest';
import { eventCountdown, showDay, showTime } from './event-time';

describe('show times', () => {
  it('read in Los Angeles time with its abbreviation', () => {
    expect(showTime('2024-03-10T02:00:00.000Z')).toBe('Sat, Mar 9, 6:00 PM PST');
    expect(showTime('2024-07-04T01:30:00.000Z')).toBe('Wed, Jul 3, 6:30 PM PDT');
    expect(showDay('2024-03-10T02:00:00.000Z')).toBe('March 9, 2024');
  });

  it('show nothing for a date they cannot read', () => {
    expect(showTime('not a date')).toBe('');
  });
});

describe('eventCountdown', () => {
  const window = { cust_start: '2024-03-10T02:00:00.000Z', cust_end: '2024-03-10T04:00:00.000Z' };

  it("counts to a show's start, then to its end while it is live", () => {
    expect(eventCountdown({ ...window, type: 'show', status: 'upcoming' })).toEqual({
      label: 'Starts in',
      target: new Date(window.cust_start),
      kind: 'event',
    });
    expect(eventCountdown({ ...window, type: 'show', status: 'live' })).toEqual({
      label: 'Ends in',
      target: new Date(window.cust_end),
      kind: 'event',
    });
  });

  it("counts to a giveaway's opening, then to its draw", () => {
    expect(eventCountdown({ ...window, type: 'giveaway', status: 'upcoming' })).toEqual({
      label: 'Opens in',
      target: new Date(window.cust_start),
      kind: 'giveaway',
    });
    expect(eventCountdown({ ...window, type: 'giveaway', status: 'past' })).toEqual({
      label: 'Winner drawn in',
      target: new Date(window.cust_end),
      kind: 'giveaway',
    });
  });
});
