// Spin-to-win calls (spec §7): spinrsvpinfo / spingiveawayinfo spin once per viewer per event, and
// checkifrsvpspin / CheckIfGiveawaySpin say whether the viewer may spin; plus the prize table shapes.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { eventImage } from './event-fields';
import { bodyId, queryId } from './ids';

/** Spin-to-win kinds: after an RSVP (to a show or special event) or after a giveaway entry. */
/** The most a spin prize's stock may be. */
export const SPIN_STOCK_MAX = 100_000;

export const SPIN_KINDS = ['rsvp', 'giveaway'] as const;
export type SpinKind = (typeof SPIN_KINDS)[number];

/**
 * The spin calls name the event `eventId`, as spec §7 does; `eventid`, the name every other call
 * uses, is accepted when `eventId` is absent. The schemas map the two to `eventId`, so the route and
 * everything behind it know one name.
 */
function oneEventId(value: { eventId?: number; eventid?: number }, ctx: z.RefinementCtx): { eventId: number } {
  const eventId = value.eventId ?? value.eventid;
  if (eventId !== undefined) return { eventId };
  ctx.addIssue({ code: 'custom', path: ['eventId'], message: 'eventId is a number.' });
  return z.NEVER;
}

/** spinrsvpinfo / spingiveawayinfo body: `{ "eventId": 7 }`, a JSON number. */
export const SpinRequest = z
  .object({ eventId: bodyId('eventId').optional(), eventid: bodyId('eventId').optional() })
  .transform(oneEventId);
export type SpinRequest = z.input<typeof SpinRequest>;
/** checkifrsvpspin / CheckIfGiveawaySpin query: `?eventId=7`. */
export const SpinQuery = z
  .object({ eventId: queryId('eventId').optional(), eventid: queryId('eventId').optional() })
  .transform(oneEventId);

export const WheelSegment = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The prize's picture as viewers fetch it; '' for none (decision 047). */
  image: z.string(),
});
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

export const SpinPrize = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Relative chance: a prize of weight 2 comes up twice as often as one of weight 1; 0 never. */
  weight: z.number().int(),
  /** Reward points credited with the spin, in the same transaction. */
  points: z.number().int(),
  /** Spins that landed on this prize so far. */
  won: z.number().int(),
  /** Left to win; null for no limit. A prize with none left is never drawn (decision 081). */
  stock: z.number().int().nullable(),
  /** The prize's picture as viewers fetch it; '' for none. */
  image: z.string(),
});
export type SpinPrize = z.infer<typeof SpinPrize>;
export const SpinPrizeTable = z.object({
  eventId: z.number().int(),
  kind: z.enum(SPIN_KINDS),
  prizes: z.array(SpinPrize),
  spins: z.number().int(),
});
export type SpinPrizeTable = z.infer<typeof SpinPrizeTable>;
export const SpinPrizeTableResponse = envelopeOf(SpinPrizeTable);

export const SetSpinPrizesRequest = z.object({
  prizes: z
    .array(
      z.object({
        label: z
          .string()
          .trim()
          .min(1, 'Every prize needs a label.')
          .max(60, 'Keep a prize label under 60 characters.'),
        weight: z
          .number({ error: 'weight is a whole number from 0 to 1,000,000.' })
          .int('weight is a whole number from 0 to 1,000,000.')
          .min(0, 'weight is a whole number from 0 to 1,000,000.')
          .max(1_000_000, 'weight is a whole number from 0 to 1,000,000.'),
        points: z
          .number({ error: 'points is a whole number from 0 to 100,000.' })
          .int('points is a whole number from 0 to 100,000.')
          .min(0, 'points is a whole number from 0 to 100,000.')
          .max(100_000, 'points is a whole number from 0 to 100,000.')
          .default(0),
        image: eventImage.default(''),
        /** How many may be won from now on; null (or left out) for no limit. */
        stock: z
          .number({ error: 'stock is a whole number from 0 to 100,000, or empty for no limit.' })
          .int('stock is a whole number from 0 to 100,000, or empty for no limit.')
          .min(0, 'stock is a whole number from 0 to 100,000, or empty for no limit.')
          .max(SPIN_STOCK_MAX, 'stock is a whole number from 0 to 100,000, or empty for no limit.')
          .nullable()
          .default(null),
      }),
    )
    .max(12, 'A wheel has at most 12 prizes.')
    .refine((prizes) => prizes.length !== 1, 'A wheel needs at least two prizes (or none, to switch spinning off).')
    .refine(
      (prizes) => prizes.length === 0 || prizes.some((p) => p.weight > 0),
      'At least one prize needs a weight above 0.',
    ),
});
export type SetSpinPrizesRequest = z.input<typeof SetSpinPrizesRequest>;

export const spinCalls = {
  /** spinrsvpinfo (token): spin after an RSVP; a second spin answers the first result. */
  rsvpSpin: defineCall({ method: 'POST', path: '/api/spinrsvpinfo', body: SpinRequest, response: SpinResponse }),
  /** spingiveawayinfo (token): spin after entering a giveaway; a second spin answers the first result. */
  giveawaySpin: defineCall({
    method: 'POST',
    path: '/api/spingiveawayinfo',
    body: SpinRequest,
    response: SpinResponse,
  }),
  /** checkifrsvpspin (token): whether the viewer may spin for an event after RSVP, with the wheel and any result. */
  rsvpCheck: defineCall({
    method: 'GET',
    path: '/api/checkifrsvpspin',
    query: SpinQuery,
    response: SpinCheckResponse,
  }),
  /** CheckIfGiveawaySpin (token): the same for a giveaway entry (the spec's capitalised name). */
  giveawayCheck: defineCall({
    method: 'GET',
    path: '/api/CheckIfGiveawaySpin',
    query: SpinQuery,
    response: SpinCheckResponse,
  }),
};
