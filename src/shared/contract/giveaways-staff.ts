// Staff giveaway calls under /api/staff/giveaways (requireStaff): create and edit, entries and their
// CSV, the live draw (draw, respin, claim, forfeit, announce) and any event's spin prize table.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { eventDescription, eventImage, eventTitle, eventVisibility, instant } from './event-fields';
import { ACCESS_CODE_MAX_LENGTH, ACCESS_CODE_PROBLEMS } from '../access-code';
import { CLAIM_MODES, ENTRY_SOURCES, GiveawayInfo, PICK_STATUSES, SOCIAL_CLICK_TYPES } from './giveaways';
import { bodyId, MAX_ID, queryId } from './ids';
import { SetSpinPrizesRequest, SpinPrizeTableResponse } from './spin';

export const StaffGiveawayParams = z.object({ id: queryId('The giveaway id') });
export const SpinPrizeParams = z.object({ eventId: queryId('The event id') });

const giveawayFields = {
  title: eventTitle('giveaway'),
  description: eventDescription,
  image: eventImage,
  cust_start: instant('The opening time'),
  cust_end: instant('The closing time'),
  IS_Public: eventVisibility,
  show_id: z.number({ error: 'show_id is a show id or null.' }).int().positive().max(MAX_ID).nullable(),
  prize: z.string().trim().max(200, 'Keep the prize under 200 characters.'),
  prize_image: eventImage,
  /** HTML; sanitised on save (scripts, event handlers and javascript: links are removed). */
  tnc: z.string().max(50_000, 'Keep the terms under 50,000 characters.'),
  tnc_prices: z.string().trim().max(60, 'Keep the prize value under 60 characters.'),
  winner_count: z
    .number({ error: 'winner_count is a whole number from 1 to 20.' })
    .int('winner_count is a whole number from 1 to 20.')
    .min(1, 'winner_count is a whole number from 1 to 20.')
    .max(20, 'winner_count is a whole number from 1 to 20.'),
  /**
   * Needed to see and enter a private giveaway; '' for none. A new code needs at least 6 letters or
   * digits, not one repeated nor a run (ACCESS_CODE_RULE, decision 051); a code saved earlier stays valid.
   */
  access_code: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(ACCESS_CODE_MAX_LENGTH, ACCESS_CODE_PROBLEMS.shape)
      .regex(/^[A-Za-z0-9-]+$/, ACCESS_CODE_PROBLEMS.shape),
  ]),
  /** How the winner claims: 'text' (text or call us, staff confirm) or 'app' (the winner's claim button). */
  claim_mode: z.enum(CLAIM_MODES, { error: 'claim_mode is text or app.' }),
};

type Window = { cust_start?: string; cust_end?: string };
function checkWindow(value: Window, ctx: z.RefinementCtx) {
  if (
    value.cust_start &&
    value.cust_end &&
    new Date(value.cust_end).getTime() <= new Date(value.cust_start).getTime()
  ) {
    ctx.addIssue({ code: 'custom', path: ['cust_end'], message: 'The closing time must come after the opening time.' });
  }
}

export const CreateGiveawayRequest = z
  .object({
    ...giveawayFields,
    description: giveawayFields.description.default(''),
    image: giveawayFields.image.default(''),
    IS_Public: giveawayFields.IS_Public.default(1),
    show_id: giveawayFields.show_id.default(null),
    prize: giveawayFields.prize.default(''),
    prize_image: giveawayFields.prize_image.default(''),
    tnc: giveawayFields.tnc.default(''),
    tnc_prices: giveawayFields.tnc_prices.default(''),
    winner_count: giveawayFields.winner_count.default(1),
    access_code: giveawayFields.access_code.default(''),
    claim_mode: giveawayFields.claim_mode.default('text'),
  })
  .superRefine(checkWindow);
export type CreateGiveawayRequest = z.input<typeof CreateGiveawayRequest>;

export const UpdateGiveawayRequest = z.object(giveawayFields).partial().superRefine(checkWindow);
export type UpdateGiveawayRequest = z.input<typeof UpdateGiveawayRequest>;

export const StaffGiveaway = GiveawayInfo.extend({
  access_code: z.string(),
  /** The saved (sanitised) terms HTML. */
  tnc_html: z.string(),
  /** tnc_prices as staff typed it ('' when unset). */
  tnc_prices_raw: z.string(),
  /** Entries (chances) across all entrants: entrants plus social bonuses. */
  tickets: z.number().int(),
  banner_clicks: z.number().int(),
  announced: z.boolean(),
});
export type StaffGiveaway = z.infer<typeof StaffGiveaway>;
export const StaffGiveawayListQuery = z.object({
  on: z.enum(['upcoming', 'live', 'past', 'all'], { error: 'on is upcoming, live, past or all.' }).default('all'),
});
export const StaffGiveawayListResponse = envelopeOf(StaffGiveaway);

export const StaffPick = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  entry_id: z.number().int(),
  /** The entry's place in the published entry list, as in 'entry 7 of 12'. */
  entry_number: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  whatnot_username: z.string().nullable(),
  status: z.enum(PICK_STATUSES),
  ticket: z.string(),
  total_weight: z.number().int(),
  weight: z.number().int(),
  drawn_at: z.string(),
  drawn_by: z.string(),
  /** End of the 5-minute claim window (pending picks); null for repeat winners. */
  claim_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  /** The winner claimed it themselves with the claim button (claim_mode 'app'). */
  claimed_in_app: z.boolean(),
  /** For a repeat winner: the giveaway of the same show they already won. */
  repeat_of: z.number().int().nullable(),
});
export type StaffPick = z.infer<typeof StaffPick>;

export const AUDIT_ACTIONS = [
  'commit',
  'reveal',
  'draw',
  'respin',
  'claim',
  'forfeit',
  'announce',
  'unannounce',
  'terms',
  /** Wrong access codes reached their limit for a viewer or an address (decision 051). */
  'code-limit',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AuditLine = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  pick_id: z.number().int().nullable(),
  /** Who did it: a staff member's name, or 'system'. */
  actor: z.string(),
  detail: z.string(),
  created_at: z.string(),
});
export type AuditLine = z.infer<typeof AuditLine>;

export const StaffGiveawayDetail = StaffGiveaway.extend({ picks: z.array(StaffPick), log: z.array(AuditLine) });
export type StaffGiveawayDetail = z.infer<typeof StaffGiveawayDetail>;
export const StaffGiveawayDetailResponse = envelopeOf(StaffGiveawayDetail);

export const StaffEntry = z.object({
  entry_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  entry_from: z.enum(ENTRY_SOURCES),
  whatnot_username: z.string().nullable(),
  social: z.array(z.enum(SOCIAL_CLICK_TYPES)),
  weight: z.number().int(),
  created_at: z.string(),
});
export type StaffEntry = z.infer<typeof StaffEntry>;
export const StaffEntriesResponse = envelopeOf(StaffEntry);

/**
 * The entries as a CSV file. It answers a file, not an envelope, so it is no call descriptor: the
 * route and the staff page's download link both take its path from here.
 */
export const ENTRIES_CSV_PATH = '/api/staff/giveaways/:id/entries.csv';
/** The CSV export's columns, in this order. */
export const ENTRY_CSV_COLUMNS = [
  'entry_id',
  'user_id',
  'name',
  'email',
  'phone',
  'entry_from',
  'whatnot_username',
  'social',
  'weight',
  'created_at',
] as const;

/** Respin, claim and forfeit name the pick. */
export const PickRequest = z.object({ pick_id: bodyId('pick_id') });
export const ForfeitRequest = PickRequest.extend({
  redraw: z.boolean({ error: 'redraw is true or false.' }).default(true),
});
export const AnnounceRequest = z.object({ announced: z.boolean({ error: 'announced is true or false.' }) });

export const staffGiveawayCalls = {
  /** Every giveaway, private ones included, with entry counts. */
  list: defineCall({
    method: 'GET',
    path: '/api/staff/giveaways',
    query: StaffGiveawayListQuery,
    response: StaffGiveawayListResponse,
  }),
  /** Create a giveaway; its seed commitment is published at once. */
  create: defineCall({
    method: 'POST',
    path: '/api/staff/giveaways',
    body: CreateGiveawayRequest,
    response: StaffGiveawayDetailResponse,
  }),
  /** One giveaway with its picks and audit log. */
  one: defineCall({
    method: 'GET',
    path: '/api/staff/giveaways/:id',
    params: StaffGiveawayParams,
    response: StaffGiveawayDetailResponse,
  }),
  /** Edit a giveaway: window, prize, terms (sanitised), access code, winners. */
  update: defineCall({
    method: 'POST',
    path: '/api/staff/giveaways/:id',
    params: StaffGiveawayParams,
    body: UpdateGiveawayRequest,
    response: StaffGiveawayDetailResponse,
  }),
  /** Entries with their weights and bonuses. */
  entries: defineCall({
    method: 'GET',
    path: '/api/staff/giveaways/:id/entries',
    params: StaffGiveawayParams,
    response: StaffEntriesResponse,
  }),
  /** Draw the next winner, weighted by entries; takes no body. */
  draw: defineCall({
    method: 'POST',
    path: '/api/staff/giveaways/:id/draw',
    params: StaffGiveawayParams,
    response: StaffGiveawayDetailResponse,
  }),
  /** Respin a repeat winner of the same show. */
  respin: defineCall({
    method: 'POST',
    path: '/api/staff/giveaways/:id/respin',
    params: StaffGiveawayParams,
    body: PickRequest,
    response: StaffGiveawayDetailResponse,
  }),
  /** Confirm that the winner messaged in. */
  claim: defineCall({
    method: 'POST',
    path: '/api/staff/giveaways/:id/claim',
    params: StaffGiveawayParams,
    body: PickRequest,
    response: StaffGiveawayDetailResponse,
  }),
  /** Forfeit a winner whose 5 minutes ran out, and (unless redraw is false) draw again. */
  forfeit: defineCall({
    method: 'POST',
    path: '/api/staff/giveaways/:id/forfeit',
    params: StaffGiveawayParams,
    body: ForfeitRequest,
    response: StaffGiveawayDetailResponse,
  }),
  /** Show (or hide) the claimed winners publicly. */
  announce: defineCall({
    method: 'POST',
    path: '/api/staff/giveaways/:id/announce',
    params: StaffGiveawayParams,
    body: AnnounceRequest,
    response: StaffGiveawayDetailResponse,
  }),
  /** An event's spin-to-win prize table, with how often each prize came up. */
  prizeTable: defineCall({
    method: 'GET',
    path: '/api/staff/giveaways/spin-prizes/:eventId',
    params: SpinPrizeParams,
    response: SpinPrizeTableResponse,
  }),
  /** Replace an event's spin-to-win prize table (an empty list switches spinning off). */
  setPrizeTable: defineCall({
    method: 'POST',
    path: '/api/staff/giveaways/spin-prizes/:eventId',
    params: SpinPrizeParams,
    body: SetSpinPrizesRequest,
    response: SpinPrizeTableResponse,
  }),
};
