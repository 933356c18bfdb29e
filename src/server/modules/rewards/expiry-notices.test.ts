// Coupon and points notices (decision 070): a new coupon is told in the transaction that issued it
// (and not when it rolled back); the expiry job at a fixed clock tells each coupon and each expiry
// day once, never for spent points or a used coupon.
import { expect, it } from 'vitest';
import type { CouponView, StaffCatalogueItem } from '../../../shared/contract/coupons';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { issueYearlyCoupons } from '../coupons/yearly-coupons';
import { noticeExpiringCoupons, noticeExpiringPoints } from './expiry-notices';
import { createRewardsService } from './rewards.service';

const DAY_MS = 24 * 60 * 60_000;

const notices = (t: TestApp) =>
  t.db
    .selectFrom('notifications')
    .select(['user_id', 'kind', 'subject', 'title', 'body', 'url'])
    .orderBy('id')
    .execute();

const credit = (t: TestApp, userId: number, points: number, source: string) =>
  createRewardsService(t.app.ctx).credit(userId, points, 'contest', source);

async function catalogueItem(t: TestApp, pointsCost = 400) {
  const staff = await t.createStaff();
  const res = await t.post<StaffCatalogueItem>(
    '/api/staff/rewards/catalogue',
    { title: '$10 off your next order', kind: 'amount_off', value: 1000, points_cost: pointsCost },
    { token: staff.tokenvalue },
  );
  expect(res.http).toBe(200);
  return res.body.data[0]?.id ?? 0;
}

const redeem = (t: TestApp, token: string, catalogueId: number) =>
  t.post<CouponView>('/api/couponredeem_v1', { catalogue_id: catalogueId }, { token });

describeEachEngine('coupon and points notices', (t) => {
  it('tells the viewer of a redeemed coupon once, with its value, and nothing for a refused redemption', async () => {
    const item = await catalogueItem(t());
    const viewer = await t().createViewer();
    await credit(t(), viewer.id, 500, 'contest:1');
    const res = await redeem(t(), viewer.tokenvalue, item);
    expect(res.http).toBe(200);
    const coupon = res.body.data[0];
    expect(await notices(t())).toEqual([
      {
        user_id: viewer.id,
        kind: 'coupon_issued',
        subject: `coupon:${coupon?.id}`,
        title: 'Your new coupon: $10 off',
        body: '"$10 off your next order" is in your rewards, valid until Monday, June 29, 2026 at 11:00 AM PDT.',
        url: `${t().config.publicUrl}/rewards`,
      },
    ]);

    // 100 points left: the next redemption is refused, its transaction rolls back, no notice stays.
    const refused = await redeem(t(), viewer.tokenvalue, item);
    expect(refused.http).toBe(409);
    expect(await notices(t())).toHaveLength(1);
    // Its deliveries, and no others (which channels besides e-mail is the preferences' business).
    const deliveries = await t()
      .db.selectFrom('notification_deliveries')
      .select(['notification_id', 'channel'])
      .execute();
    expect(new Set(deliveries.map((d) => d.notification_id)).size).toBe(1);
    expect(deliveries.map((d) => d.channel)).toContain('email');
  });

  it('tells the viewer of a birthday coupon when the yearly job issues it', async () => {
    const viewer = await t().createViewer({ birthday: '1990-06-15' });
    expect(await issueYearlyCoupons(t().app.ctx)).toBe(1);
    const [coupon] = await t().db.selectFrom('coupons').select(['id']).execute();
    expect(await notices(t())).toMatchObject([
      {
        user_id: viewer.id,
        kind: 'coupon_issued',
        subject: `coupon:${coupon?.id}`,
        title: 'A birthday coupon for you: 15% off',
      },
    ]);
  });

  it('reminds of an unused coupon once, three days before it runs out, and never of a used one', async () => {
    const item = await catalogueItem(t(), 100);
    const viewer = await t().createViewer();
    await credit(t(), viewer.id, 200, 'contest:1');
    const kept = (await redeem(t(), viewer.tokenvalue, item)).body.data[0];
    const used = (await redeem(t(), viewer.tokenvalue, item)).body.data[0];
    await t()
      .db.updateTable('coupons')
      .set({ state: 'used' })
      .where('id', '=', used?.id ?? 0)
      .execute();
    const expiring = () => notices(t()).then((rows) => rows.filter((n) => n.kind === 'coupon_expiring'));

    // Issued today for 14 days: nothing is due until 11 days on.
    t().clock.advance(10 * DAY_MS);
    expect(await noticeExpiringCoupons(t().app.ctx)).toBe(0);
    t().clock.advance(DAY_MS);
    expect(await noticeExpiringCoupons(t().app.ctx)).toBe(1);
    t().clock.advance(DAY_MS);
    expect(await noticeExpiringCoupons(t().app.ctx)).toBe(0);
    expect(await expiring()).toEqual([
      {
        user_id: viewer.id,
        kind: 'coupon_expiring',
        subject: `coupon:${kept?.id}`,
        title: 'Your coupon runs out soon: $10 off',
        body: '"$10 off your next order" has not been used yet and expires on Monday, June 29, 2026 at 11:00 AM PDT.',
        url: `${t().config.publicUrl}/rewards`,
      },
    ]);
    // Expired: not reminded again.
    t().clock.advance(3 * DAY_MS);
    expect(await noticeExpiringCoupons(t().app.ctx)).toBe(0);
  });

  it('tells a viewer once per expiry day, a week ahead, of the points left unspent', async () => {
    const [spender, saver] = [await t().createViewer(), await t().createViewer()];
    await credit(t(), saver.id, 300, 'contest:1');
    await credit(t(), saver.id, 200, 'contest:2');
    await credit(t(), spender.id, 400, 'contest:3');
    // The spender spends it all; the saver keeps theirs.
    const item = await catalogueItem(t(), 400);
    expect((await redeem(t(), spender.tokenvalue, item)).http).toBe(200);
    const issued = (await notices(t())).length;
    // A later credit of the saver, two days on, expires on another day.
    t().clock.advance(2 * DAY_MS);
    await credit(t(), saver.id, 50, 'contest:4');

    // Earned 2026-06-15 18:00 UTC: they expire 2027-06-15; a week before is 2027-06-08.
    t().clock.set(new Date('2027-06-08T17:00:00Z'));
    expect(await noticeExpiringPoints(t().app.ctx)).toBe(0);
    t().clock.set(new Date('2027-06-08T19:00:00Z'));
    expect(await noticeExpiringPoints(t().app.ctx)).toBe(1);
    expect(await noticeExpiringPoints(t().app.ctx)).toBe(0);
    const points = (await notices(t())).slice(issued);
    expect(points).toEqual([
      {
        user_id: saver.id,
        kind: 'points_expiring',
        subject: 'points:2027-06-15',
        title: '500 points expire on Tuesday, June 15',
        body: 'Use them before they run out: redeem them for a coupon on your rewards page.',
        url: `${t().config.publicUrl}/rewards`,
      },
    ]);
    // After the first day has passed, the next expiry day is told once too.
    t().clock.set(new Date('2027-06-16T12:00:00Z'));
    expect(await noticeExpiringPoints(t().app.ctx)).toBe(1);
    expect(await noticeExpiringPoints(t().app.ctx)).toBe(0);
    expect((await notices(t())).slice(issued).map((n) => [n.subject, n.title])).toEqual([
      ['points:2027-06-15', '500 points expire on Tuesday, June 15'],
      ['points:2027-06-17', '50 points expire on Thursday, June 17'],
    ]);
  });
});
