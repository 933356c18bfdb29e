// Giveaways and spin-to-win (spec §7; issue 6). Viewer calls: giveawaydata_v1 / giveawaydata_new
// (enter), checkifgiveawayenroll_v1 (with the viewer's entry ledger), socialgiveawayentries,
// dosocialentry, fbbannerclick, the terms fetch, the public giveaway, winners and draw-proof reads,
// and the four spin calls. Staff calls live under /api/staff/giveaways. A giveaway is an event of
// type 'giveaway' (eventlist_v1?type=giveaway, liveevent_v1?type=giveaway) with the details below.
import { z } from 'zod';
import { envelopeOf } from './envelope';
import { EventRecord } from './events';

const idOf = (name: string) => z.coerce.number({ error: `${name} is a number.` }).int(`${name} is a number.`).positive(`${name} is a number.`);
const eventid = idOf('eventid');
const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} is a date and time with its offset, like 2026-06-15T19:00:00-07:00.` });

// ---------------------------------------------------------------------------------------------
// Shared vocabulary

/** Where a social bonus came from: one bonus entry per click type per viewer per giveaway. */
export const SOCIAL_CLICK_TYPES = ['facebook', 'instagram', 'x', 'pinterest', 'whatsapp', 'email'] as const;
export type SocialClickType = (typeof SOCIAL_CLICK_TYPES)[number];
const clickType = (name: string) => z.enum(SOCIAL_CLICK_TYPES, { error: `${name} is one of ${SOCIAL_CLICK_TYPES.join(', ')}.` });

/** How an entry arrived: the web page, the live page's 'Today's Giveaway', an exhibition kiosk (/intergem) or Whatnot. */
export const ENTRY_SOURCES = ['web', 'live', 'intergem', 'whatnot'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/** Spin-to-win kinds: after an RSVP (to a show or special event) or after a giveaway entry. */
export const SPIN_KINDS = ['rsvp', 'giveaway'] as const;
export type SpinKind = (typeof SPIN_KINDS)[number];

/**
 * Where a giveaway stands, from the server clock and its draws: upcoming (not open yet), open
 * (entries accepted), closed (entries closed, no winner drawn yet), drawn (at least one pick made).
 */
export const GIVEAWAY_STATES = ['upcoming', 'open', 'closed', 'drawn'] as const;
export type GiveawayState = (typeof GIVEAWAY_STATES)[number];

/** An access code for a private giveaway (IS_Public 0): letters and digits, 4 to 32. */
const accessCode = z.string().trim().regex(/^[A-Za-z0-9-]{4,32}$/, 'The access code is 4 to 32 letters, digits or dashes.');

const whatnotUsername = z.string().trim().regex(/^[A-Za-z0-9_.-]{2,30}$/, 'Enter your Whatnot username: 2 to 30 letters, digits, dots, dashes or underscores.');

// ---------------------------------------------------------------------------------------------
// Entering, and the viewer's ledger

/** giveawaydata_v1: enter the giveaway `eventid` (token). `code` opens a private giveaway. */
export const EnterGiveawayRequest = z.object({ eventid, code: accessCode.optional() });
export type EnterGiveawayRequest = z.input<typeof EnterGiveawayRequest>;

/**
 * giveawaydata_new: the same entry, saying where it came from. A Whatnot entry carries the
 * viewer's Whatnot username, so the host can call the winner out on Whatnot too.
 */
export const EnterGiveawayNewRequest = z
  .object({ eventid, code: accessCode.optional(), entry_from: z.enum(ENTRY_SOURCES, { error: `entry_from is one of ${ENTRY_SOURCES.join(', ')}.` }).default('web'), whatnot_username: whatnotUsername.optional() })
  .superRefine((value, ctx) => {
    if (value.entry_from === 'whatnot' && !value.whatnot_username) ctx.addIssue({ code: 'custom', path: ['whatnot_username'], message: 'Enter your Whatnot username.' });
  });
export type EnterGiveawayNewRequest = z.input<typeof EnterGiveawayNewRequest>;

/** One line of a viewer's entry ledger: '1 entry for entering', '+1 for sharing on Facebook'. */
export const LedgerLine = z.object({
  kind: z.enum(['entry', 'social']),
  click_type: z.enum(SOCIAL_CLICK_TYPES).nullable(),
  /** Ready to show, e.g. '1 entry for entering' or '+1 for sharing on Facebook'. */
  label: z.string(),
  entries: z.number().int(),
  created_at: z.string(),
});
export type LedgerLine = z.infer<typeof LedgerLine>;

/** A viewer's standing in one giveaway: whether they entered, their entries in total and why. */
export const Enrollment = z.object({
  exists: z.boolean(),
  eventid: z.number().int(),
  /** The entry's number in the published, anonymised entry list (null before entering). */
  entry_id: z.number().int().nullable(),
  entered_at: z.string().nullable(),
  entry_from: z.enum(ENTRY_SOURCES).nullable(),
  /** Chances in the draw: 1 for entering plus one per social bonus. */
  entries: z.number().int(),
  ledger: z.array(LedgerLine),
  /** Click types whose bonus is still available to this viewer. */
  bonuses_left: z.array(z.enum(SOCIAL_CLICK_TYPES)),
});
export type Enrollment = z.infer<typeof Enrollment>;
/** giveawaydata_v1 / giveawaydata_new (200; 409 'already entered' carries the same record) and checkifgiveawayenroll_v1. */
export const EnrollmentResponse = envelopeOf(Enrollment);

export const EnrollmentQuery = z.object({ eventid });

/** socialgiveawayentries?clickType=…, body { eventid } (token). */
export const SocialEntryQuery = z.object({ clickType: clickType('clickType') });
export const SocialEntryRequest = z.object({ eventid });

/**
 * dosocialentry?email=…&clickfrom=… (token): the link in a giveaway e-mail or social post. It
 * credits the bonus for `clickfrom` to the signed-in viewer, who must own `email`, in the
 * giveaway `eventid` or, without it, the giveaway open now.
 */
export const DoSocialEntryQuery = z.object({
  email: z.string().trim().toLowerCase().email('email is an e-mail address.').max(254),
  clickfrom: clickType('clickfrom'),
  eventid: eventid.optional(),
});

export const SocialEntryResult = Enrollment.extend({ bonus_added: z.boolean() });
export type SocialEntryResult = z.infer<typeof SocialEntryResult>;
export const SocialEntryResponse = envelopeOf(SocialEntryResult);

/** fbbannerclick?id=…: a click on a giveaway's Facebook banner, counted, and where to go. */
export const BannerClickQuery = z.object({ id: idOf('id') });
export const BannerClick = z.object({ eventid: z.number().int(), path: z.string() });
export type BannerClick = z.infer<typeof BannerClick>;
export const BannerClickResponse = envelopeOf(BannerClick);

// ---------------------------------------------------------------------------------------------
// Public reads: the giveaway, its terms, winners and the draw proof

/** The verifiable-draw algorithm's name; its steps are in src/shared/verifiable-draw.ts and on the terms page. */
export const DRAW_ALGORITHM = 'gemcast-draw-v1';

export const Winner = z.object({
  eventid: z.number().int(),
  giveaway_title: z.string(),
  /** First name and last initial only, e.g. 'Ruby A.'. */
  name: z.string(),
  entry_id: z.number().int(),
  drawn_at: z.string(),
});
export type Winner = z.infer<typeof Winner>;

export const GiveawayInfo = EventRecord.extend({
  /** The show this giveaway belongs to, when staff linked one. */
  show_id: z.number().int().nullable(),
  show_title: z.string().nullable(),
  prize: z.string(),
  /** Prize value for the terms' {{VALUE}}: tnc_prices, or '$10,000' when unset (spec §9). */
  tnc_prices: z.string(),
  winner_count: z.number().int(),
  state: z.enum(GIVEAWAY_STATES),
  entrants: z.number().int(),
  /** Private giveaways need an access code to enter. */
  needs_code: z.boolean(),
  social_click_types: z.array(z.enum(SOCIAL_CLICK_TYPES)),
  /** SHA-256 (hex) of the draw seed, published before the first entry is taken. */
  commitment: z.string(),
  /** The seed (hex), revealed with the first draw; null until then. */
  seed: z.string().nullable(),
  /** Winners staff announced: first name and last initial. */
  winners: z.array(Winner),
});
export type GiveawayInfo = z.infer<typeof GiveawayInfo>;
export const GiveawayInfoQuery = z.object({ eventid });
export const GiveawayInfoResponse = envelopeOf(GiveawayInfo);

/** The giveaway terms fetch by id (spec §3, §7). `tnc` is HTML sanitised when staff saved it. */
export const GiveawayTermsQuery = z.object({ id: idOf('id') });
export const GiveawayTerms = z.object({
  id: z.number().int(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Sanitised HTML with the placeholders {{VALUE}}, {{START_DATE}}, {{END_DATE}} (and spaced variants) left for the page to fill. */
  tnc: z.string(),
  /** Prize value; '$10,000' when staff left it empty (spec §9). */
  tnc_prices: z.string(),
  algorithm: z.literal(DRAW_ALGORITHM),
  commitment: z.string(),
  seed: z.string().nullable(),
});
export type GiveawayTerms = z.infer<typeof GiveawayTerms>;
export const GiveawayTermsResponse = envelopeOf(GiveawayTerms);

/** Announced winners of one giveaway (`eventid`) or of every giveaway of a show (`showid`), for past-show pages. */
export const WinnersQuery = z
  .object({ eventid: eventid.optional(), showid: idOf('showid').optional() })
  .refine((q) => (q.eventid === undefined) !== (q.showid === undefined), { message: 'Give eventid or showid.', path: ['eventid'] });
export const WinnersResponse = envelopeOf(Winner);

/** What became of a pick: pending (5-minute claim window), claimed, forfeited, repeat (won earlier in the show) or respun. */
export const PICK_STATUSES = ['pending', 'repeat', 'claimed', 'forfeited', 'respun'] as const;
export type PickStatus = (typeof PICK_STATUSES)[number];

/** One pick of the draw, as anyone can recompute it. */
export const ProofPick = z.object({
  sequence: z.number().int(),
  entry_id: z.number().int(),
  /** The ticket drawn, 0 ≤ ticket < total_weight, as a decimal string. */
  ticket: z.string(),
  total_weight: z.number().int(),
  status: z.enum(PICK_STATUSES),
});
export type ProofPick = z.infer<typeof ProofPick>;

/** The published, anonymised entry list with the seed, so anyone can recompute every pick. */
export const DrawProof = z.object({
  eventid: z.number().int(),
  algorithm: z.literal(DRAW_ALGORITHM),
  commitment: z.string(),
  seed: z.string().nullable(),
  /** SHA-256 (hex) of the canonical entry list text (see verifiable-draw.ts). */
  list_digest: z.string(),
  entries: z.array(z.object({ entry_id: z.number().int(), weight: z.number().int() })),
  picks: z.array(ProofPick),
});
export type DrawProof = z.infer<typeof DrawProof>;
export const DrawProofQuery = z.object({ eventid });
export const DrawProofResponse = envelopeOf(DrawProof);

// ---------------------------------------------------------------------------------------------
// Spin-to-win

/** The spin calls name the event `eventId` (spec §7); `eventid` is accepted too. */
const spinEvent = z
  .object({ eventId: idOf('eventId').optional(), eventid: idOf('eventId').optional() })
  .refine((v) => v.eventId !== undefined || v.eventid !== undefined, { message: 'eventId is a number.', path: ['eventId'] })
  .transform((v) => ({ eventId: v.eventId ?? v.eventid ?? 0 }));

/** spinrsvpinfo / spingiveawayinfo body, checkifrsvpspin / CheckIfGiveawaySpin query. */
export const SpinRequest = spinEvent;
export type SpinRequest = z.input<typeof SpinRequest>;
export const SpinQuery = spinEvent;

export const WheelSegment = z.object({ id: z.number().int(), label: z.string() });
export type WheelSegment = z.infer<typeof WheelSegment>;

export const SpinResult = z.object({
  eventId: z.number().int(),
  kind: z.enum(SPIN_KINDS),
  prize_id: z.number().int().nullable(),
  label: z.string(),
  points: z.number().int(),
  /** Index of the prize on `segments` (where the wheel lands); null if staff removed that prize since. */
  segment: z.number().int().nullable(),
  segments: z.array(WheelSegment),
  created_at: z.string(),
  /** True when this answers an earlier spin (a second spin gets the first result). */
  already: z.boolean(),
});
export type SpinResult = z.infer<typeof SpinResult>;
export const SpinResponse = envelopeOf(SpinResult);

export const SpinCheck = z.object({
  exists: z.boolean(),
  eventId: z.number().int(),
  kind: z.enum(SPIN_KINDS),
  /** May spin now: RSVPed (rsvp) or entered (giveaway), not spun yet, and the event has a prize table. */
  can_spin: z.boolean(),
  segments: z.array(WheelSegment),
  result: SpinResult.nullable(),
});
export type SpinCheck = z.infer<typeof SpinCheck>;
export const SpinCheckResponse = envelopeOf(SpinCheck);

// ---------------------------------------------------------------------------------------------
// Staff: giveaways, prize tables, entries, the live draw

export const StaffGiveawayParams = z.object({ id: idOf('The giveaway id') });
export const SpinPrizeParams = z.object({ eventId: idOf('The event id') });

const giveawayFields = {
  title: z.string({ error: 'Give the giveaway a title.' }).trim().min(1, 'Give the giveaway a title.').max(120, 'Keep the title under 120 characters.'),
  description: z.string().trim().max(2000, 'Keep the description under 2,000 characters.'),
  image: z.string().trim().max(500).refine((v) => v === '' || /^(https:\/\/|\/media\/)[^\s]+$/.test(v), 'The image is an https:// URL or a /media/ path.'),
  cust_start: instant('The opening time'),
  cust_end: instant('The closing time'),
  IS_Public: z.union([z.literal(0), z.literal(1)], { error: 'IS_Public is 1 (public) or 0 (private).' }),
  show_id: z.number({ error: 'show_id is a show id or null.' }).int().positive().nullable(),
  prize: z.string().trim().max(200, 'Keep the prize under 200 characters.'),
  /** HTML; sanitised on save (scripts, event handlers and javascript: links are removed). */
  tnc: z.string().max(50_000, 'Keep the terms under 50,000 characters.'),
  tnc_prices: z.string().trim().max(60, 'Keep the prize value under 60 characters.'),
  winner_count: z.number({ error: 'winner_count is a whole number from 1 to 20.' }).int('winner_count is a whole number from 1 to 20.').min(1, 'winner_count is a whole number from 1 to 20.').max(20, 'winner_count is a whole number from 1 to 20.'),
  /** Needed to enter a private giveaway; '' for none. */
  access_code: z.union([z.literal(''), accessCode]),
};

type Window = { cust_start?: string; cust_end?: string };
function checkWindow(value: Window, ctx: z.RefinementCtx) {
  if (value.cust_start && value.cust_end && new Date(value.cust_end).getTime() <= new Date(value.cust_start).getTime()) {
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
    tnc: giveawayFields.tnc.default(''),
    tnc_prices: giveawayFields.tnc_prices.default(''),
    winner_count: giveawayFields.winner_count.default(1),
    access_code: giveawayFields.access_code.default(''),
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
export const StaffGiveawayListQuery = z.object({ on: z.enum(['upcoming', 'live', 'past', 'all'], { error: 'on is upcoming, live, past or all.' }).default('all') });
export const StaffGiveawayListResponse = envelopeOf(StaffGiveaway);

export const StaffPick = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  entry_id: z.number().int(),
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
  /** For a repeat winner: the giveaway of the same show they already won. */
  repeat_of: z.number().int().nullable(),
});
export type StaffPick = z.infer<typeof StaffPick>;

export const AUDIT_ACTIONS = ['commit', 'reveal', 'draw', 'respin', 'claim', 'forfeit', 'announce', 'unannounce', 'terms'] as const;
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
/** The CSV export (GET /api/staff/giveaways/:id/entries.csv) has these columns, in this order. */
export const ENTRY_CSV_COLUMNS = ['entry_id', 'user_id', 'name', 'email', 'phone', 'entry_from', 'whatnot_username', 'social', 'weight', 'created_at'] as const;

/** POST /api/staff/giveaways/:id/draw takes no body; respin, claim and forfeit name the pick. */
export const PickRequest = z.object({ pick_id: z.number({ error: 'pick_id is a number.' }).int().positive('pick_id is a number.') });
export const ForfeitRequest = PickRequest.extend({ redraw: z.boolean({ error: 'redraw is true or false.' }).default(true) });
export const AnnounceRequest = z.object({ announced: z.boolean({ error: 'announced is true or false.' }) });

export const SpinPrize = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Relative chance: a prize of weight 2 comes up twice as often as one of weight 1; 0 never. */
  weight: z.number().int(),
  /** Reward points credited with the spin, in the same transaction. */
  points: z.number().int(),
  /** Spins that landed on this prize so far. */
  won: z.number().int(),
});
export type SpinPrize = z.infer<typeof SpinPrize>;
export const SpinPrizeTable = z.object({ eventId: z.number().int(), kind: z.enum(SPIN_KINDS), prizes: z.array(SpinPrize), spins: z.number().int() });
export type SpinPrizeTable = z.infer<typeof SpinPrizeTable>;
export const SpinPrizeTableResponse = envelopeOf(SpinPrizeTable);

export const SetSpinPrizesRequest = z.object({
  prizes: z
    .array(
      z.object({
        label: z.string().trim().min(1, 'Every prize needs a label.').max(60, 'Keep a prize label under 60 characters.'),
        weight: z.number({ error: 'weight is a whole number from 0 to 1,000,000.' }).int('weight is a whole number from 0 to 1,000,000.').min(0, 'weight is a whole number from 0 to 1,000,000.').max(1_000_000, 'weight is a whole number from 0 to 1,000,000.'),
        points: z.number({ error: 'points is a whole number from 0 to 100,000.' }).int('points is a whole number from 0 to 100,000.').min(0, 'points is a whole number from 0 to 100,000.').max(100_000, 'points is a whole number from 0 to 100,000.').default(0),
      }),
    )
    .max(12, 'A wheel has at most 12 prizes.')
    .refine((prizes) => prizes.length !== 1, 'A wheel needs at least two prizes (or none, to switch spinning off).')
    .refine((prizes) => prizes.length === 0 || prizes.some((p) => p.weight > 0), 'At least one prize needs a weight above 0.'),
});
export type SetSpinPrizesRequest = z.input<typeof SetSpinPrizesRequest>;
