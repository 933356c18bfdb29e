// Journeys: bonus entries. A viewer enters and the success page offers the bonus entries at once;
// sharing goes through the device's share menu (stubbed here) with the viewer's own link, and an
// Instagram story is claimed after posting; the total and the ledger follow. Without a share menu
// the link is copied instead. A viewer who has not entered is told to enter first. The terms page's
// draw recipe, read from the page, recomputes the commitment and every pick with node:crypto.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { DrawProof } from '../../src/shared/contract/giveaways';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { registerViewer } from './support/factories';
import { expect, test } from './support/fixtures';
import { closeGiveaway, createGiveaway, drawAndClaim, enterGiveaway } from './support/giveaways';
import { createStaff } from './support/staff';

const tag = () => randomUUID().slice(0, 6);

const SIZES = [
  ['phone', { width: 375, height: 812 }],
  ['laptop', { width: 1280, height: 800 }],
] as const;

/** What the stubbed share menu was handed. */
const sharedData = (page: Page) => page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData);

for (const [size, viewport] of SIZES) {
  test(`on a ${size}, a viewer enters, shares through the share menu and claims an Instagram story`, async ({
    page,
    request,
    login,
    shot,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    // The share menu as a phone has it; it records what it was given and resolves.
    await page.addInitScript(() => {
      const record: ShareData[] = [];
      Object.assign(window, { sharedData: record });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => void record.push(data),
      });
    });
    const staff = await createStaff(request);
    const giveaway = await createGiveaway(request, staff, {
      title: `Tourmaline Giveaway ${tag()}`,
      prize: 'A Paraiba tourmaline pendant',
      startsInMinutes: -5,
      minutes: 60,
    });
    const { user } = await login();

    await page.goto(`/giveaway/${giveaway.id}`);
    await page.getByRole('button', { name: `Enter ${giveaway.title}` }).click();
    await expect(page).toHaveURL(`/giveaway/success/${giveaway.id}`);

    // Offered at once, with the viewer's own link to the giveaway page.
    const bonus = page.getByRole('region', { name: /Bonus entries/ });
    await expect(bonus.getByRole('heading', { name: 'Bonus entries: 7 left' })).toBeVisible();
    const link = new URL(`/giveaway/${giveaway.id}?refid=${user.myInviteCode}`, page.url()).toString();
    await expect(bonus.getByTestId('referral-link')).toHaveText(link);
    await expect(page.getByTestId('entry-total')).toHaveText('1 entry, no bonus entries yet');

    await bonus.getByRole('button', { name: 'Share your link (+1)' }).click();
    await expect(bonus.getByText('Shared. Thank you!')).toBeVisible();
    expect(await sharedData(page)).toEqual([
      { title: giveaway.title, text: `Enter "${giveaway.title}" with me`, url: link },
    ]);
    await expect(page.getByTestId('entry-total')).toHaveText('2 entries: 1 entry + 1 bonus');
    await expect(bonus.getByRole('button', { name: 'Share your link' })).toBeVisible();

    // Instagram takes no links: the panel says what to do, then the viewer claims.
    await expect(bonus.getByText(/post a story about this giveaway/)).toBeVisible();
    await bonus.getByRole('button', { name: 'I posted my story: add my entry (+1)' }).click();
    await expect(bonus.getByText('Instagram story entry added ✓')).toBeVisible();
    await expect(page.getByTestId('entry-total')).toHaveText('3 entries: 1 entry + 2 bonus');
    const ledger = page.getByRole('list', { name: 'How you earned them' }).getByRole('listitem');
    await expect(ledger).toHaveText([
      /^1 entry for entering\s*at /,
      /^\+1 for sharing your link\s*at /,
      /^\+1 for your Instagram story\s*at /,
    ]);
    await expect(bonus.getByRole('heading', { name: 'Bonus entries: 5 left' })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await shot(`giveaway-bonus-success-${size}`);

    // The giveaway page shows the same standing.
    await page.goto(`/giveaway/${giveaway.id}`);
    await expect(page.getByTestId('entry-total')).toHaveText('3 entries: 1 entry + 2 bonus');
    await expectNoSidewaysScroll(page);
    await shot(`giveaway-bonus-page-${size}`);
  });
}

test('without a share menu the link is copied, networks add their entry, and a viewer not yet in is told to enter first', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share');
  });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Garnet Giveaway ${tag()}`,
    startsInMinutes: -5,
    minutes: 60,
  });
  const { user } = await login();

  await page.goto(`/giveaway/success/${giveaway.id}`);
  await expect(page.getByText('You have not entered this giveaway yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Share your link/ })).toHaveCount(0);

  await enterGiveaway(request, user, giveaway.id);
  await page.goto(`/giveaway/${giveaway.id}`);
  const bonus = page.getByRole('region', { name: /Bonus entries/ });
  await bonus.getByRole('button', { name: 'Share your link (+1)' }).click();
  await expect(bonus.getByText('Link copied. Paste it into a post, a story or a message.')).toBeVisible();
  const link = new URL(`/giveaway/${giveaway.id}?refid=${user.myInviteCode}`, page.url()).toString();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByTestId('entry-total')).toHaveText('2 entries: 1 entry + 1 bonus');

  // Facebook's share page, answered here so the journey needs no internet.
  await page.context().route('https://www.facebook.com/**', (route) => route.fulfill({ body: 'Facebook' }));
  const popup = page.waitForEvent('popup');
  await bonus.getByRole('link', { name: 'Share on Facebook (+1)' }).click();
  const facebook = await popup;
  await facebook.waitForLoadState();
  expect(facebook.url()).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`);
  await facebook.close();
  await expect(bonus.getByText('Shared on Facebook ✓')).toBeVisible();
  await expect(page.getByTestId('entry-total')).toHaveText('3 entries: 1 entry + 2 bonus');
  await expect(page.getByRole('list', { name: 'How you earned them' }).getByRole('listitem')).toHaveCount(3);
});

test('the recipe on the terms page, followed to the letter with node:crypto, gives the published draw', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Spinel Giveaway ${tag()}`,
    startsInMinutes: -5,
    minutes: 60,
    winner_count: 2,
  });
  for (const bonuses of [0, 2, 1]) {
    const { user } = await registerViewer(request);
    await enterGiveaway(request, user, giveaway.id);
    for (const clickType of ['facebook', 'x'].slice(0, bonuses)) {
      const bonus = await request.post(`/api/socialgiveawayentries?clickType=${clickType}`, {
        data: { eventid: giveaway.id },
        headers: { token: user.tokenvalue },
      });
      expect(bonus.status(), await bonus.text()).toBe(200);
    }
  }
  await closeGiveaway(request, staff, giveaway.id);
  await drawAndClaim(request, staff, giveaway.id);
  await drawAndClaim(request, staff, giveaway.id);
  const proof: DrawProof = (await (await request.get(`/api/giveawayproof_v1?eventid=${giveaway.id}`)).json()).data[0];
  expect(proof.picks).toHaveLength(2);

  await page.goto(`/giveaway-terms/${giveaway.id}#draw`);
  const recipe = page.getByTestId('draw-recipe');
  const read = async (name: string) => (await recipe.locator(`[data-recipe="${name}"]`).first().textContent()) ?? '';
  await expect(recipe.locator('[data-recipe="seed"]')).toBeVisible();
  const seedHex = await read('seed');
  const lineTemplate = await read('entry-line');
  const messageTemplate = await read('pick-message');
  // The page says the seed is used as its raw bytes (hex-decoded), and \n is one line-feed byte.
  expect(await read('seed-bytes')).toBe('32 raw bytes');
  expect(lineTemplate).toBe('{entry_id}:{weight}\\n');
  const seed = Buffer.from(seedHex, 'hex');
  expect(seed).toHaveLength(32);

  const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
  expect(sha256(seed)).toBe(proof.commitment);
  expect(await read('commitment')).toBe(proof.commitment);

  const sorted = [...proof.entries].sort((a, b) => a.entry_id - b.entry_id);
  const line = (e: { entry_id: number; weight: number }) =>
    lineTemplate.replace('{entry_id}', String(e.entry_id)).replace('{weight}', String(e.weight)).replace('\\n', '\n');
  const listText = sorted.map(line).join('');
  expect(sha256(Buffer.from(listText, 'ascii'))).toBe(proof.list_digest);
  expect(await read('list-digest')).toBe(proof.list_digest);

  const picked: number[] = [];
  for (const pick of proof.picks) {
    const k = picked.length + 1;
    const eligible = sorted.filter((e) => !picked.includes(e.entry_id));
    const total = eligible.reduce((sum, e) => sum + e.weight, 0);
    const message = messageTemplate
      .replace('{giveaway_id}', String(giveaway.id))
      .replace('{list_digest}', proof.list_digest)
      .replace('{k}', String(k));
    const mac = createHmac('sha256', seed).update(Buffer.from(message, 'ascii')).digest('hex');
    const ticket = BigInt(`0x${mac}`) % BigInt(total);
    let running = 0n;
    const winner = eligible.find((e) => (running += BigInt(e.weight)) > ticket);
    expect([ticket.toString(), total, winner?.entry_id]).toEqual([pick.ticket, pick.total_weight, pick.entry_id]);
    picked.push(pick.entry_id);
  }

  await page.getByRole('button', { name: 'Check this draw in my browser' }).click();
  await expect(page.getByText(/^Checked: the seed matches the published fingerprint/)).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot('giveaway-draw-recipe-375');
});
