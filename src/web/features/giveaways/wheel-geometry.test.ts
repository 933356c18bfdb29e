import { describe, expect, it } from 'vitest';
import { restingAngle, segmentAt } from './wheel-geometry';

describe('the spin wheel geometry', () => {
  it('rests with the chosen segment under the pointer, for every wheel size', () => {
    for (let count = 2; count <= 12; count += 1) {
      for (let index = 0; index < count; index += 1) {
        const angle = restingAngle(index, count);
        expect(angle).toBeGreaterThanOrEqual(0);
        expect(angle).toBeLessThan(360);
        expect(segmentAt(angle, count)).toBe(index);
        // Whole extra turns land in the same place.
        expect(segmentAt(angle + 6 * 360, count)).toBe(index);
      }
    }
  });

  it('turns a four-prize wheel by 315 degrees for the first prize', () => {
    expect(restingAngle(0, 4)).toBe(315);
    expect(restingAngle(3, 4)).toBe(45);
  });
});
