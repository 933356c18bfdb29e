import { describe, expect, it } from 'vitest';
import { countdownWords } from './countdown';

describe('countdownWords', () => {
  it('reads the time left in words, singular where it is one', () => {
    expect(countdownWords({ days: 2, hours: 1, minutes: 0, seconds: 5 })).toBe(
      '2 days, 1 hour, 0 minutes and 5 seconds',
    );
    expect(countdownWords({ days: 1, hours: 0, minutes: 1, seconds: 1 })).toBe('1 day, 0 hours, 1 minute and 1 second');
  });
});
