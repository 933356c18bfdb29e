// The pieces the network sells on air (issue 20, decision 079). Staff keep a catalogue of pieces; a
// rundown segment can carry one, and when staff advance to it every viewer's /live shows it as "Now
// showing" (pushed as a `now_showing` chat frame, read at load with nowshowing_v1). "I want this"
// puts the viewer on the console's call-back list, once per viewer per piece. A past show lists the
// pieces shown in it with the time in the replay where each appeared (showpieces_v1).
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { bodyId, queryId } from './ids';

export const PIECE_LIMITS = {
  nameChars: 120,
  gemstoneChars: 60,
  caratChars: 12,
  metalChars: 60,
  sizeChars: 40,
  /** Photos per piece; the first is the card's. */
  photos: 6,
  /** The highest price, in dollars. */
  priceMaxDollars: 1_000_000,
  stockMax: 100_000,
} as const;

/** A piece as viewers see it on the card. `price` is in cents; `photos` are addresses to load. */
export const Piece = z.object({
  id: z.number().int(),
  name: z.string(),
  gemstone: z.string(),
  /** As staff typed it ("1.25"); '' when there is no main stone. */
  carat: z.string(),
  metal: z.string(),
  size: z.string(),
  price_cents: z.number().int(),
  stock: z.number().int(),
  photos: z.array(z.string()),
});
export type Piece = z.infer<typeof Piece>;

/** A /media/ path (as staff uploads answer) or an https:// address. */
const photoRef = z
  .string({ error: 'A photo is a /media/ path or an https:// address.' })
  .trim()
  .max(500, 'A photo address is up to 500 characters.')
  .regex(/^(\/media\/[^\s?#]+|https:\/\/[^\s]+)$/, 'A photo is a /media/ path or an https:// address.');

const text = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} is text.` })
    .trim()
    .min(min, min > 0 ? `Give the ${label.toLowerCase()}.` : `${label} is text.`)
    .max(max, `${label} is up to ${max} characters.`);

export const PieceInput = z.object({
  name: text('Name', PIECE_LIMITS.nameChars, 1),
  gemstone: text('Gemstone', PIECE_LIMITS.gemstoneChars),
  carat: text('Carat', PIECE_LIMITS.caratChars).regex(
    /^(|\d{1,3}(\.\d{1,3})?)$/,
    'Carat is a number such as 1.25, or empty.',
  ),
  metal: text('Metal', PIECE_LIMITS.metalChars),
  size: text('Size', PIECE_LIMITS.sizeChars),
  price_cents: z
    .number({ error: 'The price is a number of cents.' })
    .int('The price is a whole number of cents.')
    .min(1, 'The price is more than zero.')
    .max(
      PIECE_LIMITS.priceMaxDollars * 100,
      `The price is at most $${PIECE_LIMITS.priceMaxDollars.toLocaleString('en-US')}.`,
    ),
  stock: z
    .number({ error: 'Stock is a number.' })
    .int('Stock is a whole number.')
    .min(0, 'Stock is zero or more.')
    .max(PIECE_LIMITS.stockMax, `Stock is at most ${PIECE_LIMITS.stockMax.toLocaleString('en-US')}.`),
  photos: z
    .array(photoRef, { error: 'photos is a list of addresses.' })
    .max(PIECE_LIMITS.photos, `A piece has up to ${PIECE_LIMITS.photos} photos.`),
  active: z.boolean({ error: 'active is true or false.' }).default(true),
});
export type PieceInput = z.input<typeof PieceInput>;

export const StaffPiece = Piece.extend({
  active: z.boolean(),
  /** Viewers who asked for it ("I want this"), across shows. */
  interested: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffPiece = z.infer<typeof StaffPiece>;

export const PieceParams = z.object({ id: queryId('id') });

/** nowshowing_v1: the piece on air in a show now, or an empty list. */
export const NowShowingQuery = z.object({ eventid: queryId('eventid') });
export const NowShowing = z.object({
  eventid: z.number().int(),
  piece: Piece,
  /** When it went on air. */
  since: z.string(),
  /** The asking viewer already said "I want this" (false without a token). */
  wanted: z.boolean(),
});
export type NowShowing = z.infer<typeof NowShowing>;

export const WantRequest = z.object({ eventid: bodyId('eventid'), pieceid: bodyId('pieceid') });
export type WantRequest = z.infer<typeof WantRequest>;
export const WantResult = z.object({ pieceid: z.number().int(), created_at: z.string() });

/** showpieces_v1: the pieces a show put on air, in order, with the second in the replay. */
export const ShowPiecesQuery = z.object({ eventid: queryId('eventid') });
export const ShownPiece = z.object({
  piece: Piece,
  shown_at: z.string(),
  /** Seconds from the start of the show (when it went live, else its scheduled start); never negative. */
  offset_seconds: z.number().int(),
});
export type ShownPiece = z.infer<typeof ShownPiece>;

export const PIECE_MESSAGES = {
  listed: 'Pieces listed.',
  saved: 'Piece saved.',
  nowShowing: 'Now showing.',
  nothingShowing: 'Nothing is on air now.',
  wanted: 'We have you down for this piece. Our team will call you back.',
  alreadyWanted: 'You already asked for this piece. Our team will call you back.',
  notShowing: 'That piece is not on air in this show.',
  notFound: 'That piece was not found.',
  showNotFound: 'That show was not found.',
  shownPieces: 'Pieces shown.',
} as const;

export const pieceCalls = {
  /** nowshowing_v1?eventid= (token optional): the piece on air now. */
  nowShowing: defineCall({
    method: 'GET',
    path: '/api/nowshowing_v1',
    query: NowShowingQuery,
    response: envelopeOf(NowShowing),
  }),
  /** iwantthis_v1 (token): put the viewer on the call-back list for the piece on air; once per piece. */
  want: defineCall({ method: 'POST', path: '/api/iwantthis_v1', body: WantRequest, response: envelopeOf(WantResult) }),
  /** showpieces_v1?eventid=: the pieces a show put on air, with the time in the replay. */
  shown: defineCall({
    method: 'GET',
    path: '/api/showpieces_v1',
    query: ShowPiecesQuery,
    response: envelopeOf(ShownPiece),
  }),
};

export const staffPieceCalls = {
  list: defineCall({ method: 'GET', path: '/api/staff/pieces', response: envelopeOf(StaffPiece) }),
  create: defineCall({ method: 'POST', path: '/api/staff/pieces', body: PieceInput, response: envelopeOf(StaffPiece) }),
  update: defineCall({
    method: 'PUT',
    path: '/api/staff/pieces/:id',
    params: PieceParams,
    body: PieceInput,
    response: envelopeOf(StaffPiece),
  }),
};
