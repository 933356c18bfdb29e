// Exhibitions and product registration (issue 19, decision 074). Staff define the exhibitions and
// the kinds of piece on sale at each; every exhibition has a short link (and a QR code of it) for
// the booth. A visitor registers a piece bought there with productregistration (multipart, with an
// optional receipt photo) and is given a registration number, which opens the thanks page. Staff
// list, read, verify and export the registrations.
import { z } from 'zod';
import { CONSENT_VERSION } from '../consent-texts';
import { emailField, isRealDate, phoneField } from '../validation';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { queryId } from './ids';

/** The form's page; `?exhibition=<slug>` preselects an exhibition, `&kiosk=1` is the booth tablet. */
export const PRODUCT_REGISTER_PATH = '/product-register';
export const EXHIBITION_QUERY = 'exhibition';
export const KIOSK_QUERY = 'kiosk';
/** The thanks page: `/exhibition-thanks/<number>` with a summary, `/exhibition-thanks` alone is the generic one. */
export const EXHIBITION_THANKS_PATH = '/exhibition-thanks';

/** The booth's short link for one exhibition (what its QR code holds). */
export function exhibitionLink(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}${PRODUCT_REGISTER_PATH}?${EXHIBITION_QUERY}=${encodeURIComponent(slug)}`;
}

/** Lower-case letters and digits in groups joined by single hyphens: `tucson-gem-show-2027` (2–48 characters). */
export const EXHIBITION_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const EXHIBITION_SLUG_MIN = 2;
export const EXHIBITION_SLUG_MAX = 48;

/** GX- and two groups of four Crockford base-32 characters (no I, L, O or U): `GX-7K3M-Q9TP`. */
export const REGISTRATION_NUMBER = /^GX-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export const DESCRIPTION_MAX = 500;
export const RECEIPT_NUMBER_MAX = 40;
/** The highest price a registration takes, in dollars. */
export const PRICE_MAX_DOLLARS = 1_000_000;
/** Receipt photos: the upload's limits and the longest side kept after re-encoding (as profile pictures). */
export const RECEIPT_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const RECEIPT_PHOTO_MAX_PIXELS = 40_000_000;
export const RECEIPT_PHOTO_SIZE_PX = 1600;
/** How long the booth tablet waits on the thanks screen, and idle on a half-filled form, before it clears itself. */
export const KIOSK_THANKS_SECONDS = 20;
export const KIOSK_IDLE_SECONDS = 120;
/** Staff lists page through this many registrations. */
export const REGISTRATIONS_PAGE_SIZE = 50;

/** The receipt number as the one-per-exhibition key compares it: upper case, no spaces, dots or dashes. */
export function receiptKey(receiptNumber: string): string {
  return receiptNumber
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s.\-_/]/g, '');
}

/** A price typed as dollars ('1,250', '1250.5', '$99.99') in cents; null when it is not one. */
export function priceCents(typed: string): number | null {
  const cleaned = typed
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [dollars = '0', cents = ''] = cleaned.split('.');
  const value = Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
  return value > 0 && value <= PRICE_MAX_DOLLARS * 100 ? value : null;
}

// ---- Public ------------------------------------------------------------------------------------

export const ProductKind = z.object({ id: z.number().int(), name: z.string() });
export type ProductKind = z.infer<typeof ProductKind>;

/** An active exhibition as the form offers it. */
export const PublicExhibition = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  venue: z.string(),
  city: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** The kinds on sale there, in the form's order (active ones only). */
  kinds: z.array(ProductKind),
});
export type PublicExhibition = z.infer<typeof PublicExhibition>;

const textField = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
/** A multipart checkbox: present as 'true' (or 'on'), else false. */
const checkbox = z
  .enum(['true', 'false', 'on', ''], { error: 'Expected true or false.' })
  .optional()
  .transform((value) => value === 'true' || value === 'on');
const formId = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .regex(/^[1-9]\d{0,11}$/, missing)
    .transform(Number);

/**
 * productregistration's form fields (multipart, every value text). The photo, when sent, is the
 * file field `receipt_photo`. Each field's message is the one the form shows beside it. Whether
 * the purchase date lies within the exhibition's dates, and the kind belongs to the exhibition,
 * is checked on the server against the exhibition (a 400 naming the field).
 */
export const ProductRegistrationFields = z.object({
  exhibition_id: formId('Choose the exhibition where you bought the piece.'),
  product_kind_id: formId('Choose what kind of piece it is.'),
  description: textField(
    'Describe the piece, for example "Oval sapphire ring in white gold".',
    DESCRIPTION_MAX,
    `Keep the description under ${DESCRIPTION_MAX} characters.`,
  ),
  price: z
    .string({ error: 'Enter the price you paid, in dollars.' })
    .refine((v) => priceCents(v) !== null, 'Enter the price you paid in dollars, like 1,250 or 99.99.')
    .transform((v) => priceCents(v) ?? 0),
  receipt_number: textField(
    'Enter the number printed on your receipt.',
    RECEIPT_NUMBER_MAX,
    `A receipt number is at most ${RECEIPT_NUMBER_MAX} characters.`,
  ).refine((v) => receiptKey(v).length > 0, 'Enter the number printed on your receipt.'),
  purchase_date: z
    .string({ error: 'Enter the date you bought the piece.' })
    .trim()
    .refine(isRealDate, 'Enter the date you bought the piece as YYYY-MM-DD.'),
  name: textField('Enter your name.', 80, 'Keep your name under 80 characters.'),
  email: emailField,
  phone: phoneField,
  /** Required: we may contact the visitor about this piece. */
  contact_consent: checkbox.refine((v) => v, 'Tick the box so we may contact you about this piece.'),
  /** The separate, unticked opt-in to the newsletter (a double opt-in subscription). */
  marketing_opt_in: checkbox,
  /** The version of the newsletter words the form showed (needed with marketing_opt_in). */
  consent_version: z.string().max(40).optional().default(CONSENT_VERSION),
  /** 'kiosk' from the booth tablet. */
  source: z.enum(['web', 'kiosk'], { error: "source is 'web' or 'kiosk'." }).optional().default('web'),
});
export type ProductRegistrationFields = z.input<typeof ProductRegistrationFields>;
export type ProductRegistrationValues = z.output<typeof ProductRegistrationFields>;

/** What a registration answers, and what the thanks page shows (personal details masked). */
export const RegistrationSummary = z.object({
  number: z.string(),
  exhibition: z.object({ name: z.string(), venue: z.string(), city: z.string() }),
  product_kind: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  purchase_date: z.string(),
  has_receipt_photo: z.boolean(),
  /** First name only. */
  first_name: z.string(),
  /** j•••@example.com */
  email: z.string(),
  verified: z.boolean(),
  /** True when the registration is on a viewer's account (made logged in, or joined since). */
  on_account: z.boolean(),
  /** True when the newsletter opt-in was ticked: a confirmation link was e-mailed. */
  newsletter_confirmation_sent: z.boolean(),
  created_at: z.string(),
});
export type RegistrationSummary = z.infer<typeof RegistrationSummary>;

export const RegistrationNumberParams = z.object({
  number: z
    .string({ error: 'number is a registration number like GX-7K3M-Q9TP.' })
    .transform((v) => v.trim().toUpperCase())
    .refine((v) => REGISTRATION_NUMBER.test(v), 'number is a registration number like GX-7K3M-Q9TP.'),
});

export const exhibitionCalls = {
  /** The active exhibitions with their product kinds (no login needed). */
  list: defineCall({ method: 'GET', path: '/api/exhibitions', response: envelopeOf(PublicExhibition) }),
  /**
   * productregistration (multipart: ProductRegistrationFields and an optional `receipt_photo`; token
   * optional, a logged-in viewer's registration goes on their account). 409 when the receipt
   * number is already registered for that exhibition, naming who registered it, masked.
   */
  register: defineCall({
    method: 'POST',
    path: '/api/productregistration',
    response: envelopeOf(RegistrationSummary),
  }),
  /** The thanks page's summary: whoever holds the number may read it (personal details masked). */
  summary: defineCall({
    method: 'GET',
    path: '/api/productregistration/:number',
    params: RegistrationNumberParams,
    response: envelopeOf(RegistrationSummary),
  }),
};

// ---- Staff -------------------------------------------------------------------------------------

const dayField = (label: string) =>
  z
    .string({ error: `Enter the ${label} as YYYY-MM-DD.` })
    .trim()
    .refine(isRealDate, `Enter the ${label} as YYYY-MM-DD.`);

const kindName = z
  .string({ error: 'Each product kind needs a name.' })
  .trim()
  .min(1, 'Each product kind needs a name.')
  .max(60, 'Keep each product kind under 60 characters.');

const slugRule = `The short link’s name is ${EXHIBITION_SLUG_MIN}–${EXHIBITION_SLUG_MAX} lower-case letters and digits, with single hyphens between them.`;

export const ExhibitionInput = z
  .object({
    name: textField('Enter the exhibition’s name.', 120, 'Keep the name under 120 characters.'),
    slug: z
      .string({ error: 'Enter the short link’s name.' })
      .trim()
      .toLowerCase()
      .min(EXHIBITION_SLUG_MIN, slugRule)
      .max(EXHIBITION_SLUG_MAX, slugRule)
      .regex(EXHIBITION_SLUG, slugRule),
    venue: textField('Enter the venue.', 120, 'Keep the venue under 120 characters.'),
    city: textField('Enter the city.', 80, 'Keep the city under 80 characters.'),
    starts_on: dayField('first day'),
    ends_on: dayField('last day'),
    active: z.boolean({ error: 'active is true or false.' }),
    /** The kinds on sale, in order. A kind already used by a registration and left out is retired, not deleted. */
    kinds: z
      .array(kindName, { error: 'kinds is a list of names.' })
      .min(1, 'List at least one product kind.')
      .max(40, 'List at most 40 product kinds.')
      .refine(
        (names) => new Set(names.map((n) => n.toLowerCase())).size === names.length,
        'Each product kind is listed once.',
      ),
  })
  .refine((e) => e.starts_on <= e.ends_on, { path: ['ends_on'], message: 'The last day is on or after the first.' });
export type ExhibitionInput = z.input<typeof ExhibitionInput>;

export const StaffExhibition = PublicExhibition.extend({
  active: z.boolean(),
  /** The short link, absolute. */
  link: z.string(),
  registrations: z.number().int(),
  unverified: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffExhibition = z.infer<typeof StaffExhibition>;

export const ExhibitionParams = z.object({ id: queryId('The exhibition id') });

/** The booth's QR code: the link it holds and the code as an SVG document. */
export const ExhibitionQr = z.object({ link: z.string(), svg: z.string() });
export type ExhibitionQr = z.infer<typeof ExhibitionQr>;

const optionalDay = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isRealDate(v), `${label} is a date as YYYY-MM-DD.`)
    .optional()
    .transform((v) => v || undefined);

/** The staff list's filters (also the CSV's): exhibition, registration days (LA time), verified. */
export const RegistrationFilter = z.object({
  exhibition_id: queryId('exhibition_id').optional(),
  from: optionalDay('from'),
  to: optionalDay('to'),
  verified: z.enum(['yes', 'no', 'all'], { error: 'verified is yes, no or all.' }).optional().default('all'),
  page: z.coerce.number<number | string>().int().min(1, 'page is 1 or more.').max(100_000).optional().default(1),
});
export type RegistrationFilter = z.input<typeof RegistrationFilter>;

export const StaffRegistration = z.object({
  id: z.number().int(),
  number: z.string(),
  exhibition_id: z.number().int(),
  exhibition: z.string(),
  product_kind: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  receipt_number: z.string(),
  purchase_date: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  contact_consent: z.boolean(),
  marketing_opt_in: z.boolean(),
  user_id: z.number().int().nullable(),
  source: z.enum(['web', 'kiosk']),
  has_receipt_photo: z.boolean(),
  verified_at: z.string().nullable(),
  /** The staff member's name. */
  verified_by: z.string().nullable(),
  created_at: z.string(),
});
export type StaffRegistration = z.infer<typeof StaffRegistration>;

export const StaffRegistrationPage = z.object({
  registrations: z.array(StaffRegistration),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type StaffRegistrationPage = z.infer<typeof StaffRegistrationPage>;

export const StaffRegistrationDetail = StaffRegistration.extend({
  /** The re-encoded receipt photo as a data: URL (receipts are never on a public path); null without one. */
  receipt_photo: z.string().nullable(),
});
export type StaffRegistrationDetail = z.infer<typeof StaffRegistrationDetail>;

export const RegistrationParams = z.object({ id: queryId('The registration id') });
export const VerifyRequest = z.object({ verified: z.boolean({ error: 'verified is true or false.' }) });

/** The registrations as CSV (the list's filters, every page): a file, not an envelope, so no call descriptor. */
export const REGISTRATIONS_CSV_PATH = '/api/staff/productregistrations.csv';
export const REGISTRATION_CSV_COLUMNS = [
  'number',
  'exhibition',
  'product_kind',
  'description',
  'price',
  'receipt_number',
  'purchase_date',
  'name',
  'email',
  'phone',
  'contact_consent',
  'marketing_opt_in',
  'user_id',
  'source',
  'verified_at',
  'verified_by',
  'created_at',
] as const;

export const staffExhibitionCalls = {
  list: defineCall({ method: 'GET', path: '/api/staff/exhibitions', response: envelopeOf(StaffExhibition) }),
  create: defineCall({
    method: 'POST',
    path: '/api/staff/exhibitions',
    body: ExhibitionInput,
    response: envelopeOf(StaffExhibition),
  }),
  update: defineCall({
    method: 'PUT',
    path: '/api/staff/exhibitions/:id',
    params: ExhibitionParams,
    body: ExhibitionInput,
    response: envelopeOf(StaffExhibition),
  }),
  qr: defineCall({
    method: 'GET',
    path: '/api/staff/exhibitions/:id/qr',
    params: ExhibitionParams,
    response: envelopeOf(ExhibitionQr),
  }),
  registrations: defineCall({
    method: 'GET',
    path: '/api/staff/productregistrations',
    query: RegistrationFilter,
    response: envelopeOf(StaffRegistrationPage),
  }),
  registration: defineCall({
    method: 'GET',
    path: '/api/staff/productregistrations/:id',
    params: RegistrationParams,
    response: envelopeOf(StaffRegistrationDetail),
  }),
  verify: defineCall({
    method: 'POST',
    path: '/api/staff/productregistrations/:id/verify',
    params: RegistrationParams,
    body: VerifyRequest,
    response: envelopeOf(StaffRegistrationDetail),
  }),
};
