// SQL for coupons (migration 017): the catalogue, issued coupons, their audit trail and the yearly
// gifts' claims. Every "once" is a constraint: a unique code, one claim per viewer, kind and year.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CouponCatalogueTable, CouponEventsTable, CouponsTable } from '../../db/schema';

/** Enough ids per statement to stay far under either engine's limit on parameters. */
const ID_CHUNK = 500;

export const couponsRepository = {
  catalogue: (db: Db, onlyActive: boolean) => {
    let query = db.selectFrom('coupon_catalogue').selectAll();
    if (onlyActive) query = query.where('active', '=', 1);
    return query.orderBy('points_cost').orderBy('id').execute();
  },

  catalogueItem: (db: Db, id: number) =>
    db.selectFrom('coupon_catalogue').selectAll().where('id', '=', id).executeTakeFirst(),

  insertItem: (db: Db, item: Insertable<CouponCatalogueTable>) =>
    db.insertInto('coupon_catalogue').values(item).returningAll().executeTakeFirstOrThrow(),

  updateItem: (db: Db, id: number, patch: Updateable<CouponCatalogueTable>) =>
    db.updateTable('coupon_catalogue').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),

  /** Inserts a coupon; undefined when its code is taken (the caller draws another). */
  insertCoupon: (db: Db, coupon: Insertable<CouponsTable>) =>
    db
      .insertInto('coupons')
      .values(coupon)
      .onConflict((oc) => oc.column('code').doNothing())
      .returningAll()
      .executeTakeFirst(),

  /** Active coupons that run out after `fromIso` and by `toIso`, soonest first (the expiry notices). */
  expiringBetween: (db: Db, fromIso: string, toIso: string) =>
    db
      .selectFrom('coupons')
      .selectAll()
      .where('state', '=', 'active')
      .where('expires_at', '>', fromIso)
      .where('expires_at', '<=', toIso)
      .orderBy('expires_at')
      .orderBy('id')
      .execute(),

  /** Of these 'coupon:<id>' subjects, those already reminded of (so the hourly pass skips them). */
  remindedSubjects: async (db: Db, subjects: string[]): Promise<Set<string>> => {
    const found = new Set<string>();
    for (let start = 0; start < subjects.length; start += ID_CHUNK) {
      const rows = await db
        .selectFrom('notifications')
        .select('subject')
        .distinct()
        .where('kind', '=', 'coupon_expiring')
        .where('subject', 'in', subjects.slice(start, start + ID_CHUNK))
        .execute();
      for (const row of rows) found.add(row.subject);
    }
    return found;
  },

  byCode: (db: Db, code: string) => db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst(),

  ofUser: (db: Db, userId: number) =>
    db.selectFrom('coupons').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute(),

  /** Marks an active, unexpired coupon used; undefined when it was not (used, void or expired). */
  markUsed: (db: Db, id: number, at: string, staffId: number, orderRef: string) =>
    db
      .updateTable('coupons')
      .set({ state: 'used', used_at: at, used_by: staffId, order_ref: orderRef })
      .where('id', '=', id)
      .where('state', '=', 'active')
      .where('expires_at', '>', at)
      .returningAll()
      .executeTakeFirst(),

  /** Voids a coupon not yet used or voided (an expired one too, so it reads void); undefined otherwise. */
  markVoid: (db: Db, id: number, at: string, staffId: number, reason: string) =>
    db
      .updateTable('coupons')
      .set({ state: 'void', voided_at: at, voided_by: staffId, void_reason: reason })
      .where('id', '=', id)
      .where('state', '=', 'active')
      .returningAll()
      .executeTakeFirst(),

  addEvent: (db: Db, event: Insertable<CouponEventsTable>) => db.insertInto('coupon_events').values(event).execute(),

  events: (db: Db, couponId: number) =>
    db
      .selectFrom('coupon_events')
      .select(['action', 'actor_name', 'detail', 'created_at'])
      .where('coupon_id', '=', couponId)
      .orderBy('id')
      .execute(),

  owner: (db: Db, userId: number) =>
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', '=', userId)
      .executeTakeFirst(),

  /** Active viewers whose date (birthday or anniversary) falls on one of these 'MM-DD' days. */
  withDateOn: (db: Db, field: 'birthday' | 'anniversary', monthDays: string[]) =>
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', `${field} as date`])
      .where('isactive', '=', 1)
      .where(field, 'is not', null)
      .where((eb) => eb(eb.fn('substr', [eb.ref(field), eb.val(6), eb.val(5)]), 'in', monthDays))
      .execute(),

  /** The claims these viewers already hold for a kind, in these years. */
  async claimsOf(db: Db, kind: 'birthday' | 'anniversary', userIds: number[], years: number[]) {
    const rows: { user_id: number; year: number }[] = [];
    for (let at = 0; at < userIds.length; at += ID_CHUNK) {
      rows.push(
        ...(await db
          .selectFrom('coupon_yearly_claims')
          .select(['user_id', 'year'])
          .where('kind', '=', kind)
          .where('user_id', 'in', userIds.slice(at, at + ID_CHUNK))
          .where('year', 'in', years)
          .execute()),
      );
    }
    return rows;
  },

  /** Claims a yearly gift; false when it was claimed already (by another process, or before). */
  claimYearly: async (db: Db, userId: number, kind: 'birthday' | 'anniversary', year: number, at: string) =>
    (await db
      .insertInto('coupon_yearly_claims')
      .values({ user_id: userId, kind, year, coupon_id: null, claimed_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'year']).doNothing())
      .returning('user_id')
      .executeTakeFirst()) !== undefined,

  setClaimCoupon: (db: Db, userId: number, kind: 'birthday' | 'anniversary', year: number, couponId: number) =>
    db
      .updateTable('coupon_yearly_claims')
      .set({ coupon_id: couponId })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('year', '=', year)
      .execute(),
};
