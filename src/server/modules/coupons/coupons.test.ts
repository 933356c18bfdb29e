import { describe, expect, it } from 'vitest';
import type { CatalogueItem, CouponView, StaffCatalogueItem, StaffCoupon } from '../../../shared/contract/coupons';
import type { RewardDetails } from '../../../shared/contract/rewards';
import { CODE_ALPHABET, CODE_LENGTH, normalizeCode } from '../../../shared/coupons';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { createRewardsService } from '../rewards/rewards.service';
import { createCouponService } from './coupons.service';

const DAY_MS = 24 * 60 * 60_000;

const catalogueItem = {
  title: '$10 off your next order',
  kind: 'amount_off',
  value: 1000,
  points_cost: 400,
} as const;

async function addItem(t: TestApp, staffToken: string, fields: Record<string, unknown> = {}) {
  const res = await t.post<StaffCatalogueItem>(
    '/api/staff/rewards/catalogue',
    { ...catalogueItem, ...fields },
    { token: staffToken },
  );
  expect(res.http, JSON.stringify(res.body)).toBe(200);
  const item = res.body.data[0];
  if (!item) throw new Error('no catalogue item');
  return item;
}

async function redeem(t: TestApp, token: string, catalogueId: number) {
  return t.post<CouponView>('/api/couponredeem_v1', { catalogue_id: catalogueId }, { token });
}

async function details(t: TestApp, token: string) {
  const res = await t.get<RewardDetails>('/api/rewarddetails', { token });
  expect(res.http, JSON.stringify(res.body)).toBe(200);
  const record = res.body.data[0];
  if (!record) throw new Error('no rewarddetails record');
  return record;
}

const credit = (t: TestApp, userId: number, points: number, source = 'contest:1') =>
  createRewardsService(t.app.ctx).credit(userId, points, 'contest', source);

/** Every row a redemption can write, to show a refused one changed nothing. */
const couponState = async (t: TestApp) => ({
  coupons: await t.db.selectFrom('coupons').selectAll().orderBy('id').execute(),
  events: await t.db.selectFrom('coupon_events').selectAll().orderBy('id').execute(),
  ledger: await t.db.selectFrom('reward_ledger').selectAll().orderBy('id').execute(),
  catalogue: await t.db.selectFrom('coupon_catalogue').selectAll().orderBy('id').execute(),
});

describeEachEngine('coupons', (t) => {
  it('redeems points for a coupon: one debit with source coupon:<id>, the rules on the coupon, and rewarddetails lists it', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const item = await addItem(t(), staff.tokenvalue);
    await credit(t(), viewer.id, 500);

    const res = await redeem(t(), viewer.tokenvalue, item.id);
    expect(res.http, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Here is your coupon. Use it before it expires!');
    const coupon = res.body.data[0];
    expect(coupon).toMatchObject({
      origin: 'redeem',
      title: '$10 off your next order',
      kind: 'amount_off',
      value: 1000,
      minimum_cents: null,
      applies_to: 'all',
      combinable: false,
      points_cost: 400,
      state: 'active',
      issued_at: '2026-06-15T18:00:00.000Z',
      expires_at: '2026-06-29T18:00:00.000Z',
      rules: [
        '$10 off.',
        'Valid until Jun 29, 2026, 11:00 AM PDT.',
        'No minimum purchase.',
        'For anything you buy from us.',
        'Cannot be combined with other coupons.',
      ],
    });
    expect(coupon?.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{5}$/);

    const ledger = await t().db.selectFrom('reward_ledger').selectAll().where('user_id', '=', viewer.id).execute();
    expect(ledger.map((r) => [r.points, r.reason, r.source_id])).toEqual([
      [500, 'contest', 'contest:1'],
      [-400, 'redeem', `coupon:${coupon?.id}`],
    ]);
    const record = await details(t(), viewer.tokenvalue);
    expect(record.balance).toBe(100);
    expect(record.coupons).toEqual([coupon]);
    // Another viewer sees none of it.
    expect((await details(t(), (await t().createViewer()).tokenvalue)).coupons).toEqual([]);
  });

  it('refuses a redemption the balance does not cover with a 409, and changes nothing', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const item = await addItem(t(), staff.tokenvalue);
    await credit(t(), viewer.id, 399);
    const before = await couponState(t());
    const res = await redeem(t(), viewer.tokenvalue, item.id);
    expect([res.http, res.body.status, res.body.message, res.body.data]).toEqual([
      409,
      0,
      'You do not have enough points for that.',
      [],
    ]);
    expect(await couponState(t())).toEqual(before);
  });

  it('gives exactly one coupon for 20 concurrent redemptions against a balance that covers one', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const item = await addItem(t(), staff.tokenvalue);
    await credit(t(), viewer.id, 700);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(t(), viewer.tokenvalue, item.id)));
    expect(answers.filter((a) => a.http === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.http === 409)).toHaveLength(19);
    expect(await t().db.selectFrom('coupons').selectAll().execute()).toHaveLength(1);
    const record = await details(t(), viewer.tokenvalue);
    expect(record.balance).toBe(300);
    expect(record.coupons).toHaveLength(1);
    const debits = await t().db.selectFrom('reward_ledger').selectAll().where('points', '<', 0).execute();
    expect(debits).toHaveLength(1);
  });

  it('refuses an unknown or inactive item with 404, bad input with 400, and a visitor with 401, changing nothing', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const item = await addItem(t(), staff.tokenvalue, { active: false });
    await credit(t(), viewer.id, 1000);
    const before = await couponState(t());
    for (const id of [item.id, 9999]) {
      const res = await redeem(t(), viewer.tokenvalue, id);
      expect([res.http, res.body.message]).toEqual([404, 'That coupon is not on offer any more.']);
    }
    for (const body of [{}, { catalogue_id: '1' }, { catalogue_id: 0 }, { catalogue_id: 1.5 }]) {
      const res = await t().post('/api/couponredeem_v1', body, { token: viewer.tokenvalue });
      expect([res.http, res.body.status, res.body.message], JSON.stringify(body)).toEqual([
        400,
        -1,
        'catalogue_id is a number.',
      ]);
    }
    expect((await t().post('/api/couponredeem_v1', { catalogue_id: item.id })).http).toBe(401);
    expect((await t().post('/api/couponredeem_v1', { catalogue_id: item.id }, { token: 'nope' })).http).toBe(401);
    expect(await couponState(t())).toEqual(before);
  });

  it('draws codes of 13 unambiguous characters from the CSPRNG and draws again when a code is taken', async () => {
    const viewer = await t().createViewer();
    const staff = await t().createStaff();
    const item = await addItem(t(), staff.tokenvalue, { points_cost: 10 });
    await credit(t(), viewer.id, 100);
    const ctx = t().app.ctx;
    // The first two coupons both draw 'A' thirteen times; the second then draws again.
    let draws = 0;
    const scripted = { ...ctx.random, int: (max: number) => (draws++ % 26 < 13 ? 0 : ctx.random.int(max)) };
    const coupons = createCouponService({ ...ctx, random: scripted }, createRewardsService(ctx));
    const user = await t().db.selectFrom('users').selectAll().where('id', '=', viewer.id).executeTakeFirstOrThrow();
    const first = await coupons.redeem(user, item.id);
    draws = 0;
    const second = await coupons.redeem(user, item.id);
    expect(first.code).toBe('AAAA-AAAA-AAAAA');
    expect(second.code).not.toBe(first.code);
    const stored = await t().db.selectFrom('coupons').select('code').execute();
    expect(stored).toHaveLength(2);
    for (const { code } of stored) {
      expect(code).toHaveLength(CODE_LENGTH);
      expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    }
    // Two coupons, two debits, 20 points.
    expect((await details(t(), viewer.tokenvalue)).balance).toBe(80);
  });

  it('lists only active items in couponcatalogue_v1, to anyone, cheapest first, with their rules in words', async () => {
    const staff = await t().createStaff();
    await addItem(t(), staff.tokenvalue, { title: 'Big', points_cost: 900 });
    await addItem(t(), staff.tokenvalue, {
      title: 'Ship free',
      kind: 'free_shipping',
      value: 0,
      points_cost: 150,
      minimum_cents: 5000,
    });
    await addItem(t(), staff.tokenvalue, { title: 'Hidden', points_cost: 10, active: false });
    const res = await t().get<CatalogueItem>('/api/couponcatalogue_v1');
    expect(res.http).toBe(200);
    expect(res.body.data.map((i) => i.title)).toEqual(['Ship free', 'Big']);
    expect(res.body.data[0]?.rules).toEqual([
      'Free shipping.',
      'Valid for two weeks from the day you get it.',
      'For orders of $50 or more.',
      'For anything you buy from us.',
      'Cannot be combined with other coupons.',
    ]);
    const viewer = await t().createViewer();
    expect((await t().get('/api/couponcatalogue_v1', { token: viewer.tokenvalue })).body.data).toHaveLength(2);
  });

  it('lets staff create, list and change catalogue items; issued coupons keep their rules', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const item = await addItem(t(), staff.tokenvalue, { validity_days: 30, applies_to: 'show_jewelry' });
    expect(item).toMatchObject({ active: true, validity_days: 30, applies_to: 'show_jewelry', minimum_cents: null });
    await credit(t(), viewer.id, 400);
    const coupon = (await redeem(t(), viewer.tokenvalue, item.id)).body.data[0];

    const changed = await t().post<StaffCatalogueItem>(
      `/api/staff/rewards/catalogue/${item.id}`,
      { kind: 'percent_off', value: 20, active: false },
      { token: staff.tokenvalue },
    );
    expect(changed.http, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data[0]).toMatchObject({ kind: 'percent_off', value: 20, active: false, title: item.title });
    const list = await t().get<StaffCatalogueItem>('/api/staff/rewards/catalogue', { token: staff.tokenvalue });
    expect(list.body.data.map((i) => [i.id, i.active])).toEqual([[item.id, false]]);
    expect((await details(t(), viewer.tokenvalue)).coupons).toEqual([coupon]);
    expect(coupon?.rules).toContain('For show jewelry only: not auctions or loose gems.');
  });

  it('refuses bad catalogue input with 400 and changes nothing; viewers 403, visitors 401 on every staff call', async () => {
    const staff = await t().createStaff();
    const item = await addItem(t(), staff.tokenvalue);
    const before = await couponState(t());
    const bad: [Record<string, unknown>, string][] = [
      [{ ...catalogueItem, title: '' }, 'Give the coupon a title of up to 80 characters.'],
      [{ ...catalogueItem, kind: 'half_price' }, 'kind is amount_off, percent_off or free_shipping.'],
      [{ ...catalogueItem, points_cost: 0 }, 'points_cost is a whole number from 1 to 100,000.'],
      [{ ...catalogueItem, kind: 'percent_off', value: 95 }, 'A percent off is from 1 to 90.'],
      [{ ...catalogueItem, validity_days: 0 }, 'validity_days is a whole number from 1 to 365.'],
      [{ ...catalogueItem, applies_to: 'auctions' }, 'applies_to is all or show_jewelry.'],
    ];
    for (const [body, message] of bad) {
      const res = await t().post('/api/staff/rewards/catalogue', body, { token: staff.tokenvalue });
      expect([res.http, res.body.status, res.body.message], message).toEqual([400, -1, message]);
    }
    // A change that leaves kind and value at odds with each other, checked against the stored item.
    const odd = await t().post(
      `/api/staff/rewards/catalogue/${item.id}`,
      { kind: 'free_shipping' },
      { token: staff.tokenvalue },
    );
    expect([odd.http, odd.body.message]).toEqual([400, 'Free shipping has value 0.']);
    const missing = await t().post('/api/staff/rewards/catalogue/999', { title: 'X' }, { token: staff.tokenvalue });
    expect(missing.http).toBe(404);
    expect(await couponState(t())).toEqual(before);

    const viewer = await t().createViewer();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/staff/rewards/catalogue', undefined],
      ['POST', '/api/staff/rewards/catalogue', catalogueItem],
      ['POST', `/api/staff/rewards/catalogue/${item.id}`, { title: 'Y' }],
      ['GET', '/api/staff/rewards/coupons?code=AAAA-AAAA-AAAAA', undefined],
      ['POST', '/api/staff/rewards/coupons/use', { code: 'AAAA-AAAA-AAAAA', order_ref: '1' }],
      ['POST', '/api/staff/rewards/coupons/void', { code: 'AAAA-AAAA-AAAAA', reason: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      const send = (token?: string) =>
        method === 'GET' ? t().get(url, { token }) : t().post(url, body, token ? { token } : {});
      expect((await send(viewer.tokenvalue)).http, url).toBe(403);
      expect((await send()).http, url).toBe(401);
    }
    expect(await couponState(t())).toEqual(before);
  });

  it('lets staff look a code up in any case and spacing, mark it used once, and logs who did it', async () => {
    const staff = await t().createStaff({ first_name: 'Sam', last_name: 'Staff' });
    const viewer = await t().createViewer({ first_name: 'Vera', last_name: 'Viewer' });
    const item = await addItem(t(), staff.tokenvalue);
    await credit(t(), viewer.id, 400);
    const coupon = (await redeem(t(), viewer.tokenvalue, item.id)).body.data[0];
    if (!coupon) throw new Error('no coupon');
    const typed = ` ${coupon.code.toLowerCase().replaceAll('-', ' ')} `;
    expect(normalizeCode(typed)).toBe(coupon.code.replaceAll('-', ''));

    const found = await t().get<StaffCoupon>('/api/staff/rewards/coupons', {
      token: staff.tokenvalue,
      query: { code: typed },
    });
    expect(found.http, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data[0]).toMatchObject({
      id: coupon.id,
      state: 'active',
      owner_name: 'Vera Viewer',
      owner_email: viewer.email,
      events: [{ action: 'issued', actor_name: 'Vera Viewer', detail: 'Redeemed for 400 points' }],
    });

    t().clock.advance(60_000);
    const used = await t().post<StaffCoupon>(
      '/api/staff/rewards/coupons/use',
      { code: coupon.code, order_ref: 'ORD-1001' },
      { token: staff.tokenvalue },
    );
    expect(used.http, JSON.stringify(used.body)).toBe(200);
    expect(used.body.data[0]).toMatchObject({
      state: 'used',
      order_ref: 'ORD-1001',
      used_at: '2026-06-15T18:01:00.000Z',
      events: [
        { action: 'issued' },
        { action: 'used', actor_name: 'Sam Staff', detail: 'Order ORD-1001', created_at: '2026-06-15T18:01:00.000Z' },
      ],
    });
    const again = await t().post(
      '/api/staff/rewards/coupons/use',
      { code: coupon.code, order_ref: 'ORD-1002' },
      { token: staff.tokenvalue },
    );
    expect([again.http, again.body.message]).toEqual([409, 'This coupon has already been used.']);
    const voidUsed = await t().post(
      '/api/staff/rewards/coupons/void',
      { code: coupon.code, reason: 'Too late' },
      { token: staff.tokenvalue },
    );
    expect([voidUsed.http, voidUsed.body.message]).toEqual([409, 'This coupon has already been used.']);
    expect((await details(t(), viewer.tokenvalue)).coupons[0]).toMatchObject({ state: 'used' });
    const row = await t().db.selectFrom('coupons').selectAll().executeTakeFirstOrThrow();
    expect([row.order_ref, row.used_by]).toEqual(['ORD-1001', staff.id]);
  });

  it('voids a coupon with a reason; a voided or expired coupon says so when used', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const item = await addItem(t(), staff.tokenvalue, { points_cost: 100 });
    await credit(t(), viewer.id, 400);
    const first = (await redeem(t(), viewer.tokenvalue, item.id)).body.data[0];
    const second = (await redeem(t(), viewer.tokenvalue, item.id)).body.data[0];
    if (!first || !second) throw new Error('no coupons');

    const voided = await t().post<StaffCoupon>(
      '/api/staff/rewards/coupons/void',
      { code: first.code, reason: 'Issued in error' },
      { token: staff.tokenvalue },
    );
    expect(voided.http).toBe(200);
    expect(voided.body.data[0]).toMatchObject({ state: 'void', void_reason: 'Issued in error' });
    expect(voided.body.data[0]?.events.map((e) => [e.action, e.detail])).toEqual([
      ['issued', 'Redeemed for 100 points'],
      ['void', 'Issued in error'],
    ]);
    const useVoid = await t().post(
      '/api/staff/rewards/coupons/use',
      { code: first.code, order_ref: 'ORD-1' },
      { token: staff.tokenvalue },
    );
    expect([useVoid.http, useVoid.body.message]).toEqual([409, 'This coupon was voided and cannot be used.']);

    // Two weeks on, the other coupon reads expired and cannot be used.
    t().clock.advance(14 * DAY_MS);
    await t().passSecondFactor(staff.id); // staff rights last 12 hours after the second factor
    const record = await details(t(), viewer.tokenvalue);
    expect(record.coupons.map((c) => [c.id, c.state])).toEqual([
      [second.id, 'expired'],
      [first.id, 'void'],
    ]);
    const useExpired = await t().post(
      '/api/staff/rewards/coupons/use',
      { code: second.code, order_ref: 'ORD-2' },
      { token: staff.tokenvalue },
    );
    expect([useExpired.http, useExpired.body.message]).toEqual([409, 'This coupon has expired.']);
    const lookup = await t().get<StaffCoupon>('/api/staff/rewards/coupons', {
      token: staff.tokenvalue,
      query: { code: second.code },
    });
    expect(lookup.body.data[0]?.state).toBe('expired');
  });

  it('answers an unknown code with 404 and missing fields with 400, changing nothing', async () => {
    const staff = await t().createStaff();
    const before = await couponState(t());
    for (const code of ['AAAA-AAAA-AAAAA', 'not a code', '0000-1111-IIIII']) {
      const res = await t().get('/api/staff/rewards/coupons', { token: staff.tokenvalue, query: { code } });
      expect([res.http, res.body.message], code).toEqual([404, 'No coupon has that code. Check it and try again.']);
    }
    const noCode = await t().get('/api/staff/rewards/coupons', { token: staff.tokenvalue });
    expect([noCode.http, noCode.body.message]).toEqual([400, 'code is the coupon code, e.g. ABCD-EFGH-JKMNP.']);
    const noOrder = await t().post(
      '/api/staff/rewards/coupons/use',
      { code: 'AAAA-AAAA-AAAAA', order_ref: ' ' },
      { token: staff.tokenvalue },
    );
    expect([noOrder.http, noOrder.body.message]).toEqual([400, 'order_ref is the order number, up to 60 characters.']);
    const noReason = await t().post(
      '/api/staff/rewards/coupons/void',
      { code: 'AAAA-AAAA-AAAAA' },
      { token: staff.tokenvalue },
    );
    expect([noReason.http, noReason.body.message]).toEqual([
      400,
      'Say why the coupon is voided, in up to 200 characters.',
    ]);
    expect(await couponState(t())).toEqual(before);
  });
});

describe('coupon codes', () => {
  it('come from a 31-character alphabet without 0, O, 1, I or L, 13 long: over 60 bits', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(31);
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(CODE_LENGTH * Math.log2(CODE_ALPHABET.length)).toBeGreaterThan(64);
  });
});
