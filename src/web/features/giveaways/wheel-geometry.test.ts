import { describe, expect, it } from 'vitest';
import {
  CHAR_WIDTH_EM,
  LABEL_INNER,
  LABEL_OUTER,
  MIN_FONT,
  labelPlacement,
  maxFontForSlice,
  readingDirection,
  restingAngle,
  segmentAt,
  spinResultText,
  wheelLabel,
} from './wheel-geometry';

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

describe('the labels on the wheel', () => {
  const labels = ['Free shipping', '100 reward points', 'A very long prize name that goes on and on', 'Gem'];

  it('never runs past the rim: a label that cannot fit is shortened with an ellipsis', () => {
    for (let count = 2; count <= 12; count += 1) {
      for (const label of labels) {
        const { text, fontSize } = wheelLabel(label, count);
        expect(fontSize).toBeGreaterThanOrEqual(MIN_FONT);
        expect(fontSize).toBeLessThanOrEqual(maxFontForSlice(count));
        expect(text.length * fontSize * CHAR_WIDTH_EM).toBeLessThanOrEqual(LABEL_OUTER - LABEL_INNER);
        if (text !== label) {
          expect(text.endsWith('…')).toBe(true);
          expect(label.startsWith(text.slice(0, -1))).toBe(true);
        }
      }
    }
  });

  it('keeps short labels whole and shrinks the font before cutting', () => {
    expect(wheelLabel('Gem', 4).text).toBe('Gem');
    expect(wheelLabel('Free shipping', 5).text).toBe('Free shipping');
    expect(wheelLabel('100 reward points', 5)).toMatchObject({ text: '100 reward points' });
    expect(wheelLabel('A very long prize name that goes on and on', 5).text).toMatch(/^A very long.*…$/);
  });

  it('keeps the text inside its slice: the font is no taller than the slice is wide at the hub', () => {
    for (let count = 2; count <= 12; count += 1) {
      const chord = 2 * LABEL_INNER * Math.sin(Math.PI / count);
      expect(maxFontForSlice(count)).toBeLessThanOrEqual(Math.max(MIN_FONT, chord));
    }
  });

  it('reads upright wherever the wheel rests, flipped on the left half', () => {
    for (let count = 2; count <= 12; count += 1) {
      for (let rest = 0; rest < count; rest += 1) {
        const angle = restingAngle(rest, count) + 6 * 360;
        for (let index = 0; index < count; index += 1) {
          const placement = labelPlacement(index, count, angle);
          const direction = readingDirection(placement.rotate, angle);
          expect(direction).toBeGreaterThan(-90.0001);
          expect(direction).toBeLessThanOrEqual(90.0001);
          expect(placement.anchor).toBe(placement.flipped ? 'end' : 'start');
        }
      }
    }
  });

  it('puts each label at the inner end of its own slice', () => {
    const { x, y } = labelPlacement(0, 4, 0);
    // Segment 0 of four is centred 45° clockwise from the top.
    expect(x).toBeCloseTo(100 + LABEL_INNER * Math.SQRT1_2);
    expect(y).toBeCloseTo(100 - LABEL_INNER * Math.SQRT1_2);
  });
});

describe('the spin result', () => {
  it('names the prize once', () => {
    expect(spinResultText('100 reward points', 100)).toBe('You won 100 reward points.');
    expect(spinResultText('25 reward points', 25)).toBe('You won 25 reward points.');
    expect(spinResultText('Free shipping', 0)).toBe('You won Free shipping.');
  });

  it('adds the points when the label does not say them', () => {
    expect(spinResultText('Sapphire charm', 75)).toBe('You won Sapphire charm, plus 75 reward points.');
    expect(spinResultText('10 points and a charm', 100)).toBe('You won 10 points and a charm, plus 100 reward points.');
  });
});
