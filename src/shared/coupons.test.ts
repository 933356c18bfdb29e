import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  couponRules,
  formatCode,
  giftYearOn,
  newCode,
  normalizeCode,
  occurrenceIn,
  valueProblem,
} from './coupons';

describe('coupon codes', () => {
  it('format in groups of 4, 4 and 5 and read back in any case, with dashes or spaces anywhere', () => {
    expect(formatCode('ABCDEFGHJKMNP')).toBe('ABCD-EFGH-JKMNP');
    expect(normalizeCode(' abcd efgh-jkmnp ')).toBe('ABCDEFGHJKMNP');
    expect(normalizeCode('ab-cd-ef-gh-jk-mn-p')).toBe('ABCDEFGHJKMNP');
  });

  it('refuse lookalike characters and wrong lengths rather than guess', () => {
    expect(normalizeCode('ABCD-EFGH-JKMN0')).toBeNull();
    expect(normalizeCode('ABCD-EFGH-JKMNI')).toBeNull();
    expect(normalizeCode('ABCD-EFGH-JKMN')).toBeNull();
    expect(normalizeCode('')).toBeNull();
  });

  it('draw each character from the alphabet with the given source', () => {
    const seen: number[] = [];
    const code = newCode((max) => {
      seen.push(max);
      return seen.length % max;
    });
    expect(seen).toEqual(Array.from({ length: 13 }, () => CODE_ALPHABET.length));
    expect(code).toBe(CODE_ALPHABET.slice(1, 14));
  });
});

describe('the yearly week', () => {
  it('puts Feb 29 on Feb 28 in a year without one', () => {
    expect(occurrenceIn('2000-02-29', 2027)).toBe('2027-02-28');
    expect(occurrenceIn('2000-02-29', 2028)).toBe('2028-02-29');
    expect(occurrenceIn('not a date', 2027)).toBeNull();
  });

  it('runs seven Los Angeles days from the date, across the new year', () => {
    expect(giftYearOn('1990-06-13', '2026-06-12')).toBeNull();
    expect(giftYearOn('1990-06-13', '2026-06-13')).toBe(2026);
    expect(giftYearOn('1990-06-13', '2026-06-19')).toBe(2026);
    expect(giftYearOn('1990-06-13', '2026-06-20')).toBeNull();
    expect(giftYearOn('2010-12-29', '2027-01-04')).toBe(2026);
    expect(giftYearOn('2010-12-29', '2027-01-05')).toBeNull();
    expect(giftYearOn('2000-02-29', '2027-03-06')).toBe(2027);
    expect(giftYearOn('2000-02-29', '2027-03-07')).toBeNull();
  });
});

describe('couponRules', () => {
  it('says every rule the coupon carries, in words', () => {
    expect(
      couponRules({
        kind: 'amount_off',
        value: 1250,
        minimum_cents: 10000,
        applies_to: 'show_jewelry',
        combinable: false,
        expires_at: '2026-12-01T08:00:00.000Z',
      }),
    ).toEqual([
      '$12.50 off.',
      'Valid until Dec 1, 2026, 12:00 AM PST.',
      'For orders of $100 or more.',
      'For show jewelry only: not auctions or loose gems.',
      'Cannot be combined with other coupons.',
    ]);
    expect(
      couponRules({
        kind: 'percent_off',
        value: 10,
        minimum_cents: null,
        applies_to: 'all',
        combinable: false,
        validity_days: 30,
      }).slice(0, 3),
    ).toEqual(['10% off.', 'Valid for 30 days from the day you get it.', 'No minimum purchase.']);
  });

  it('checks a kind and its value together', () => {
    expect(valueProblem('percent_off', 91)).toBe('A percent off is from 1 to 90.');
    expect(valueProblem('amount_off', 0)).toBe('An amount off is at least 1 cent.');
    expect(valueProblem('free_shipping', 5)).toBe('Free shipping has value 0.');
    expect(valueProblem('free_shipping', 0)).toBeNull();
  });
});
