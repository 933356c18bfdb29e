import { describe, expect, it } from 'vitest';
import { expiryOf, seasonOf, summarizeLedger, tierFor, TIERS, type LedgerFacts } from './rewards';

let seq = 0;
function row(points: number, createdAt: string, fields: Partial<LedgerFacts> = {}): LedgerFacts {
  seq += 1;
  return {
    seq,
    points,
    reason: points > 0 ? 'checkin' : 'redeem',
    source_id: `s${seq}`,
    state: 'settled',
    created_at: createdAt,
    expires_at: points > 0 ? expiryOf(createdAt) : null,
    ...fields,
  };
}

const Q2_2026 = seasonOf(new Date('2026-05-01T12:00:00Z'));

describe('points expiry', () => {
  it('is 12 calendar months after earning, at the same instant', () => {
    expect(expiryOf('2026-01-04T02:00:00.000Z')).toBe('2027-01-04T02:00:00.000Z');
    expect(expiryOf('2026-06-15T18:00:00.000Z')).toBe('2027-06-15T18:00:00.000Z');
    // There is no February 29 the next year: the day after February 28.
    expect(expiryOf('2028-02-29T20:00:00.000Z')).toBe('2029-03-01T20:00:00.000Z');
  });
});

describe('the season: a calendar quarter in Los Angeles', () => {
  it('starts and ends at midnight Los Angeles time, summer and winter', () => {
    expect(seasonOf(new Date('2026-05-20T12:00:00Z'))).toEqual({
      label: '2026 Q2',
      startsAt: '2026-04-01T07:00:00.000Z',
      endsAt: '2026-07-01T07:00:00.000Z',
    });
    expect(seasonOf(new Date('2026-11-20T12:00:00Z'))).toEqual({
      label: '2026 Q4',
      startsAt: '2026-10-01T07:00:00.000Z',
      endsAt: '2027-01-01T08:00:00.000Z',
    });
  });

  it('follows the Los Angeles date, not the UTC one, at the edges', () => {
    // 11 p.m. on March 31 in Los Angeles is already April 1 in UTC: still the first quarter.
    expect(seasonOf(new Date('2026-04-01T06:59:59Z')).label).toBe('2026 Q1');
    expect(seasonOf(new Date('2026-04-01T07:00:00Z')).label).toBe('2026 Q2');
    // New Year's Eve evening in Los Angeles.
    expect(seasonOf(new Date('2027-01-01T07:59:59Z')).label).toBe('2026 Q4');
    expect(seasonOf(new Date('2027-01-01T08:00:00Z')).label).toBe('2027 Q1');
  });
});

describe('tiers', () => {
  it('are Quartz, Topaz, Sapphire and Diamond, from 0 points up', () => {
    expect(TIERS.map((t) => [t.name, t.threshold])).toEqual([
      ['Quartz', 0],
      ['Topaz', 250],
      ['Sapphire', 1000],
      ['Diamond', 2500],
    ]);
  });

  it('say how far the next tier is', () => {
    expect(tierFor(0)).toEqual({
      name: 'Quartz',
      earned: 0,
      next: { name: 'Topaz', threshold: 250, needed: 250 },
      progress: 0,
    });
    expect(tierFor(400)).toEqual({
      name: 'Topaz',
      earned: 400,
      next: { name: 'Sapphire', threshold: 1000, needed: 600 },
      progress: 0.2,
    });
    expect(tierFor(1000).name).toBe('Sapphire');
    expect(tierFor(9000)).toEqual({ name: 'Diamond', earned: 9000, next: null, progress: 1 });
  });
});

describe('the balance from the rows', () => {
  it('spends the points that expire first, so later points survive their expiry', () => {
    const now = new Date('2027-03-01T12:00:00Z');
    const rows = [
      row(100, '2026-01-10T18:00:00.000Z'), // expires 2027-01-10
      row(200, '2026-03-10T18:00:00.000Z'), // expires 2027-03-10
      row(-150, '2026-06-01T18:00:00.000Z'), // 100 from the first, 50 from the second
    ];
    const summary = summarizeLedger(rows, now, seasonOf(now));
    expect(summary.balance).toBe(150);
    expect(summary.nextExpiry).toEqual({ points: 150, expiresAt: '2027-03-10T18:00:00.000Z' });
    // Once the second lot expires too, nothing is left.
    const later = new Date('2027-03-11T00:00:00Z');
    expect(summarizeLedger(rows, later, seasonOf(later))).toMatchObject({ balance: 0, nextExpiry: null });
  });

  it('never spends points that had already expired when the debit was made', () => {
    const rows = [
      row(100, '2025-01-10T18:00:00.000Z'), // expired 2026-01-10
      row(80, '2026-02-01T18:00:00.000Z'),
      row(-50, '2026-03-01T18:00:00.000Z'),
    ];
    const now = new Date('2026-03-02T00:00:00Z');
    expect(summarizeLedger(rows, now, seasonOf(now)).balance).toBe(30);
  });

  it('counts the points expiring on the same Los Angeles day together', () => {
    const rows = [
      row(40, '2026-01-03T20:00:00.000Z'),
      row(80, '2026-01-04T07:00:00.000Z'),
      row(5, '2026-02-01T00:00:00.000Z'),
    ];
    const now = new Date('2026-06-01T00:00:00Z');
    // 12:00 and 23:00 on January 3, 2027 in Los Angeles.
    expect(summarizeLedger(rows, now, seasonOf(now)).nextExpiry).toEqual({
      points: 120,
      expiresAt: '2027-01-03T20:00:00.000Z',
    });
  });

  it('keeps pending points out of the balance until a settled row follows', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const pending = row(100, '2026-05-01T00:00:00.000Z', {
      reason: 'referral',
      source_id: 'user:9',
      state: 'pending',
      expires_at: null,
    });
    expect(summarizeLedger([pending], now, seasonOf(now))).toMatchObject({
      balance: 0,
      pending: 100,
      earnedInSeason: 0,
    });
    const settled = row(100, '2026-05-20T00:00:00.000Z', { reason: 'referral', source_id: 'user:9' });
    expect(summarizeLedger([pending, settled], now, seasonOf(now))).toMatchObject({
      balance: 100,
      pending: 0,
      earnedInSeason: 100,
    });
  });

  it("counts this season's credits and adjustments for the tier, never lowered by spending", () => {
    const rows = [
      row(500, '2026-03-31T18:00:00.000Z'), // Q1
      row(300, '2026-04-02T18:00:00.000Z'),
      row(-250, '2026-04-03T18:00:00.000Z'),
      row(-20, '2026-04-04T18:00:00.000Z', { reason: 'adjustment' }),
    ];
    const now = new Date('2026-05-01T00:00:00Z');
    expect(summarizeLedger(rows, now, Q2_2026)).toMatchObject({ balance: 530, earnedInSeason: 280 });
  });
});
