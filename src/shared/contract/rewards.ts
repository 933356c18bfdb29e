// Rewards (decision 055): the viewer's points, tier and ledger (rewarddetails), and the whole ledger
// for download and checking (rewardledger_v1). rewarddetails also lists the viewer's coupons (057).
import { z } from 'zod';
import { defineCall } from './call';
import { CouponView } from './coupons';
import { envelopeOf } from './envelope';
import { MAX_ID } from './ids';
import { LEDGER_STATES, TIERS } from '../rewards';

export const LEDGER_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

const limitError = `limit is a number from 1 to ${LEDGER_PAGE.maxLimit}.`;
const cursorError = 'cursor is the next_cursor of the page before.';

export const RewardDetailsQuery = z.object({
  /** The page after the one that answered this as next_cursor (rows with a lower seq). */
  cursor: z.coerce
    .number<number | string>({ error: cursorError })
    .int(cursorError)
    .positive(cursorError)
    .max(MAX_ID, cursorError)
    .optional(),
  limit: z.coerce
    .number<number | string>({ error: limitError })
    .int(limitError)
    .min(1, limitError)
    .max(LEDGER_PAGE.maxLimit, limitError)
    .default(LEDGER_PAGE.defaultLimit),
});
export type RewardDetailsQuery = z.input<typeof RewardDetailsQuery>;

/** One ledger row as a viewer sees and downloads it: every field its hash covers, and the hash. */
export const LedgerRow = z.object({
  user_id: z.number().int(),
  seq: z.number().int(),
  points: z.number().int(),
  reason: z.string(),
  source_id: z.string(),
  state: z.enum(LEDGER_STATES),
  note: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type LedgerRow = z.infer<typeof LedgerRow>;

const tierName = z.enum(TIERS.map((tier) => tier.name));

export const RewardDetails = z.object({
  /** Unexpired settled points, after spending (earliest-expiring spent first). */
  balance: z.number().int(),
  /** Points waiting on something (a referred friend's first check-in); not in the balance. */
  pending: z.number().int(),
  /** The unspent points that expire first (those on that Los Angeles day) and when; null when none. */
  next_expiry: z.object({ points: z.number().int(), expires_at: z.string() }).nullable(),
  tier: z.object({
    name: tierName,
    /** Points earned this season; spending never lowers it. */
    earned: z.number().int(),
    season: z.object({ label: z.string(), starts_at: z.string(), ends_at: z.string() }),
    next: z.object({ name: tierName, threshold: z.number().int(), needed: z.number().int() }).nullable(),
    /** 0 to 1 from this tier to the next; 1 at the top. */
    progress: z.number(),
  }),
  /** The newest rows first, `limit` at a time; next_cursor is null on the last page. */
  ledger: z.object({ rows: z.array(LedgerRow), next_cursor: z.number().int().nullable() }),
  /** The chain's length and last hash, to compare with a downloaded copy. */
  chain: z.object({ rows: z.number().int(), head_hash: z.string() }),
  /** The viewer's coupons, newest first, each with its state (expired computed) and its rules in words. */
  coupons: z.array(CouponView),
});
export type RewardDetails = z.infer<typeof RewardDetails>;

export const rewardCalls = {
  /** rewarddetails (token): balance, pending, tier and progress, what expires next, a page of the ledger. */
  details: defineCall({
    method: 'GET',
    path: '/api/rewarddetails',
    query: RewardDetailsQuery,
    response: envelopeOf(RewardDetails),
  }),
  /** rewardledger_v1 (token): the viewer's whole ledger, oldest first, to download and check (ledger-chain.ts). */
  ledger: defineCall({ method: 'GET', path: '/api/rewardledger_v1', response: envelopeOf(LedgerRow) }),
};
