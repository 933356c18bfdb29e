// Coupons' rules (decision 057): redeeming points for a catalogue item (the debit and the coupon in
// one transaction), unguessable codes, the catalogue, and staff look-up, use and void with a trail.
import type { Selectable } from 'kysely';
import type {
  CatalogueItem,
  CouponView,
  CreateCatalogueItem,
  StaffCatalogueItem,
  StaffCoupon,
  UpdateCatalogueItem,
} from '../../../shared/contract/coupons';
import { CreateCatalogueItem as CreateSchema } from '../../../shared/contract/coupons';
import {
  couponRules,
  formatCode,
  newCode,
  normalizeCode,
  valueProblem,
  type CouponOrigin,
} from '../../../shared/coupons';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { CouponCatalogueTable, CouponsTable, UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { RewardsService } from '../rewards/rewards.service';
import { noticeCouponIssued } from './coupon-notices';
import { couponsRepository as repo } from './coupons.repository';

type CouponRow = Selectable<CouponsTable>;
type ItemRow = Selectable<CouponCatalogueTable>;

const DAY_MS = 24 * 60 * 60_000;
/** Draws before giving up on a free code: at 64 bits a second draw is already a curiosity. */
const CODE_TRIES = 5;

const nameOf = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

function itemView(row: ItemRow): CatalogueItem {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    value: row.value,
    points_cost: row.points_cost,
    minimum_cents: row.minimum_cents,
    validity_days: row.validity_days,
    applies_to: row.applies_to,
    rules: couponRules({
      kind: row.kind,
      value: row.value,
      minimum_cents: row.minimum_cents,
      applies_to: row.applies_to,
      combinable: false,
      validity_days: row.validity_days,
    }),
  };
}

const staffItemView = (row: ItemRow): StaffCatalogueItem => ({
  ...itemView(row),
  active: row.active === 1,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** A coupon as its owner sees it; an active coupon past expires_at reads expired. */
export function couponView(row: CouponRow, now: Date): CouponView {
  const terms = {
    kind: row.kind,
    value: row.value,
    minimum_cents: row.minimum_cents,
    applies_to: row.applies_to,
    combinable: row.combinable === 1,
    expires_at: row.expires_at,
  };
  return {
    id: row.id,
    code: formatCode(row.code),
    origin: row.origin,
    title: row.title,
    ...terms,
    points_cost: row.points_cost,
    issued_at: row.issued_at,
    state: row.state === 'active' && row.expires_at <= now.toISOString() ? 'expired' : row.state,
    used_at: row.used_at,
    voided_at: row.voided_at,
    rules: couponRules(terms),
  };
}

/** What a new coupon copies from its catalogue item or yearly gift. */
export type CouponTerms = {
  origin: CouponOrigin;
  catalogueId: number | null;
  title: string;
  kind: CouponRow['kind'];
  value: number;
  minimumCents: number | null;
  appliesTo: CouponRow['applies_to'];
  validityDays: number;
  pointsCost: number;
};

/**
 * Inserts a coupon under a fresh code from the context's CSPRNG, drawing again when the code is
 * taken (the unique constraint decides, with no abort of the caller's transaction), and records
 * its 'coupon_issued' notice in the same transaction (decision 070).
 */
export async function issueCoupon(
  ctx: Pick<AppContext, 'clock' | 'random'> & { config: Pick<AppContext['config'], 'publicUrl'> },
  trx: Db,
  userId: number,
  terms: CouponTerms,
  actor: string,
) {
  const now = ctx.clock.now();
  for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
    const row = await repo.insertCoupon(trx, {
      code: newCode(ctx.random.int),
      user_id: userId,
      origin: terms.origin,
      catalogue_id: terms.catalogueId,
      title: terms.title,
      kind: terms.kind,
      value: terms.value,
      minimum_cents: terms.minimumCents,
      applies_to: terms.appliesTo,
      combinable: 0,
      points_cost: terms.pointsCost,
      issued_at: now.toISOString(),
      expires_at: new Date(now.getTime() + terms.validityDays * DAY_MS).toISOString(),
    });
    if (!row) continue;
    await repo.addEvent(trx, {
      coupon_id: row.id,
      action: 'issued',
      actor_id: null,
      actor_name: actor,
      detail: terms.origin === 'redeem' ? `Redeemed for ${terms.pointsCost} points` : `Yearly ${terms.origin} gift`,
      created_at: now.toISOString(),
    });
    await noticeCouponIssued(trx, row, ctx.config.publicUrl, now);
    return row;
  }
  throw new Error(`no free coupon code after ${CODE_TRIES} draws`);
}

/** A viewer's coupons, newest first: what rewarddetails shows. */
export function viewerCoupons(ctx: AppContext) {
  return async (userId: number): Promise<CouponView[]> => {
    const now = ctx.clock.now();
    return (await repo.ofUser(ctx.db, userId)).map((row) => couponView(row, now));
  };
}

export function createCouponService(ctx: AppContext, rewards: RewardsService) {
  const { db, clock } = ctx;

  async function staffView(row: CouponRow): Promise<StaffCoupon> {
    const owner = await repo.owner(db, row.user_id);
    return {
      ...couponView(row, clock.now()),
      user_id: row.user_id,
      owner_name: owner ? nameOf(owner) : '',
      owner_email: owner?.email ?? '',
      order_ref: row.order_ref,
      void_reason: row.void_reason,
      events: await repo.events(db, row.id),
    };
  }

  async function byCode(input: string): Promise<CouponRow> {
    const code = normalizeCode(input);
    const row = code ? await repo.byCode(db, code) : undefined;
    if (!row) throw notFound(MESSAGES.couponNotFound);
    return row;
  }

  /** Why a coupon cannot be used or voided now, as the 409 says it. */
  function refusal(row: CouponRow) {
    if (row.state === 'used') return conflict(MESSAGES.couponAlreadyUsed);
    if (row.state === 'void') return conflict(MESSAGES.couponAlreadyVoid);
    return conflict(MESSAGES.couponExpired);
  }

  return {
    /** couponcatalogue_v1: the active items, cheapest first. */
    async catalogue(): Promise<CatalogueItem[]> {
      return (await repo.catalogue(db, true)).map(itemView);
    },

    /**
     * couponredeem_v1: the coupon and its debit (source coupon:<id>) in one transaction, so points
     * are never spent without a coupon nor a coupon issued without its points; 409 when short.
     */
    async redeem(user: UserRow, catalogueId: number): Promise<CouponView> {
      // Read before the transaction: its first statement then writes, which on SQLite takes the
      // write lock at once (a read first would risk a stale snapshot that cannot be upgraded).
      const item = await repo.catalogueItem(db, catalogueId);
      if (!item || item.active !== 1) throw notFound(MESSAGES.couponItemUnknown);
      const row = await db.transaction().execute(async (trx) => {
        const coupon = await issueCoupon(
          ctx,
          trx,
          user.id,
          {
            origin: 'redeem',
            catalogueId: item.id,
            title: item.title,
            kind: item.kind,
            value: item.value,
            minimumCents: item.minimum_cents,
            appliesTo: item.applies_to,
            validityDays: item.validity_days,
            pointsCost: item.points_cost,
          },
          nameOf(user),
        );
        await rewards.debit(user.id, item.points_cost, 'redeem', `coupon:${coupon.id}`, { trx });
        return coupon;
      });
      return couponView(row, clock.now());
    },

    async staffCatalogue(): Promise<StaffCatalogueItem[]> {
      return (await repo.catalogue(db, false)).map(staffItemView);
    },

    async createItem(staff: UserRow, input: CreateCatalogueItem): Promise<StaffCatalogueItem> {
      const item = CreateSchema.parse(input);
      const now = clock.now().toISOString();
      const row = await repo.insertItem(db, {
        title: item.title,
        kind: item.kind,
        value: item.value,
        points_cost: item.points_cost,
        minimum_cents: item.minimum_cents,
        validity_days: item.validity_days,
        applies_to: item.applies_to,
        active: item.active ? 1 : 0,
        created_at: now,
        updated_at: now,
        updated_by: staff.id,
      });
      return staffItemView(row);
    },

    async updateItem(staff: UserRow, id: number, patch: UpdateCatalogueItem): Promise<StaffCatalogueItem> {
      const current = await repo.catalogueItem(db, id);
      if (!current) throw notFound(MESSAGES.couponItemUnknown);
      const kind = patch.kind ?? current.kind;
      const value = patch.value ?? current.value;
      const problem = valueProblem(kind, value);
      if (problem) throw badRequest(problem);
      const { active, ...fields } = patch;
      const row = await repo.updateItem(db, id, {
        ...fields,
        ...(active === undefined ? {} : { active: active ? 1 : 0 }),
        updated_at: clock.now().toISOString(),
        updated_by: staff.id,
      });
      if (!row) throw notFound(MESSAGES.couponItemUnknown);
      return staffItemView(row);
    },

    async lookup(code: string): Promise<StaffCoupon> {
      return staffView(await byCode(code));
    },

    /** Marks a coupon used on an order, once; a used, voided or expired coupon is a 409 saying which. */
    async use(staff: UserRow, code: string, orderRef: string): Promise<StaffCoupon> {
      const coupon = await byCode(code);
      const at = clock.now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const used = await repo.markUsed(trx, coupon.id, at, staff.id, orderRef);
        if (!used) return null;
        await repo.addEvent(trx, {
          coupon_id: used.id,
          action: 'used',
          actor_id: staff.id,
          actor_name: nameOf(staff),
          detail: `Order ${orderRef}`,
          created_at: at,
        });
        return used;
      });
      if (!row) throw refusal((await repo.byCode(db, coupon.code)) ?? coupon);
      return staffView(row);
    },

    /** Voids a coupon with a reason, once; a used or voided coupon is a 409. */
    async void(staff: UserRow, code: string, reason: string): Promise<StaffCoupon> {
      const coupon = await byCode(code);
      const at = clock.now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const voided = await repo.markVoid(trx, coupon.id, at, staff.id, reason);
        if (!voided) return null;
        await repo.addEvent(trx, {
          coupon_id: voided.id,
          action: 'void',
          actor_id: staff.id,
          actor_name: nameOf(staff),
          detail: reason,
          created_at: at,
        });
        return voided;
      });
      if (!row) throw refusal((await repo.byCode(db, coupon.code)) ?? coupon);
      return staffView(row);
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
