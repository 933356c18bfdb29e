// Staff calls for a viewer's points under /api/staff/rewards (decision 060): find a viewer by e-mail
// or id with their balance, tier and ledger page; their whole ledger to verify; add a correcting row.
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { emailField } from '../validation';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { bodyId, queryId } from './ids';
import { LedgerRow, RewardDetails, RewardDetailsQuery } from './rewards';

/** Points in one correcting row at most, either way (the ledger's own limit per row). */
export const ADJUSTMENT_LIMIT = 100_000;
export const ADJUSTMENT_NOTE_CHARS = 200;

const lookupError = "Give the viewer's e-mail or user_id, not both.";

export const StaffViewerQuery = RewardDetailsQuery.extend({
  email: emailField.optional(),
  user_id: queryId('user_id').optional(),
}).superRefine((query, issues) => {
  if ((query.email === undefined) === (query.user_id === undefined))
    issues.addIssue({ code: 'custom', path: ['email'], message: lookupError });
});
export type StaffViewerQuery = z.input<typeof StaffViewerQuery>;
export type StaffViewerLookup = z.output<typeof StaffViewerQuery>;

export const StaffLedgerQuery = z.object({ user_id: queryId('user_id') });

/** A ledger row as staff see it: who added it, for a correcting row (never part of the hash). */
export const StaffLedgerRow = LedgerRow.extend({ added_by: z.string().nullable() });
export type StaffLedgerRow = z.infer<typeof StaffLedgerRow>;

export const StaffRewardViewer = RewardDetails.extend({
  viewer: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  ledger: z.object({ rows: z.array(StaffLedgerRow), next_cursor: z.number().int().nullable() }),
});
export type StaffRewardViewer = z.infer<typeof StaffRewardViewer>;

const keyError = "key is the form's own id: 8 to 100 letters, digits, dashes or colons.";

export const AdjustPointsRequest = z.object({
  user_id: bodyId('user_id'),
  points: z
    .number({ error: MESSAGES.adjustmentPoints })
    .int(MESSAGES.adjustmentPoints)
    .min(-ADJUSTMENT_LIMIT, MESSAGES.adjustmentPoints)
    .max(ADJUSTMENT_LIMIT, MESSAGES.adjustmentPoints)
    .refine((points) => points !== 0, MESSAGES.adjustmentPoints),
  note: z
    .string({ error: MESSAGES.adjustmentNoteNeeded })
    .trim()
    .min(1, MESSAGES.adjustmentNoteNeeded)
    .refine((note) => [...note].length <= ADJUSTMENT_NOTE_CHARS, MESSAGES.adjustmentNoteNeeded),
  /** A new one for each filled-in form: the same key again (a double click, a resend) adds nothing. */
  key: z.string({ error: keyError }).regex(/^[A-Za-z0-9:_-]{8,100}$/, keyError),
});
export type AdjustPointsRequest = z.input<typeof AdjustPointsRequest>;

export const AdjustmentResult = z.object({
  row: LedgerRow,
  /** false when this key had already added the row: nothing new was written. */
  created: z.boolean(),
  balance: z.number().int(),
});
export type AdjustmentResult = z.infer<typeof AdjustmentResult>;

export const staffRewardCalls = {
  /** A viewer's balance, pending points, tier and a page of their ledger, found by e-mail or id. */
  viewer: defineCall({
    method: 'GET',
    path: '/api/staff/rewards/viewer',
    query: StaffViewerQuery,
    response: envelopeOf(StaffRewardViewer),
  }),
  /** The viewer's whole ledger, oldest first, to recompute its hash chain (ledger-chain.ts). */
  ledger: defineCall({
    method: 'GET',
    path: '/api/staff/rewards/ledger',
    query: StaffLedgerQuery,
    response: envelopeOf(LedgerRow),
  }),
  /** Adds a correcting row (never an edit); a negative one may not take the balance below 0 (409). */
  adjust: defineCall({
    method: 'POST',
    path: '/api/staff/rewards/adjust',
    body: AdjustPointsRequest,
    response: envelopeOf(AdjustmentResult),
  }),
};
