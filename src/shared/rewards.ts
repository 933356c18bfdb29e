// The points rules both sides use (decision 055): why points move, when they expire, the season and
// its tiers, and the balance worked out from the ledger's rows, spending the earliest-expiring first.
import { laDay, laOffset } from './time';

/** Why points were credited. Later slices add the hooks that credit them. */
export const CREDIT_REASONS = [
  'rsvp',
  'checkin',
  'watch',
  'giveaway_entry',
  'spin',
  'quiz',
  'guess',
  'contest',
  'referral',
  'birthday',
  'anniversary',
] as const;
/** Why points were spent. */
export const DEBIT_REASONS = ['redeem'] as const;
/** A staff correction, either way. */
export const ADJUSTMENT_REASON = 'adjustment';

export type CreditReason = (typeof CREDIT_REASONS)[number];
export type DebitReason = (typeof DEBIT_REASONS)[number];
export type LedgerReason = CreditReason | DebitReason | typeof ADJUSTMENT_REASON;
export const LEDGER_REASONS: readonly LedgerReason[] = [...CREDIT_REASONS, ...DEBIT_REASONS, ADJUSTMENT_REASON];

/**
 * settled: counts now. pending: waits for something (a referred viewer's first check-in) and counts
 * only once a settled row with the same reason and source follows it.
 */
export const LEDGER_STATES = ['settled', 'pending'] as const;
export type LedgerState = (typeof LEDGER_STATES)[number];

/** Credited points expire this many calendar months after they were earned. */
export const POINTS_LIFETIME_MONTHS = 12;

/** Tiers by points earned in the season (a calendar quarter in Los Angeles), lowest first. */
export const TIERS = [
  { name: 'Quartz', threshold: 0 },
  { name: 'Topaz', threshold: 250 },
  { name: 'Sapphire', threshold: 1000 },
  { name: 'Diamond', threshold: 2500 },
] as const;
export type TierName = (typeof TIERS)[number]['name'];

/** When points earned at `earnedAt` expire: the same UTC instant 12 calendar months on. */
export function expiryOf(earnedAt: string): string {
  const at = new Date(earnedAt);
  at.setUTCMonth(at.getUTCMonth() + POINTS_LIFETIME_MONTHS);
  return at.toISOString();
}

/** Midnight in Los Angeles on the first of a month (month 1–12; 13 is January of the next year). */
function laMonthStart(year: number, month: number): Date {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((month - 1) % 12) + 1;
  // The clocks never change on the first of a month, so noon's offset is midnight's.
  const offset = laOffset(new Date(Date.UTC(y, m - 1, 1, 12)));
  return new Date(`${y}-${String(m).padStart(2, '0')}-01T00:00:00${offset}`);
}

export type Season = { label: string; startsAt: string; endsAt: string };

/** The calendar quarter in Los Angeles that `at` falls in, e.g. '2026 Q2', as [startsAt, endsAt). */
export function seasonOf(at: Date): Season {
  const [year, month] = laDay(at).split('-').map(Number) as [number, number];
  const quarter = Math.floor((month - 1) / 3);
  return {
    label: `${year} Q${quarter + 1}`,
    startsAt: laMonthStart(year, quarter * 3 + 1).toISOString(),
    endsAt: laMonthStart(year, quarter * 3 + 4).toISOString(),
  };
}

export type TierProgress = {
  name: TierName;
  earned: number;
  /** The next tier and how many more points reach it; null at the top tier. */
  next: { name: TierName; threshold: number; needed: number } | null;
  /** From this tier's threshold to the next, 0 to 1 (1 at the top tier). */
  progress: number;
};

export function tierFor(earned: number): TierProgress {
  const index = TIERS.findLastIndex((tier) => earned >= tier.threshold);
  const current = TIERS[Math.max(index, 0)] ?? TIERS[0];
  const next = TIERS[index + 1];
  if (!next) return { name: current.name, earned, next: null, progress: 1 };
  return {
    name: current.name,
    earned,
    next: { name: next.name, threshold: next.threshold, needed: next.threshold - earned },
    progress: (earned - current.threshold) / (next.threshold - current.threshold),
  };
}

/** What the summary needs of a row, in seq order. */
export type LedgerFacts = {
  seq: number;
  points: number;
  reason: string;
  source_id: string;
  state: string;
  created_at: string;
  expires_at: string | null;
};

export type LedgerSummary = {
  balance: number;
  pending: number;
  /** Unspent points that expire first: those on the earliest expiry's Los Angeles day. */
  nextExpiry: { points: number; expiresAt: string } | null;
  /** Points earned in `season`: credits and staff adjustments, never lowered by spending. */
  earnedInSeason: number;
};

const isSpending = (reason: string) => (DEBIT_REASONS as readonly string[]).includes(reason);

/**
 * Balance = unexpired credits minus debits, computed from the rows rather than kept. Each settled
 * credit is a lot that expires at its expires_at; a debit at time t spends from lots still alive
 * at t, the earliest to expire first (then the oldest), so spent points never expire later.
 * Debits are refused beyond the balance, so a lot is never overdrawn.
 */
export function summarizeLedger(rows: readonly LedgerFacts[], now: Date, season: Season): LedgerSummary {
  const lots: { expiresAt: string; remaining: number; seq: number }[] = [];
  const pending = new Map<string, number>();
  let earnedInSeason = 0;
  for (const row of rows) {
    const key = `${row.reason}\u0000${row.source_id}`;
    if (row.state === 'pending') {
      pending.set(key, row.points);
      continue;
    }
    pending.delete(key);
    if (row.created_at >= season.startsAt && row.created_at < season.endsAt && !isSpending(row.reason))
      earnedInSeason += row.points;
    if (row.points > 0) {
      lots.push({ expiresAt: row.expires_at ?? expiryOf(row.created_at), remaining: row.points, seq: row.seq });
      continue;
    }
    let owed = -row.points;
    const alive = lots
      .filter((lot) => lot.remaining > 0 && lot.expiresAt > row.created_at)
      .sort((a, b) => (a.expiresAt === b.expiresAt ? a.seq - b.seq : a.expiresAt < b.expiresAt ? -1 : 1));
    for (const lot of alive) {
      const taken = Math.min(lot.remaining, owed);
      lot.remaining -= taken;
      owed -= taken;
      if (!owed) break;
    }
  }
  const nowIso = now.toISOString();
  const live = lots
    .filter((lot) => lot.remaining > 0 && lot.expiresAt > nowIso)
    .sort((a, b) => (a.expiresAt < b.expiresAt ? -1 : a.expiresAt > b.expiresAt ? 1 : 0));
  const first = live[0];
  const firstDay = first ? laDay(new Date(first.expiresAt)) : '';
  return {
    balance: live.reduce((sum, lot) => sum + lot.remaining, 0),
    pending: [...pending.values()].reduce((sum, points) => sum + points, 0),
    nextExpiry: first
      ? {
          points: live
            .filter((lot) => laDay(new Date(lot.expiresAt)) === firstDay)
            .reduce((sum, lot) => sum + lot.remaining, 0),
          expiresAt: first.expiresAt,
        }
      : null,
    earnedInSeason: Math.max(earnedInSeason, 0),
  };
}

/**
 * The earning rules staff can edit (decision 056). Spins are not here: their points come from each
 * wheel's prize table. A guess or contest win is credited by its own feature.
 */
export const EARNING_RULES = [
  'rsvp',
  'checkin',
  'watch',
  'giveaway_entry',
  'quiz',
  'referral',
  'birthday',
  'anniversary',
] as const satisfies readonly CreditReason[];
export type EarningRule = (typeof EARNING_RULES)[number];

/** Watch points are credited per this many minutes the server saw the viewer present. */
export const WATCH_MINUTES_PER_CREDIT = 10;

export type EarningRuleSettings = {
  /** Points per event (for watch: per WATCH_MINUTES_PER_CREDIT minutes). */
  points: number;
  /** Most points of this rule per viewer per Los Angeles day; null for no cap. */
  dailyCap: number | null;
  /** Most points of this rule per viewer per show; only watch has one. */
  showCap: number | null;
  enabled: boolean;
};

/** The defaults migration 016 writes; staff change them on the rules call. */
export const DEFAULT_EARNING_RULES: Record<EarningRule, EarningRuleSettings> = {
  rsvp: { points: 10, dailyCap: 50, showCap: null, enabled: true },
  checkin: { points: 25, dailyCap: 75, showCap: null, enabled: true },
  watch: { points: 5, dailyCap: null, showCap: 60, enabled: true },
  giveaway_entry: { points: 5, dailyCap: 25, showCap: null, enabled: true },
  quiz: { points: 50, dailyCap: null, showCap: null, enabled: true },
  referral: { points: 100, dailyCap: null, showCap: null, enabled: true },
  birthday: { points: 200, dailyCap: null, showCap: null, enabled: true },
  anniversary: { points: 200, dailyCap: null, showCap: null, enabled: true },
};

/** A rule's stored row at its default settings: what migration 016 writes, and what a missing row reads as. */
export function defaultRuleRow(rule: EarningRule, updatedAt: string) {
  const settings = DEFAULT_EARNING_RULES[rule];
  return {
    rule,
    points: settings.points,
    daily_cap: settings.dailyCap,
    show_cap: settings.showCap,
    enabled: settings.enabled ? 1 : 0,
    updated_at: updatedAt,
    updated_by: null,
  };
}

/** Only watch time is earned many times within one show, so only it has a cap per show. */
export const RULES_WITH_SHOW_CAP: readonly EarningRule[] = ['watch'];

/** Watch points for `seconds` the server saw: `points` per whole 10 minutes, at most `showCap`. */
export function watchPoints(seconds: number, rule: Pick<EarningRuleSettings, 'points' | 'showCap'>): number {
  const blocks = Math.floor(Math.max(0, seconds) / (WATCH_MINUTES_PER_CREDIT * 60));
  const earned = blocks * rule.points;
  return rule.showCap === null ? earned : Math.min(earned, rule.showCap);
}
