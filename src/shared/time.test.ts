import { describe, expect, it } from 'vitest';
import { laOffset } from './time';

describe('tzdiff', () => {
  it('is -07:00 in Los Angeles summer and -08:00 in winter', () => {
    expect(laOffset(new Date('2026-07-01T12:00:00Z'))).toBe('-07:00');
    expect(laOffset(new Date('2026-12-01T12:00:00Z'))).toBe('-08:00');
  });
  it('changes at the 2026 spring-forward instant (2 am PST = 10:00 UTC, March 8)', () => {
    expect(laOffset(new Date('2026-03-08T09:59:00Z'))).toBe('-08:00');
    expect(laOffset(new Date('2026-03-08T10:00:00Z'))).toBe('-07:00');
  });
});
