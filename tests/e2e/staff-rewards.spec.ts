// Journey: staff run the rewards screens. They change an earning rule and see it saved, add a
// catalogue item, find a viewer and add a correcting row that shows in the ledger with the chain
// still verifying, and at the coupon desk mark a viewer's coupon used and see it say so. axe-clean,
// at 1280 px and 375 px.
import type { APIRequestContext, Page } from '@playwright/test';
import type { CouponView, StaffCatalogueItem } from '../../src/shared/contract/coupons';
import type { AuthedUser } from '../../src/shared/contract/user';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { createStaff } from './support/staff';

// Each journey clicks through several screens and runs axe on each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A staff screen's code loads on its first visit; a busy machine can take a while to serve it. */
const FIRST_LOAD = 20_000;

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

async function loginAsStaff(page: Page, request: APIRequestContext): Promise<AuthedUser> {
  const staff = await createStaff(request);
  await signInAs(page, staff);
  return staff;
}

async function postAs<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { data, headers: { token } });
  expect(response.status(), await response.text()).toBe(200);
  const record: T | undefined = (await response.json()).data[0];
  if (!record) throw new Error(`${url} answered no record`);
  return record;
}

test('staff change an earning rule and add a catalogue item', async ({ page, request, shot }) => {
  await loginAsStaff(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Rewards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Earning rules' })).toBeVisible({ timeout: FIRST_LOAD });

  const points = page.getByLabel('Anniversary: points');
  await expect(points).toHaveValue('200');
  // A bad value is refused with the server's words under the field, and nothing is saved.
  await points.fill('0');
  await page.getByRole('button', { name: 'Save the rules' }).click();
  await expect(page.locator('#rule-anniversary-points-error')).toHaveText('points is a whole number from 1 to 10,000.');
  await expect(points).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the rules with an error');

  await points.fill('210');
  await page.getByRole('button', { name: 'Save the rules' }).click();
  await expect(page.getByText('Earning rules saved.')).toBeVisible();
  await shot('staff-rewards-rules');
  await page.reload();
  await expect(page.getByLabel('Anniversary: points')).toHaveValue('210');
  // Back to the default, so the other journeys earn as they expect.
  await page.getByLabel('Anniversary: points').fill('200');
  await page.getByRole('button', { name: 'Save the rules' }).click();
  await expect(page.getByText('Earning rules saved.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Rewards screens' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coupon catalogue' })).toBeVisible();
  await page.getByRole('button', { name: 'New catalogue item' }).click();
  const dialog = page.getByRole('dialog', { name: 'New catalogue item' });
  const title = `Sparkle ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Dollars off').fill('15');
  await dialog.getByLabel('Points it costs').fill('300');
  await dialog.getByLabel(/Minimum order in dollars/).fill('75');
  await dialog.getByLabel('Applies to').selectOption('show_jewelry');
  await expectAccessible(page, 'the catalogue form');
  await dialog.getByRole('button', { name: 'Add to the catalogue' }).click();
  await expect(page.getByText('Catalogue item saved.')).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText('$15 off for 300 points')).toBeVisible();
  await expect(card.getByText('For orders of $75 or more.')).toBeVisible();
  await expect(card.getByText('For show jewelry only: not auctions or loose gems.')).toBeVisible();
  await expectAccessible(page, 'the catalogue');
  await shot('staff-rewards-catalogue');
});

test('staff find a viewer and add a correcting row that shows in the ledger', async ({ page, request, shot }) => {
  const { viewer } = await registerViewer(request);
  await loginAsStaff(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/staff/rewards/points');
  await expect(page.getByRole('heading', { level: 1, name: 'Viewer points' })).toBeVisible({ timeout: FIRST_LOAD });
  await expect(page.getByText('Ledger rows can only be added. Nobody can edit or delete a row')).toHaveCount(0);

  await page.getByLabel("Viewer's e-mail").fill(viewer.email.toUpperCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { name: `${viewer.first_name} ${viewer.last_name}` })).toBeVisible();
  await expect(page.getByText('No rows yet')).toBeVisible();
  await expect(
    page.getByText('Ledger rows can only be added. Nobody can edit or delete a row, staff included.'),
  ).toBeVisible();

  await page.getByLabel('Points', { exact: true }).fill('120');
  await page.getByLabel('Reason').fill('Missed check-in on Tuesday');
  await page.getByRole('button', { name: 'Add the row' }).click();
  await expect(page.getByText('Correcting row added to the ledger.')).toBeVisible();
  const ledger = page.getByRole('table', { name: `Ledger rows of ${viewer.email}` });
  const row = ledger.getByRole('row').filter({ hasText: 'Missed check-in on Tuesday' });
  await expect(row).toContainText('+120');
  await expect(row).toContainText('Correction by our team');
  await expect(row).toContainText('Added by');
  await expect(page.getByText(/Chain verified on this screen: 1 row/)).toBeVisible();
  await expect(page.locator('dl').getByText('120 points', { exact: true })).toBeVisible();

  // A second row takes some back; the chain still verifies with both.
  await page.getByLabel('Points', { exact: true }).fill('-20');
  await page.getByLabel('Reason').fill('Counted one show twice');
  await page.getByRole('button', { name: 'Add the row' }).click();
  await expect(ledger.getByRole('row').filter({ hasText: 'Counted one show twice' })).toContainText('-20');
  await expect(page.getByText(/Chain verified on this screen: 2 rows/)).toBeVisible();
  await expectAccessible(page, 'the viewer points screen');
  await shot('staff-rewards-points');

  // Too much taken back is refused with the reason, and nothing is added.
  await page.getByLabel('Points', { exact: true }).fill('-500');
  await page.getByLabel('Reason').fill('Too much');
  await page.getByRole('button', { name: 'Add the row' }).click();
  await expect(page.getByRole('alert')).toHaveText('You do not have enough points for that.');
  await expect(ledger.getByRole('row')).toHaveCount(3);

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the viewer points screen at 375 px');
  await shot('staff-rewards-points-375');
});

test('staff look up a viewer’s coupon and mark it used', async ({ page, request, shot }) => {
  const staff = await createStaff(request);
  const { user: viewer } = await registerViewer(request);
  const item = await postAs<StaffCatalogueItem>(request, staff.tokenvalue, '/api/staff/rewards/catalogue', {
    title: 'Ten dollars off',
    kind: 'amount_off',
    value: 1000,
    points_cost: 100,
  });
  await postAs(request, staff.tokenvalue, '/api/staff/rewards/adjust', {
    user_id: viewer.id,
    points: 100,
    note: 'Points for the coupon journey',
    key: `journey-${Date.now()}`,
  });
  const coupon = await postAs<CouponView>(request, viewer.tokenvalue, '/api/couponredeem_v1', {
    catalogue_id: item.id,
  });

  await signInAs(page, staff);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/staff/rewards/coupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Coupon desk' })).toBeVisible({ timeout: FIRST_LOAD });
  await page.getByLabel('Coupon code').fill(coupon.code.replaceAll('-', ' ').toLowerCase());
  await page.getByRole('button', { name: 'Look up' }).click();
  const card = page.getByRole('region', { name: `${coupon.code} · Ten dollars off` });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('$10 off.')).toBeVisible();
  await expect(card.getByText(/Redeemed for 100 points/)).toBeVisible();
  await expectAccessible(page, 'the coupon desk');
  await expectNoSidewaysScroll(page);
  await shot('staff-rewards-coupon-375');

  await card.getByRole('button', { name: 'Mark used' }).click();
  await expect(card.getByText('Enter the order number the coupon was used on.')).toBeVisible();
  await card.getByLabel('Order number').fill('GC-10442');
  await card.getByRole('button', { name: 'Mark used' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark this coupon used?' });
  await expect(confirm).toContainText('GC-10442');
  await confirm.getByRole('button', { name: 'Yes, mark it used' }).click();
  await expect(page.getByText('Coupon marked as used.')).toBeVisible();
  await expect(card.getByText('Used', { exact: true })).toBeVisible();
  await expect(card.getByText(/This coupon was used .* for order GC-10442\. It cannot be used again\./)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark used' })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, 'a used coupon');
  await shot('staff-rewards-coupon-used');
});
