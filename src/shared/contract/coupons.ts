// Coupons (decision 057): the catalogue (couponcatalogue_v1), redeeming points for a coupon
// (couponredeem_v1), and the staff calls under /api/staff/rewards: catalogue, look up, use, void.
import { z } from 'zod';
import {
  COUPON_KINDS,
  COUPON_ORIGINS,
  COUPON_SCOPES,
  COUPON_VIEW_STATES,
  DEFAULT_VALIDITY_DAYS,
  valueProblem,
  type CouponKind,
} from '../coupons';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { bodyId, queryId } from './ids';

/** A catalogue item as viewers see it. */
export const CatalogueItem = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Cents off (amount_off), percent off (percent_off), 0 (free_shipping). */
  value: z.number().int(),
  points_cost: z.number().int(),
  /** The smallest order it applies to, in cents; null for none. */
  minimum_cents: z.number().int().nullable(),
  validity_days: z.number().int(),
  applies_to: z.enum(COUPON_SCOPES),
  /** The coupon's rules in words (couponRules), as the coupon will show them. */
  rules: z.array(z.string()),
});
export type CatalogueItem = z.infer<typeof CatalogueItem>;

export const StaffCatalogueItem = CatalogueItem.extend({
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffCatalogueItem = z.infer<typeof StaffCatalogueItem>;

/** A coupon as its owner sees it (rewarddetails, couponredeem_v1). */
export const CouponView = z.object({
  id: z.number().int(),
  /** Formatted for reading: XXXX-XXXX-XXXXX. */
  code: z.string(),
  origin: z.enum(COUPON_ORIGINS),
  title: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  minimum_cents: z.number().int().nullable(),
  applies_to: z.enum(COUPON_SCOPES),
  combinable: z.boolean(),
  points_cost: z.number().int(),
  issued_at: z.string(),
  expires_at: z.string(),
  /** expired: still active in the table but past expires_at. */
  state: z.enum(COUPON_VIEW_STATES),
  used_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  /** Every rule in words (couponRules in src/shared/coupons.ts). */
  rules: z.array(z.string()),
});
export type CouponView = z.infer<typeof CouponView>;

export const CouponEvent = z.object({
  action: z.string(),
  actor_name: z.string(),
  detail: z.string(),
  created_at: z.string(),
});

/** What staff see when they look a code up: the coupon, its owner, how it was used or voided, its trail. */
export const StaffCoupon = CouponView.extend({
  user_id: z.number().int(),
  owner_name: z.string(),
  owner_email: z.string(),
  order_ref: z.string().nullable(),
  void_reason: z.string().nullable(),
  events: z.array(CouponEvent),
});
export type StaffCoupon = z.infer<typeof StaffCoupon>;

const titleError = 'Give the coupon a title of up to 80 characters.';
const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const catalogueFields = {
  title: z.string({ error: titleError }).trim().min(1, titleError).max(80, titleError),
  kind: z.enum(COUPON_KINDS, { error: 'kind is amount_off, percent_off or free_shipping.' }),
  value: wholeNumber('value is a whole number: cents off, or percent off from 1 to 90.', 0, 1_000_000),
  points_cost: wholeNumber('points_cost is a whole number from 1 to 100,000.', 1, 100_000),
  minimum_cents: wholeNumber('minimum_cents is a whole number of cents, or null for none.', 1, 100_000_000).nullable(),
  validity_days: wholeNumber('validity_days is a whole number from 1 to 365.', 1, 365),
  applies_to: z.enum(COUPON_SCOPES, { error: 'applies_to is all or show_jewelry.' }),
  active: z.boolean({ error: 'active is true or false.' }),
};

function checkValue(item: { kind: CouponKind; value: number }, ctx: z.RefinementCtx) {
  const problem = valueProblem(item.kind, item.value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
}

export const CreateCatalogueItem = z
  .object({
    ...catalogueFields,
    minimum_cents: catalogueFields.minimum_cents.default(null),
    validity_days: catalogueFields.validity_days.default(DEFAULT_VALIDITY_DAYS),
    applies_to: catalogueFields.applies_to.default('all'),
    active: catalogueFields.active.default(true),
  })
  .superRefine(checkValue);
export type CreateCatalogueItem = z.input<typeof CreateCatalogueItem>;

/** Any of the fields; kind and value are checked together against the item as it will be. */
export const UpdateCatalogueItem = z.object(catalogueFields).partial();
export type UpdateCatalogueItem = z.input<typeof UpdateCatalogueItem>;

export const CatalogueParams = z.object({ id: queryId('The catalogue item id') });

export const RedeemRequest = z.object({ catalogue_id: bodyId('catalogue_id') });
export type RedeemRequest = z.input<typeof RedeemRequest>;

const codeError = 'code is the coupon code, e.g. ABCD-EFGH-JKMNP.';
const couponCode = z.string({ error: codeError }).trim().min(1, codeError).max(40, codeError);

export const CouponLookupQuery = z.object({ code: couponCode });

const orderError = 'order_ref is the order number, up to 60 characters.';
export const UseCouponRequest = z.object({
  code: couponCode,
  order_ref: z.string({ error: orderError }).trim().min(1, orderError).max(60, orderError),
});
export type UseCouponRequest = z.input<typeof UseCouponRequest>;

const reasonError = 'Say why the coupon is voided, in up to 200 characters.';
export const VoidCouponRequest = z.object({
  code: couponCode,
  reason: z.string({ error: reasonError }).trim().min(1, reasonError).max(200, reasonError),
});
export type VoidCouponRequest = z.input<typeof VoidCouponRequest>;

export const couponCalls = {
  /** couponcatalogue_v1 (public): the active catalogue, cheapest first. */
  catalogue: defineCall({ method: 'GET', path: '/api/couponcatalogue_v1', response: envelopeOf(CatalogueItem) }),
  /** couponredeem_v1 (token): spend points on a catalogue item; answers the new coupon. */
  redeem: defineCall({
    method: 'POST',
    path: '/api/couponredeem_v1',
    body: RedeemRequest,
    response: envelopeOf(CouponView),
  }),
};

export const staffCouponCalls = {
  /** Every catalogue item, inactive ones too. */
  catalogue: defineCall({
    method: 'GET',
    path: '/api/staff/rewards/catalogue',
    response: envelopeOf(StaffCatalogueItem),
  }),
  createItem: defineCall({
    method: 'POST',
    path: '/api/staff/rewards/catalogue',
    body: CreateCatalogueItem,
    response: envelopeOf(StaffCatalogueItem),
  }),
  /** Change an item; coupons already issued keep the rules they were issued with. */
  updateItem: defineCall({
    method: 'POST',
    path: '/api/staff/rewards/catalogue/:id',
    params: CatalogueParams,
    body: UpdateCatalogueItem,
    response: envelopeOf(StaffCatalogueItem),
  }),
  /** Look a coupon up by code (any case; dashes and spaces ignored). */
  lookup: defineCall({
    method: 'GET',
    path: '/api/staff/rewards/coupons',
    query: CouponLookupQuery,
    response: envelopeOf(StaffCoupon),
  }),
  /** Mark a coupon used on an order; a used, voided or expired coupon is a 409 that says which. */
  use: defineCall({
    method: 'POST',
    path: '/api/staff/rewards/coupons/use',
    body: UseCouponRequest,
    response: envelopeOf(StaffCoupon),
  }),
  /** Void a coupon with a reason; a used or voided one is a 409. */
  void: defineCall({
    method: 'POST',
    path: '/api/staff/rewards/coupons/void',
    body: VoidCouponRequest,
    response: envelopeOf(StaffCoupon),
  }),
};
