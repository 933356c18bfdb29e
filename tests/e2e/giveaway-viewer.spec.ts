// Journeys: a visitor opens a giveaway, logs in on the way and comes back, enters, lands on the
// success page and spins the wheel there; a second try lands on 'already participated'; sharing
// adds a bonus line to the ledger. A viewer RSVPs to a show and spins for it. The terms page fills
// its placeholders and runs none of the script staff tried to store. Axe on every page.
import { randomUUID } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { DEFAULT_PRIZE_VALUE, termsDate } from '../../src/shared/giveaway-terms';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { SCREEN_SIZES } from './support/env';
import { logInWithPassword, registerViewer } from './support/factories';
import { expect, test } from './support/fixtures';
import { createGiveaway, setSpinPrizes } from './support/giveaways';
import { createStaff, scheduleAsStaff } from './support/staff';
import { restingAngle } from '../../src/web/features/giveaways/wheel-geometry';

const tag = () => randomUUID().slice(0, 6);

const WHEEL = [
  { label: '50 points', weight: 1, points: 50 },
  { label: 'Free shipping', weight: 1, points: 0 },
  { label: '10% off', weight: 1, points: 0 },
  { label: 'Gem pouch', weight: 1, points: 0 },
];

/** The wheel rests with the server's prize under the pointer (whole turns aside). */
async function expectWheelOn(spin: Locator, segment: number, count: number) {
  const angle = Number(await spin.locator('svg g[data-angle]').getAttribute('data-angle'));
  expect(Math.abs((angle % 360) - restingAngle(segment, count))).toBeLessThan(0.01);
}

for (const [size, viewport] of SCREEN_SIZES) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test('a visitor logs in from the giveaway, enters, spins on the success page, and a second try is already in', async ({
      page,
      request,
      shot,
    }) => {
      // A long journey on a busy machine: the wheel alone turns for 4 seconds.
      test.setTimeout(120_000);
      const staff = await createStaff(request);
      const giveaway = await createGiveaway(request, staff, {
        title: `Opal Giveaway ${tag()}`,
        prize: 'A 3 ct Ethiopian opal ring',
        tnc_prices: '$1,200',
        startsInMinutes: -5,
        minutes: 60,
      });
      await setSpinPrizes(request, staff, giveaway.id, WHEEL);
      const { viewer } = await registerViewer(request);

      await page.goto(`/giveaway/${giveaway.id}`);
      await expect(page.getByRole('heading', { level: 1, name: giveaway.title })).toBeVisible();
      await expect(page.getByText('A 3 ct Ethiopian opal ring')).toBeVisible();
      await expect(page.getByText(giveaway.commitment)).toBeVisible();
      await expectAccessible(page);
      if (size === 'phone') await expectNoSidewaysScroll(page);
      await shot(`giveaway-visitor-${size}`);

      await page.getByRole('link', { name: 'Log in to enter' }).click();
      await expect(page).toHaveURL(`/login?redirectTo=%2Fgiveaway%2F${giveaway.id}`);
      await logInWithPassword(page, viewer.email, viewer.password);
      await expect(page).toHaveURL(`/giveaway/${giveaway.id}`);

      // A second tab, opened before entering, is where the viewer tries again later.
      const second = await page.context().newPage();
      await second.goto(`/giveaway/${giveaway.id}`);
      await expect(second.getByRole('button', { name: `Enter ${giveaway.title}` })).toBeVisible();

      await page.getByRole('button', { name: `Enter ${giveaway.title}` }).click();
      await expect(page).toHaveURL(`/giveaway/success/${giveaway.id}`);
      const spin = page.getByRole('region', { name: 'Spin to win for entering' });
      await expect(spin.getByRole('img', { name: /Prize wheel with 4 prizes/ })).toBeVisible();
      await expectAccessible(page);
      await spin.getByRole('button', { name: 'Spin the wheel' }).click();
      await expect(spin.getByTestId('spin-prize')).toContainText('You won ', { timeout: 10_000 });
      const shown = (await spin.getByTestId('spin-prize').textContent()) ?? '';
      // The wheel shows what the server chose and stored.
      const stored = await request.get(`/api/CheckIfGiveawaySpin?eventId=${giveaway.id}`, {
        headers: { token: (await page.evaluate(() => localStorage.getItem('token'))) ?? '' },
      });
      const result: { label: string; segment: number; segments: unknown[] } = (await stored.json()).data[0].result;
      expect(shown).toContain(result.label);
      await expectWheelOn(spin, result.segment, result.segments.length);
      await shot(`giveaway-success-spun-${size}`);

      await second.getByRole('button', { name: `Enter ${giveaway.title}` }).click();
      await expect(second).toHaveURL(`/giveaway/already-participated/${giveaway.id}`);
      await expect(second.getByText('One entry per show')).toBeVisible();
      await expectAccessible(second);
      await shot(`giveaway-already-${size}`, { target: second });
      await second.close();

      // Back on the giveaway: the ledger, and a bonus entry for sharing.
      await page.goto(`/giveaway/${giveaway.id}`);
      await expect(page.getByTestId('entry-total')).toHaveText('1 entry, no bonus entries yet');
      await expect(page.getByText('1 entry for entering')).toBeVisible();
      const popup = page.waitForEvent('popup');
      await page.getByRole('link', { name: 'Share on Facebook (+1)' }).click();
      await (await popup).close();
      await expect(page.getByTestId('entry-total')).toHaveText('2 entries: 1 entry + 1 bonus');
      await expect(page.getByText('+1 for sharing on Facebook')).toBeVisible();
      await expectAccessible(page);
      await shot(`giveaway-ledger-${size}`);
    });
  });
}

test('a viewer RSVPs to a show on home and spins the wheel for it', async ({ page, request, login, shot }) => {
  // A long journey on a busy machine: the wheel alone turns for 4 seconds.
  test.setTimeout(120_000);
  const staff = await createStaff(request);
  const show = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: `Spinel Sunday ${tag()}`,
    description: 'Spinels from Burma and Tanzania.',
    startsInMinutes: 15,
    minutes: 60,
  });
  await setSpinPrizes(request, staff, show.id, WHEEL);
  const { user } = await login();
  // With reduced motion the wheel is placed on the prize at once, without turning.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/home');
  const card = page
    .getByRole('region', { name: 'Upcoming shows' })
    .getByRole('article')
    .filter({ hasText: show.title });
  await card.getByRole('button', { name: `RSVP for ${show.title}` }).click();
  await expect(card.getByText("You're in", { exact: true })).toBeVisible();
  const spin = card.getByRole('region', { name: 'Spin to win for RSVPing' });
  await spin.getByRole('button', { name: 'Spin the wheel' }).click();
  await expect(spin.getByTestId('spin-prize')).toContainText('You won ', { timeout: 10_000 });
  const stored = await request.get(`/api/checkifrsvpspin?eventId=${show.id}`, { headers: { token: user.tokenvalue } });
  const result: { label: string; segment: number; segments: unknown[] } = (await stored.json()).data[0].result;
  expect(await spin.getByTestId('spin-prize').textContent()).toContain(result.label);
  await expectWheelOn(spin, result.segment, result.segments.length);
  await card.scrollIntoViewIfNeeded();
  await shot('giveaway-rsvp-spun', { fullPage: false });
  await expectAccessible(page);

  // Coming back shows the same prize, and no second spin.
  await page.reload();
  await expect(card.getByRole('region', { name: 'Spin to win for RSVPing' }).getByTestId('spin-prize')).toContainText(
    'You won ',
  );
  await expect(card.getByRole('button', { name: 'Spin the wheel' })).toHaveCount(0);
  await expectWheelOn(
    card.getByRole('region', { name: 'Spin to win for RSVPing' }),
    result.segment,
    result.segments.length,
  );
});

test('a javascript: prize value filled into a terms link leaves no javascript: link', async ({ page, request }) => {
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Opal Giveaway ${tag()}`,
    tnc: '<p>See <a href="{{VALUE}}">the prize</a>, worth {{VALUE}}. <a href="https://gemcast.example/rules">Rules</a></p>',
    tnc_prices: 'javascript:window.__injected="value"',
    startsInMinutes: -5,
    minutes: 60,
  });
  await page.goto(`/giveaway-terms/${giveaway.id}`);
  const terms = page.getByTestId('giveaway-terms');
  await expect(terms).toContainText('worth javascript:window.__injected="value".');
  expect(await terms.locator('a[href^="javascript:" i]').count()).toBe(0);
  await expect(terms.getByText('the prize')).not.toHaveAttribute('href');
  await expect(terms.getByRole('link', { name: 'Rules' })).toHaveAttribute('href', 'https://gemcast.example/rules');
  await terms.getByText('the prize').click();
  expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
});

test('the terms page fills its placeholders and runs no injected script', async ({ page, request, shot }) => {
  test.setTimeout(120_000);
  const staff = await createStaff(request);
  const tnc = [
    '<h2>Prize</h2><p>One winner receives a prize worth {{VALUE}} ({{ VALUE }}).</p>',
    '<p>Entries open {{START_DATE}} and close {{END DATE}}.</p>',
    '<script>window.__injected = "script"</script>',
    '<p><img src="x" onerror="window.__injected = \'onerror\'">Read <a href="javascript:window.__injected=\'link\'">the fine print</a>.</p>',
  ].join('');
  const giveaway = await createGiveaway(request, staff, {
    title: `Sapphire Giveaway ${tag()}`,
    tnc,
    startsInMinutes: -5,
    minutes: 60,
  });
  const info = await (await request.get(`/api/giveawayterms_v1?id=${giveaway.id}`)).json();

  await page.goto(`/giveaway-terms/${giveaway.id}`);
  const terms = page.getByTestId('giveaway-terms');
  await expect(terms).toContainText(
    `One winner receives a prize worth ${DEFAULT_PRIZE_VALUE} (${DEFAULT_PRIZE_VALUE}).`,
  );
  await expect(terms).toContainText(
    `Entries open ${termsDate(info.data[0].start_date)} and close ${termsDate(info.data[0].end_date)}.`,
  );
  await expect(terms).not.toContainText('{{');
  await terms.getByText('the fine print').click();
  expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
  expect(await terms.locator('script, [onerror]').count()).toBe(0);
  expect(await terms.locator('a[href^="javascript:"]').count()).toBe(0);
  await expect(page.getByRole('heading', { name: 'How the winner is drawn, and how you can check it' })).toBeVisible();
  await expectAccessible(page);
  await shot('giveaway-terms');
});
