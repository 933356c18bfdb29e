// A ledger row's link follows the source id each crediting module writes; anything else has none.
import { describe, expect, it } from 'vitest';
import { sourceLinkOf } from './ledger-links';

describe('sourceLinkOf', () => {
  it('links show credits to the show and giveaway credits to the giveaway', () => {
    expect(sourceLinkOf({ reason: 'rsvp', source_id: 'event:12' })).toEqual({ to: '/show/12', kind: 'show' });
    expect(sourceLinkOf({ reason: 'checkin', source_id: 'event:3' })).toEqual({ to: '/show/3', kind: 'show' });
    expect(sourceLinkOf({ reason: 'quiz', source_id: 'event:8' })).toEqual({ to: '/show/8', kind: 'show' });
    expect(sourceLinkOf({ reason: 'watch', source_id: 'watch:event:5' })).toEqual({ to: '/show/5', kind: 'show' });
    expect(sourceLinkOf({ reason: 'giveaway_entry', source_id: 'giveaway:9' })).toEqual({
      to: '/giveaway/9',
      kind: 'giveaway',
    });
    expect(sourceLinkOf({ reason: 'spin', source_id: 'spin:4:rsvp' })).toEqual({ to: '/show/4', kind: 'show' });
    expect(sourceLinkOf({ reason: 'spin', source_id: 'spin:6:giveaway' })).toEqual({
      to: '/giveaway/6',
      kind: 'giveaway',
    });
  });

  it('gives no link where the source is not an event or is malformed', () => {
    for (const row of [
      { reason: 'referral', source_id: 'user:4' },
      { reason: 'redeem', source_id: 'coupon:2' },
      { reason: 'guess', source_id: 'guess:7' },
      { reason: 'adjustment', source_id: 'staff:1:abc' },
      { reason: 'rsvp', source_id: 'event:abc' },
      { reason: 'rsvp', source_id: 'event:-1' },
      { reason: 'watch', source_id: 'event:5' },
      { reason: 'spin', source_id: 'spin:4' },
    ])
      expect(sourceLinkOf(row), row.source_id).toBeNull();
  });
});
