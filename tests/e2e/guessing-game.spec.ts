// Journey: the on-air guessing game (decision 058). Staff open a question on the show screen while a
// show is on air; a viewer on a 375 px phone sees it under the player on /live, guesses, and sees
// "Your guess"; staff close it and reveal the answer; the viewer's card shows the answer, the
// browser's own check that it matches the code published at the start, the winners and "You won";
// the points are in their ledger. Then the whole loop: the win shows on /rewards, the viewer spends it
// on a coupon and copies its code, staff mark the coupon used at the coupon desk, and the viewer's
// /rewards says it is used. Axe-clean at each step.
import { randomUUID } from 'node:crypto';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { personInNewContext } from './support/chat';
import { demoClip } from './support/demo-media';
import { createViewer, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { addCatalogueItem, retireCatalogueItem } from './support/rewards';
import { claimOnAir } from './support/on-air';
import { endEvent, scheduleEvent, setStream } from './support/site-data';
import { createStaff } from './support/staff';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

let release: () => Promise<void> = async () => undefined;
const cleanups: (() => void)[] = [];

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
  release = await claimOnAir();
});

test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await release();
});

test('staff open a question, a viewer guesses on /live at 375 px, staff reveal, the viewer sees the checked answer and wins', async ({
  page,
  context,
  browser,
  baseURL,
  request,
  shot,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  const tag = randomUUID().slice(0, 6);
  // Started six hours ago, before any show another journey left on air, so /live plays this one.
  const show = scheduleEvent({
    type: 'show',
    title: `Sapphire Night ${tag}`,
    description: 'Ceylon sapphires, live from the studio.',
    startsInMinutes: -6 * 60,
    minutes: 7 * 60,
  });
  cleanups.push(() => endEvent(show.id));
  setStream(show.id, { platform: 'hls', stream_url: await demoClip() });

  const staff = await createStaff(request);
  const { user: viewer } = await registerViewer(request, createViewer({ first_name: 'Celeste', last_name: 'Ward' }));
  const problems: string[] = [];
  const staffSide = await personInNewContext(browser, baseURL ?? '', staff, problems);
  try {
    // Staff open the question on the show screen.
    await staffSide.page.goto(`/staff/shows/${show.id}`);
    const section = staffSide.page.getByRole('region', { name: 'Guessing game' });
    await section.getByLabel('Question').fill('Carat weight of this sapphire?');
    await section.getByLabel('Answer').fill('2.35');
    await section.getByLabel(/^Unit/).fill('ct');
    await section.getByRole('button', { name: 'Open the question' }).click();
    await expect(section.getByText('The question is open for guesses.')).toBeVisible();

    // The viewer guesses under the player.
    await signInAs(page, viewer);
    await page.goto('/live');
    const card = page.getByRole('region', { name: 'Carat weight of this sapphire?' });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByRole('timer', { name: /^Guessing closes in/ })).toBeVisible();
    await card.getByRole('button', { name: 'Guess' }).click();
    await expect(card.getByText('Enter a number, with up to 4 decimal places.')).toBeVisible();
    await card.getByLabel('Your guess (ct)').fill('2.3');
    await card.getByRole('button', { name: 'Guess' }).click();
    await expect(card.getByText('Your guess: 2.3 ct')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Guess' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await card.scrollIntoViewIfNeeded();
    await shot('guessing-guessed-375', { fullPage: false });

    // Staff close it and reveal.
    await section.getByRole('button', { name: 'Close now' }).click();
    await section.getByRole('button', { name: 'Reveal the answer' }).click();
    await expect(section.getByText('The answer is revealed and the winners have their points.')).toBeVisible();

    // The viewer's card turns to the answer within its next look (every 10 s).
    await expect(card.getByText('The answer: 2.35 ct')).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText('Checked: the answer matches the code published at the start.')).toBeVisible();
    await expect(card.getByText('You won! 100 points are yours.')).toBeVisible();
    await expect(card.getByText('Celeste W., guessed 2.3 ct')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await card.scrollIntoViewIfNeeded();
    await shot('guessing-revealed-375', { fullPage: false });

    // The win is one 100-point row in the viewer's ledger (watching /live also earned a check-in).
    const ledger = await request.get('/api/rewardledger_v1', { headers: { token: viewer.tokenvalue } });
    const rows: { reason: string; points: number }[] = (await ledger.json()).data;
    expect(rows.filter((row) => row.reason === 'guess').map((row) => row.points)).toEqual([100]);

    // The win on /rewards, spent on a coupon whose code the viewer copies.
    const item = await addCatalogueItem(request, staff, {
      title: `Sapphire thank-you ${tag}`,
      kind: 'amount_off',
      value: 1000,
      points_cost: 100,
    });
    try {
      await page.goto('/rewards');
      const history = page.getByRole('region', { name: 'Your points history' });
      await expect(history.getByRole('listitem').filter({ hasText: 'Guessing-game win' })).toContainText('plus');
      const catalogue = page.getByRole('region', { name: 'Spend your points' });
      await catalogue.getByRole('button', { name: `Redeem ${item.title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Redeem ${item.title}?` });
      await expect(dialog).toContainText('This costs 100 points.');
      await dialog.getByRole('button', { name: 'Redeem for 100 points' }).click();
      await expect(dialog).toBeHidden();
      const coupon = page
        .getByRole('region', { name: 'My coupons' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: item.title }) });
      await expect(coupon.getByText('Active', { exact: true })).toBeVisible();
      const code = (await coupon.locator('code').textContent()) ?? '';
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{5}$/);
      await coupon.getByRole('button', { name: 'Copy code' }).click();
      await expect(coupon.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, '/rewards with the new coupon');
      await coupon.scrollIntoViewIfNeeded();
      await shot('loop-coupon-active-375', { fullPage: false });

      // Staff take the code at the coupon desk and mark it used on an order.
      const desk = staffSide.page;
      await desk.goto('/staff/rewards/coupons');
      await desk.getByLabel('Coupon code').fill(code);
      await desk.getByRole('button', { name: 'Look up' }).click();
      const found = desk.getByRole('region', { name: `${code} · ${item.title}` });
      await expect(found.getByText('Active', { exact: true })).toBeVisible();
      await found.getByLabel('Order number').fill(`GC-${tag}`);
      await found.getByRole('button', { name: 'Mark used' }).click();
      await desk
        .getByRole('dialog', { name: 'Mark this coupon used?' })
        .getByRole('button', { name: 'Yes, mark it used' })
        .click();
      await expect(found.getByText('Used', { exact: true })).toBeVisible();

      // The viewer's coupon now says so.
      await page.reload();
      await expect(coupon.getByText('Used', { exact: true })).toBeVisible();
      await expect(coupon.getByRole('button', { name: 'Copy code' })).toHaveCount(0);
      await expectAccessible(page, '/rewards with the used coupon');
      await coupon.scrollIntoViewIfNeeded();
      await shot('loop-coupon-used-375', { fullPage: false });
    } finally {
      await retireCatalogueItem(request, staff, item.id);
    }
    expect(problems).toEqual([]);
  } finally {
    await staffSide.context.close();
  }
});
