import { describe, expect, it } from 'vitest';
import type { StaffEventRecord } from '../../../../shared/contract/staff-events';
import { filterChoices, showChoices } from './show-choices';

const now = new Date('2026-06-15T19:00:00Z');
const DAY = 24 * 60 * 60_000;
function show(
  id: number,
  title: string,
  daysFromNow: number,
  type: StaffEventRecord['type'] = 'show',
): StaffEventRecord {
  const start = new Date(now.getTime() + daysFromNow * DAY);
  return {
    id,
    type,
    title,
    description: '',
    image: '',
    cust_start: start.toISOString(),
    cust_end: new Date(start.getTime() + 3_600_000).toISOString(),
    IS_Public: 1,
    platform: 'hls',
    status: daysFromNow > 0 ? 'upcoming' : daysFromNow === 0 ? 'live' : 'past',
    stream_url: '',
    replay_url: '',
    rsvp_count: 0,
  };
}

describe('the shows a giveaway may belong to', () => {
  const shows = [
    show(1, 'Sapphire Sunday', 5),
    show(2, 'Tanzanite Tuesday', -2),
    show(3, 'Opal Friday', 1),
    show(4, 'Old Emerald night', -90),
    show(5, 'Live studio', 0),
    show(6, 'A giveaway', 1, 'giveaway'),
  ];

  it('lists live and upcoming shows soonest first, then the last 30 days latest first', () => {
    expect(showChoices(shows, now, null).map((c) => c.id)).toEqual([5, 3, 1, 2]);
  });

  it('keeps the chosen show however old, and names each by its Los Angeles date and time', () => {
    const choices = showChoices(shows, now, 4);
    expect(choices.map((c) => c.id)).toEqual([5, 3, 1, 2, 4]);
    expect(choices.find((c) => c.id === 3)?.when).toMatch(/^Tue, Jun 16, 2026, 12:00 PM PDT$/);
  });

  it('filters on every word typed, in the title or the date, in any case', () => {
    const choices = showChoices(shows, now, null);
    expect(filterChoices(choices, 'sapphire').map((c) => c.id)).toEqual([1]);
    expect(filterChoices(choices, 'TUE jun 16').map((c) => c.id)).toEqual([3]);
    expect(filterChoices(choices, '  ').map((c) => c.id)).toEqual([5, 3, 1, 2]);
    expect(filterChoices(choices, 'ruby')).toEqual([]);
  });
});
