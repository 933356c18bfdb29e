// Viewer and public giveaway calls (spec §7; issue 6): entering (giveawaydata_v1 / _new), the
// viewer's ledger, social bonuses, banner clicks, and the public giveaway, terms, winners and proof.
// Staff calls are in giveaways-staff.ts, spin to win in spin.ts. A giveaway is an event of type
// 'giveaway' (eventlist_v1?type=giveaway, liveevent_v1?type=giveaway) with the details below.
import { z } from 'zod';
import { DRAW_ALGORITHM } from '../verifiable-draw';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { EventRecord, accessCode } from './events';
import { bodyId, queryId } from './ids';

// ---------------------------------------------------------------------------------------------
// Shared vocabulary

/**
 * Where a social bonus came from: one bonus entry per click type per viewer per giveaway. `link`
 * is the viewer's own link shared through the device's share menu, or copied (decision 049).
 */
export const SOCIAL_CLICK_TYPES = ['facebook', 'instagram', 'x', 'pinterest', 'whatsapp', 'email', 'link'] as const;
export type SocialClickType = (typeof SOCIAL_CLICK_TYPES)[number];
const clickType = (name: string) =>
  z.enum(SOCIAL_CLICK_TYPES, { error: `${name} is one of ${SOCIAL_CLICK_TYPES.join(', ')}.` });

/** How an entry arrived: the web page, the live page's 'Today's Giveaway', an exhibition kiosk (/intergem) or Whatnot. */
export const ENTRY_SOURCES = ['web', 'live', 'intergem', 'whatnot'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/**
 * Where a giveaway stands, from the server clock and its draws: upcoming (not open yet), open
 * (entries accepted), closed (entries closed, no winner drawn yet), drawn (at least one pick made).
 */
export const GIVEAWAY_STATES = ['upcoming', 'open', 'closed', 'drawn'] as const;
export type GiveawayState = (typeof GIVEAWAY_STATES)[number];

/** What became of a pick: pending (5-minute claim window), claimed, forfeited, repeat (won earlier in the show) or respun. */
export const PICK_STATUSES = ['pending', 'repeat', 'claimed', 'forfeited', 'respun'] as const;
export type PickStatus = (typeof PICK_STATUSES)[number];

/**
 * How a winner claims the prize (decision 042): 'text' (text or call the contact number within the
 * 5 minutes; staff confirm it) or 'app' (the claim button on the winner's page, within the 5 minutes).
 */
export const CLAIM_MODES = ['text', 'app'] as const;
export type ClaimMode = (typeof CLAIM_MODES)[number];

/**
 * The optional `code` of the reads of one giveaway: a private giveaway (IS_Public 0) answers 404, as
 * a missing one does, unless the caller is staff, has entered it, or gives its code (decision 051).
 */
const openingCode = { code: accessCode.optional() };

const whatnotUsername = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_.-]{2,30}$/,
    'Enter your Whatnot username: 2 to 30 letters, digits, dots, dashes or underscores.',
  );

// ---------------------------------------------------------------------------------------------
// Entering, and the viewer's ledger

export const EnterGiveawayRequest = z.object({ eventid: bodyId('eventid'), code: accessCode.optional() });
export type EnterGiveawayRequest = z.input<typeof EnterGiveawayRequest>;

/**
 * giveawaydata_new: the same entry, saying where it came from. A Whatnot entry carries the
 * viewer's Whatnot username, so the host can call the winner out on Whatnot too.
 */
export const EnterGiveawayNewRequest = z
  .object({
    eventid: bodyId('eventid'),
    code: accessCode.optional(),
    entry_from: z.enum(ENTRY_SOURCES, { error: `entry_from is one of ${ENTRY_SOURCES.join(', ')}.` }).default('web'),
    whatnot_username: whatnotUsername.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.entry_from === 'whatnot' && !value.whatnot_username)
      ctx.addIssue({ code: 'custom', path: ['whatnot_username'], message: 'Enter your Whatnot username.' });
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
  /**
   * The entry's place in the published entry list (1 for the first entry; the list is sorted by
   * entry_id), as in 'entry 7 of 12'. Null before entering, and in the entry call's own answer,
   * which does not count; checkifgiveawayenroll_v1 does. Final once entries close.
   */
  entry_number: z.number().int().nullable(),
  /** Entrants so far (the length of the published entry list); null where entry_number is. */
  entrants: z.number().int().nullable(),
  /** Chances in the draw: 1 for entering plus one per social bonus. */
  entries: z.number().int(),
  ledger: z.array(LedgerLine),
  /** Click types whose bonus is still available to this viewer. */
  bonuses_left: z.array(z.enum(SOCIAL_CLICK_TYPES)),
});
export type Enrollment = z.infer<typeof Enrollment>;
/** giveawaydata_v1 / giveawaydata_new (200; 409 'already entered' carries the same record) and checkifgiveawayenroll_v1. */
export const EnrollmentResponse = envelopeOf(Enrollment);

export const EnrollmentQuery = z.object({ eventid: queryId('eventid'), ...openingCode });

export const SocialEntryQuery = z.object({ clickType: clickType('clickType') });
export const SocialEntryRequest = z.object({ eventid: bodyId('eventid') });

/**
 * dosocialentry?email=…&clickfrom=… (token): the link in a giveaway e-mail or social post. It
 * credits the bonus for `clickfrom` to the signed-in viewer, who must own `email`, in the
 * giveaway `eventid` or, without it, the giveaway open now.
 */
export const DoSocialEntryQuery = z.object({
  email: z.string().trim().toLowerCase().email('email is an e-mail address.').max(254),
  clickfrom: clickType('clickfrom'),
  eventid: queryId('eventid').optional(),
});

export const SocialEntryResult = Enrollment.extend({ bonus_added: z.boolean() });
export type SocialEntryResult = z.infer<typeof SocialEntryResult>;
export const SocialEntryResponse = envelopeOf(SocialEntryResult);

export const BannerClickQuery = z.object({ id: queryId('id') });
export const BannerClick = z.object({ eventid: z.number().int(), path: z.string() });
export type BannerClick = z.infer<typeof BannerClick>;
export const BannerClickResponse = envelopeOf(BannerClick);

// ---------------------------------------------------------------------------------------------
// Public reads: the giveaway, its terms, winners and the draw proof

export const Winner = z.object({
  eventid: z.number().int(),
  giveaway_title: z.string(),
  /** First name and last initial only, e.g. 'Ruby A.'. */
  name: z.string(),
  entry_id: z.number().int(),
  drawn_at: z.string(),
});
export type Winner = z.infer<typeof Winner>;

/** The giveaway's event record (what eventdata_v1 answers) with its details: the giveaway page needs nothing else. */
export const GiveawayInfo = EventRecord.extend({
  /** The show this giveaway belongs to, when staff linked one. */
  show_id: z.number().int().nullable(),
  show_title: z.string().nullable(),
  prize: z.string(),
  /** The prize's picture as viewers fetch it; '' for none (decision 047). */
  prize_image: z.string(),
  /** Prize value for the terms' {{VALUE}}: tnc_prices, or '$10,000' when unset (spec §9). */
  tnc_prices: z.string(),
  winner_count: z.number().int(),
  state: z.enum(GIVEAWAY_STATES),
  entrants: z.number().int(),
  /** Private giveaways need an access code to enter. */
  needs_code: z.boolean(),
  claim_mode: z.enum(CLAIM_MODES),
  social_click_types: z.array(z.enum(SOCIAL_CLICK_TYPES)),
  /** SHA-256 (hex) of the draw seed, published before the first entry is taken. */
  commitment: z.string(),
  /** The seed (hex), revealed with the first draw; null until then. */
  seed: z.string().nullable(),
  /** Winners staff announced: first name and last initial. */
  winners: z.array(Winner),
});
export type GiveawayInfo = z.infer<typeof GiveawayInfo>;
export const GiveawayInfoQuery = z.object({ eventid: queryId('eventid'), ...openingCode });
export const GiveawayInfoResponse = envelopeOf(GiveawayInfo);

export const GiveawayTermsQuery = z.object({ id: queryId('id'), ...openingCode });
export const GiveawayTerms = z.object({
  id: z.number().int(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Sanitised HTML with the placeholders {{VALUE}}, {{START_DATE}}, {{END_DATE}} (and spaced variants) as staff wrote them. */
  tnc: z.string(),
  /** `tnc` with its placeholders filled, then sanitised again: the HTML the terms page shows (decision 053). */
  tnc_filled: z.string(),
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
  .object({ eventid: queryId('eventid').optional(), showid: queryId('showid').optional(), ...openingCode })
  .refine((q) => (q.eventid === undefined) !== (q.showid === undefined), {
    message: 'Give eventid or showid.',
    path: ['eventid'],
  });
export const WinnersResponse = envelopeOf(Winner);

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
export const DrawProofQuery = z.object({ eventid: queryId('eventid'), ...openingCode });
export const DrawProofResponse = envelopeOf(DrawProof);

export const giveawayCalls = {
  /** giveawaydata_v1 (token): enter the giveaway `eventid`; `code` opens a private one; 409 when already in. */
  enter: defineCall({
    method: 'POST',
    path: '/api/giveawaydata_v1',
    body: EnterGiveawayRequest,
    response: EnrollmentResponse,
  }),
  /** giveawaydata_new (token): the same entry, saying where it came from (web, live, intergem, whatnot). */
  enterFrom: defineCall({
    method: 'POST',
    path: '/api/giveawaydata_new',
    body: EnterGiveawayNewRequest,
    response: EnrollmentResponse,
  }),
  /** checkifgiveawayenroll_v1 (token): whether the viewer entered, with their ledger. */
  enrollment: defineCall({
    method: 'GET',
    path: '/api/checkifgiveawayenroll_v1',
    query: EnrollmentQuery,
    response: EnrollmentResponse,
  }),
  /** socialgiveawayentries?clickType=… (token), body { eventid }: a bonus entry for sharing. */
  socialEntry: defineCall({
    method: 'POST',
    path: '/api/socialgiveawayentries',
    query: SocialEntryQuery,
    body: SocialEntryRequest,
    response: SocialEntryResponse,
  }),
  /** dosocialentry (token): the bonus link of a giveaway e-mail or post. */
  doSocialEntry: defineCall({
    method: 'GET',
    path: '/api/dosocialentry',
    query: DoSocialEntryQuery,
    response: SocialEntryResponse,
  }),
  /** fbbannerclick?id=…: a click on a giveaway's Facebook banner, counted, and where to go. */
  bannerClick: defineCall({
    method: 'GET',
    path: '/api/fbbannerclick',
    query: BannerClickQuery,
    response: BannerClickResponse,
  }),
  /** giveawayterms_v1?id=…: the terms fetch by id (spec §3, §7); `tnc` as saved, `tnc_filled` filled and sanitised. */
  terms: defineCall({
    method: 'GET',
    path: '/api/giveawayterms_v1',
    query: GiveawayTermsQuery,
    response: GiveawayTermsResponse,
  }),
  /** giveawayinfo_v1?eventid=…: the giveaway page's one read, the event with its prize, state and winners. */
  info: defineCall({
    method: 'GET',
    path: '/api/giveawayinfo_v1',
    query: GiveawayInfoQuery,
    response: GiveawayInfoResponse,
  }),
  /** giveawaywinners_v1?eventid=… or ?showid=…: announced winners. */
  winners: defineCall({
    method: 'GET',
    path: '/api/giveawaywinners_v1',
    query: WinnersQuery,
    response: WinnersResponse,
  }),
  /** giveawayproof_v1?eventid=…: the anonymised entry list, the picks and the revealed seed. */
  proof: defineCall({
    method: 'GET',
    path: '/api/giveawayproof_v1',
    query: DrawProofQuery,
    response: DrawProofResponse,
  }),
};
