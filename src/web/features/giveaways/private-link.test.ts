import { describe, expect, it } from 'vitest';
import { withCode } from './private-link';

describe('a private giveaway link', () => {
  it('adds the code to a path, after its query and before its fragment', () => {
    expect(withCode('/giveaway/12', 'K7QH-M3XP')).toBe('/giveaway/12?code=K7QH-M3XP');
    expect(withCode('/giveaway-terms/12#draw', 'K7QH-M3XP')).toBe('/giveaway-terms/12?code=K7QH-M3XP#draw');
    expect(withCode('/api/giveawayproof_v1?eventid=12', 'a b')).toBe('/api/giveawayproof_v1?eventid=12&code=a%20b');
  });

  it('leaves a path without a code as it is', () => {
    expect(withCode('/giveaway/12#draw', undefined)).toBe('/giveaway/12#draw');
    expect(withCode('/giveaway/12', '')).toBe('/giveaway/12');
  });
});
