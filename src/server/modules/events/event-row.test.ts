// The one mapping from a staff create request to an events row, used by the staff events and the
// staff giveaways create calls: UTC instants, media paths, an empty stream stored as null.
import { expect, it } from 'vitest';
import { eventRowOf } from './event-row';

it('maps a staff create request to an events row: UTC instants, media paths, empty streams as null', () => {
  const row = eventRowOf(
    {
      type: 'giveaway',
      title: 'Opal giveaway',
      description: '',
      image: '/media/opal.jpg',
      cust_start: '2026-06-20T19:00:00-07:00',
      cust_end: '2026-06-20T20:30:00-07:00',
      IS_Public: 0,
      stream_url: '',
    },
    '2026-06-15T18:00:00.000Z',
  );
  expect(row).toEqual({
    type: 'giveaway',
    title: 'Opal giveaway',
    description: '',
    image: 'opal.jpg',
    cust_start: '2026-06-21T02:00:00.000Z',
    cust_end: '2026-06-21T03:30:00.000Z',
    is_public: 0,
    platform: 'hls',
    stream_url: null,
    replay_url: null,
    created_at: '2026-06-15T18:00:00.000Z',
  });
});
