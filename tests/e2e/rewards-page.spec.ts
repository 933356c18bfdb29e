// Journey: /rewards (issue 16, decision 059). A visitor sees how points work and is invited to log in.
// A viewer who earned points by RSVPing sees their balance, tier and next expiry, redeems a coupon
// through the confirm dialog, copies its code, sees a refusal in the dialog when their points are
// gone, follows the ledger, and downloads and verifies it in the browser. At 1280 and 375 px, axe-clean.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { expect, test } from './support/fixtures';
import { addCatalogueItem, retireCatalogueItem } from './support/rewards';
import { removeEvent, scheduleEvent } from './support/site-data';
import { createStaff } from './support/staff';

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

test('a visitor sees how to earn and the catalogue, with invitations to log in', async ({ page }) => {
  await page.goto('/rewards');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to collect rewards' })).toBeVisible();
  const ways = page.getByRole('region', { name: 'How to earn' });
  await expect(ways.getByRole('heading', { name: 'RSVP to a show' })).toBeVisible();
  await expect(ways).toContainText('for each show or special event you RSVP to');
  await expect(page.getByRole('region', { name: 'Spend your points' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your points history' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a viewer sees their points, redeems a coupon, copies its code, and downloads and verifies the ledger', async ({
  page,
  context,
  request,
  baseURL,
  login,
  shot,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  const tag = randomUUID().slice(0, 6);
  const staff = await createStaff(request);
  const shows = [1, 2].map((n) =>
    scheduleEvent({ type: 'show', title: `Opal Hour ${n} ${tag}`, startsInMinutes: 60 * 24 * n, minutes: 60 }),
  );
  const thanks = await addCatalogueItem(request, staff, {
    title: `Thank-you ${tag}`,
    kind: 'amount_off',
    value: 500,
    points_cost: 15,
  });
  const small = await addCatalogueItem(request, staff, {
    title: `Free shipping ${tag}`,
    kind: 'free_shipping',
    value: 0,
    points_cost: 5,
  });
  const grand = await addCatalogueItem(request, staff, {
    title: `Grand ${tag}`,
    kind: 'percent_off',
    value: 20,
    points_cost: 100_000,
    applies_to: 'show_jewelry',
  });
  try {
    const { user } = await login();
    // Two RSVPs earn the viewer 20 points (10 each by the default rule).
    for (const show of shows) {
      const rsvp = await request.post('/api/rsvpdata_v1', {
        data: { eventid: show.id },
        headers: { token: user.tokenvalue },
      });
      expect(rsvp.status(), await rsvp.text()).toBe(200);
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/rewards');
    await expect(page.getByTestId('points-balance')).toHaveText('20 points');
    const summary = page.getByRole('region', { name: 'Your points' });
    await expect(summary.getByText('Quartz', { exact: true })).toBeVisible();
    await expect(summary.getByRole('progressbar', { name: 'Progress to Topaz' })).toHaveAttribute(
      'aria-valuetext',
      '230 points to Topaz',
    );
    await expect(summary.getByText(/^20 points expire on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/)).toBeVisible();

    // An item the balance does not cover says so instead of offering to redeem.
    const catalogue = page.getByRole('region', { name: 'Spend your points' });
    const grandCard = catalogue.getByRole('listitem').filter({ has: page.getByRole('heading', { name: grand.title }) });
    await expect(grandCard.getByText('You need 99,980 points more for this one.')).toBeVisible();
    await expect(grandCard.getByRole('button')).toHaveCount(0);

    // Redeem through the confirm dialog, from the keyboard.
    await catalogue.getByRole('button', { name: `Redeem ${thanks.title}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Redeem ${thanks.title}?` });
    await expect(dialog).toContainText('This costs 15 points. Your balance after: 5 points.');
    await expect(dialog).toContainText('$5 off.');
    await expectAccessible(page, 'the redeem dialog');
    await shot('rewards-redeem-dialog-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Redeem for 15 points' }).click();
    await expect(dialog).toBeHidden();
    await expect(catalogue.getByRole('status')).toContainText(`Your coupon ${thanks.title} is ready`);
    await expect(page.getByTestId('points-balance')).toHaveText('5 points');

    // The coupon is listed with its code, state, rules and countdown; Copy puts the code on the clipboard.
    const coupons = page.getByRole('region', { name: 'My coupons' });
    const card = coupons.getByRole('listitem').filter({ has: page.getByRole('heading', { name: thanks.title }) });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByRole('timer', { name: /^Expires in 1[34] days/ })).toBeVisible();
    await expect(card).toContainText('Cannot be combined with other coupons.');
    const code = (await card.locator('code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{5}$/);
    await card.getByRole('button', { name: 'Copy code' }).click();
    await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(card.getByText('Copied to the clipboard.')).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // The points go elsewhere while the dialog is open: the server's refusal shows in the dialog.
    await catalogue.getByRole('button', { name: `Redeem ${small.title}` }).click();
    const smallDialog = page.getByRole('dialog', { name: `Redeem ${small.title}?` });
    await expect(smallDialog).toContainText('Your balance after: 0 points.');
    const elsewhere = await request.post('/api/couponredeem_v1', {
      data: { catalogue_id: small.id },
      headers: { token: user.tokenvalue },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);
    await smallDialog.getByRole('button', { name: 'Redeem for 5 points' }).click();
    await expect(smallDialog.getByRole('alert')).toHaveText('You do not have enough points for that.');
    await expect(smallDialog).toContainText('Your balance is 0 points, not enough for it.');
    await page.keyboard.press('Escape');
    await expect(smallDialog).toBeHidden();
    await expect(page.getByTestId('points-balance')).toHaveText('0 points');
    await expect(coupons.getByRole('listitem').filter({ hasText: small.title })).toHaveCount(1);

    // The ledger: each row's reason in words, its points, and a link to the show it came from.
    const ledger = page.getByRole('region', { name: 'Your points history' });
    await expect(ledger.getByText('Showing 4 of 4 rows, newest first.')).toBeVisible();
    const rows = ledger.getByRole('listitem');
    await expect(rows.first()).toContainText('Coupon bought with points');
    await expect(rows.first()).toContainText('minus −5');
    const rsvpRows = rows.filter({ hasText: 'RSVP to a show' });
    await expect(rsvpRows).toHaveCount(2);
    await expect(rsvpRows.last().getByRole('link', { name: 'See the show' })).toHaveAttribute(
      'href',
      `/show/${shows[0]?.id}`,
    );

    // Download and verify: the file holds the rows, and the page says the chain is intact.
    const downloading = page.waitForEvent('download');
    await ledger.getByRole('button', { name: 'Download and verify my ledger' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^gemcast-ledger-${user.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const saved: { seq: number; hash: string }[] = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(saved.map((row) => row.seq)).toEqual([1, 2, 3, 4]);
    await expect(ledger.getByRole('status')).toHaveText(`4 rows, chain intact, head hash ${saved.at(-1)?.hash}`);
    await expect(ledger.getByRole('link', { name: 'How the check works' })).toHaveAttribute('href', '/faq#faq-rewards');
    await expectAccessible(page);
    await shot('rewards-viewer-1280');

    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '/rewards at 375 px');
    await shot('rewards-viewer-375');
    await shot('rewards-top-375', { fullPage: false });
    await coupons.scrollIntoViewIfNeeded();
    await shot('rewards-coupons-375', { fullPage: false });
    await ledger.getByRole('button', { name: 'Download and verify my ledger' }).scrollIntoViewIfNeeded();
    await shot('rewards-ledger-375', { fullPage: false });
  } finally {
    for (const item of [thanks, small, grand]) await retireCatalogueItem(request, staff, item.id);
    for (const show of shows) removeEvent(show.id);
  }
});
