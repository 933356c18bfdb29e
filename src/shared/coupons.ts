// Coupon rules both sides use (decision 057): kinds, what a coupon applies to, the code's alphabet and
// format, the birthday/anniversary week, and couponRules, the sentences shown on a coupon.
import { SHOW_TIME_ZONE } from './time';

/** amount_off: `value` cents off; percent_off: `value` percent off; free_shipping: `value` is 0. */
export const COUPON_KINDS = ['amount_off', 'percent_off', 'free_shipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** all: any order; show_jewelry: jewelry sold in a show, not auctions or loose gems (spec §9). */
export const COUPON_SCOPES = ['all', 'show_jewelry'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** How a coupon came about: points spent on a catalogue item, or a yearly gift. */
export const COUPON_ORIGINS = ['redeem', 'birthday', 'anniversary'] as const;
export type CouponOrigin = (typeof COUPON_ORIGINS)[number];

export const COUPON_STATES = ['active', 'used', 'void'] as const;
/** As a viewer sees it: an active coupon past its expiry is expired (computed, never stored). */
export const COUPON_VIEW_STATES = ['active', 'used', 'void', 'expired'] as const;
export type CouponViewState = (typeof COUPON_VIEW_STATES)[number];

/** Spec §9: valid two weeks unless stated. */
export const DEFAULT_VALIDITY_DAYS = 14;

/** Why a kind and value do not go together, or null when they do. */
export function valueProblem(kind: CouponKind, value: number): string | null {
  if (kind === 'percent_off' && (value < 1 || value > 90)) return 'A percent off is from 1 to 90.';
  if (kind === 'amount_off' && value < 1) return 'An amount off is at least 1 cent.';
  if (kind === 'free_shipping' && value !== 0) return 'Free shipping has value 0.';
  return null;
}

/** 31 letters and digits without 0, O, 1, I and L, which read alike. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 13 characters of 31: about 64.4 bits, shown as XXXX-XXXX-XXXXX. */
export const CODE_LENGTH = 13;
const CODE_GROUPS = [4, 4, 5];

/** A code as typed (any case, dashes and spaces anywhere) to its stored form; null when it cannot be one. */
export function normalizeCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== CODE_LENGTH) return null;
  for (const char of code) if (!CODE_ALPHABET.includes(char)) return null;
  return code;
}

/** The stored code in groups for reading aloud: 'ABCD-EFGH-JKMNP'. */
export function formatCode(code: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of CODE_GROUPS) {
    parts.push(code.slice(at, at + size));
    at += size;
  }
  return parts.filter(Boolean).join('-');
}

/** A new code from a CSPRNG integer source (`int(max)` in [0, max)). */
export function newCode(int: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[int(CODE_ALPHABET.length)];
  return code;
}

/** The yearly gifts: what each is, as data copied onto the coupon. */
export const YEARLY_COUPONS = {
  birthday: {
    title: 'Happy birthday from Gemcast',
    kind: 'percent_off',
    value: 15,
    minimum_cents: null,
    applies_to: 'show_jewelry',
    validity_days: DEFAULT_VALIDITY_DAYS,
  },
  anniversary: {
    title: 'Happy anniversary from Gemcast',
    kind: 'amount_off',
    value: 1000,
    minimum_cents: null,
    applies_to: 'all',
    validity_days: DEFAULT_VALIDITY_DAYS,
  },
} as const satisfies Record<
  'birthday' | 'anniversary',
  {
    title: string;
    kind: CouponKind;
    value: number;
    minimum_cents: number | null;
    applies_to: CouponScope;
    validity_days: number;
  }
>;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The day a yearly date ('YYYY-MM-DD', as the profile stores it) falls on in `year`, as 'YYYY-MM-DD':
 * Feb 29 is Feb 28 in a year without one. Null when the text is not a date.
 */
export function occurrenceIn(date: string, year: number): string | null {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [, month, day] = match as unknown as [string, string, string];
  const md = month === '02' && day === '29' && !isLeap(year) ? '02-28' : `${month}-${day}`;
  return `${String(year).padStart(4, '0')}-${md}`;
}

/** The calendar day `days` after a 'YYYY-MM-DD' day. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A yearly gift's week: the day itself and the six after it (Los Angeles days). */
export const GIFT_WEEK_DAYS = 7;

/**
 * Which year's gift is due on Los Angeles day `today` for a yearly date, or null when `today` is not
 * in its week. The week can start in December and end in January, so last year's date is checked too.
 */
export function giftYearOn(date: string, today: string): number | null {
  const year = Number(today.slice(0, 4));
  for (const candidate of [year, year - 1]) {
    const start = occurrenceIn(date, candidate);
    if (start && today >= start && today <= addDays(start, GIFT_WEEK_DAYS - 1)) return candidate;
  }
  return null;
}

/** What couponRules reads: the rules as they are stored on the coupon. */
export type CouponTerms = {
  kind: CouponKind;
  value: number;
  minimum_cents: number | null;
  applies_to: CouponScope;
  combinable: boolean;
  expires_at: string;
};

let dateFormat: Intl.DateTimeFormat | undefined;
const showDate = (iso: string) => {
  dateFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SHOW_TIME_ZONE,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return dateFormat.format(new Date(iso));
};

export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** The coupon's value in a few words: '$10 off', '15% off', 'Free shipping'. */
export function couponValue(coupon: Pick<CouponTerms, 'kind' | 'value'>): string {
  if (coupon.kind === 'amount_off') return `${dollars(coupon.value)} off`;
  if (coupon.kind === 'percent_off') return `${coupon.value}% off`;
  return 'Free shipping';
}

/** A catalogue item's terms: its validity in days, as no coupon exists yet. */
export type ItemTerms = Omit<CouponTerms, 'expires_at'> & { validity_days: number };

/**
 * The sentences a coupon shows, one per rule, in the order the page lists them. A catalogue item
 * (validity_days instead of expires_at) says how long its coupon will last.
 */
export function couponRules(coupon: CouponTerms | ItemTerms): string[] {
  return [
    `${couponValue(coupon)}.`,
    'expires_at' in coupon
      ? `Valid until ${showDate(coupon.expires_at)}.`
      : `Valid for ${coupon.validity_days === DEFAULT_VALIDITY_DAYS ? 'two weeks' : `${coupon.validity_days} days`} from the day you get it.`,
    coupon.minimum_cents === null ? 'No minimum purchase.' : `For orders of ${dollars(coupon.minimum_cents)} or more.`,
    coupon.applies_to === 'show_jewelry'
      ? 'For show jewelry only: not auctions or loose gems.'
      : 'For anything you buy from us.',
    coupon.combinable ? 'Can be used with other coupons.' : 'Cannot be combined with other coupons.',
  ];
}
