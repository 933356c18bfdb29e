import { describe, expect, it } from 'vitest';
import { dayRangeWords, dayWords, priceWords } from './exhibition-words';

describe('exhibition words', () => {
  it('writes a calendar day without moving it to another time zone', () => {
    expect(dayWords('2027-02-05')).toBe('Fri, Feb 5, 2027');
  });

  it('writes a range once per year, and a one-day exhibition as its day', () => {
    expect(dayRangeWords('2027-02-05', '2027-02-07')).toBe('Feb 5 – Sun, Feb 7, 2027');
    expect(dayRangeWords('2026-12-30', '2027-01-02')).toBe('Wed, Dec 30, 2026 – Sat, Jan 2, 2027');
    expect(dayRangeWords('2027-02-05', '2027-02-05')).toBe('Fri, Feb 5, 2027');
  });

  it('writes cents as dollars', () => {
    expect(priceWords(125000)).toBe('$1,250.00');
    expect(priceWords(9999)).toBe('$99.99');
  });
});
