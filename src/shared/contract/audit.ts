// The audit log's calls (decision 088): every staff action as one append-only row (who, what, when,
// the target, before/after where it applies), a filtered, paged list and the same rows as CSV.
import { z } from 'zod';
import { isRealDate } from '../validation';
import { defineCall } from './call';
import { envelopeOf } from './envelope';

/** The staff list pages through this many rows. */
export const AUDIT_PAGE_SIZE = 50;
/** The longest text a filter field takes. */
export const AUDIT_FILTER_MAX = 200;

export const AUDIT_MESSAGES = {
  listed: 'Audit log',
  badRange: 'The "to" day comes on or after the "from" day.',
} as const;

const optionalText = (label: string) =>
  z
    .string({ error: `${label} is text.` })
    .trim()
    .max(AUDIT_FILTER_MAX, `${label} is at most ${AUDIT_FILTER_MAX} characters.`)
    .optional()
    .transform((v) => v || undefined);

const optionalDay = (label: string) =>
  z
    .string({ error: `${label} is a date as YYYY-MM-DD.` })
    .trim()
    .refine((v) => v === '' || isRealDate(v), `${label} is a date as YYYY-MM-DD.`)
    .optional()
    .transform((v) => v || undefined);

/** The list's filters (also the CSV's). `who` is an actor id or text found in the actor's name and e-mail. */
export const AuditFilter = z
  .object({
    who: optionalText('who'),
    action: optionalText('action'),
    target_type: optionalText('target_type'),
    target_id: optionalText('target_id'),
    /** Days in Los Angeles time, both included. */
    from: optionalDay('from'),
    to: optionalDay('to'),
    page: z.coerce.number<number | string>().int().min(1, 'page is 1 or more.').max(100_000).optional().default(1),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: AUDIT_MESSAGES.badRange, path: ['to'] });
export type AuditFilter = z.input<typeof AuditFilter>;

export const AuditEntry = z.object({
  id: z.number().int(),
  /** When, as a UTC instant. */
  at: z.string(),
  /** The account, kept as a plain number: the row outlives the account. Null when no session was found. */
  actor_id: z.number().int().nullable(),
  /** "First Last <email>" as it was at the time, 'command line', or 'no session'. */
  actor_label: z.string(),
  action: z.string(),
  method: z.string(),
  route: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** The fields that changed, as JSON, before and after; null where the action has none. */
  before_json: z.string().nullable(),
  after_json: z.string().nullable(),
  /** The HTTP status of the answer (a refusal too); 200 for an accepted socket or command-line action. */
  status: z.number().int(),
  ip: z.string(),
  request_id: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPage>;

export const auditCalls = {
  list: defineCall({ method: 'GET', path: '/api/staff/audit', query: AuditFilter, response: envelopeOf(AuditPage) }),
};

/** The filtered rows as CSV: a file, not an envelope, so no call descriptor. */
export const AUDIT_CSV_PATH = '/api/staff/audit.csv';
export const AUDIT_CSV_COLUMNS = [
  'at_utc',
  'at_los_angeles',
  'actor_id',
  'actor',
  'action',
  'method',
  'route',
  'target_type',
  'target_id',
  'status',
  'before',
  'after',
  'ip',
  'request_id',
] as const;
