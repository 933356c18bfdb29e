// Journey: two viewers enter a show's giveaway; one keeps the giveaway page open, the other the
// show's chat. Staff draw on the live draw screen: within a second the winner's page says "You won"
// with the prize, the claim countdown and the text/call buttons, and the other's says "not this
// time", both without a reload. Staff forfeit and redraw: both pages turn around. A giveaway with
// in-app claims lets the winner press "Claim my prize", and staff see the claim.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { StaffGiveawayDetail } from '../../src/shared/contract/giveaways-staff';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { chatPanel, personInNewContext } from './support/chat';
import { createViewer, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { closeGiveaway, createGiveaway, endClaimWindow, enterGiveaway, nextPick } from './support/giveaways';
import { createStaff, scheduleAsStaff } from './support/staff';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

const drawCard = (page: Page) => page.getByTestId('draw-result');

test('staff draw and forfeit on the live draw screen; the winner and the other entrant see it at once', async ({
  page,
  browser,
  baseURL,
  request,
  shot,
}) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const staff = await createStaff(request);
  const show = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: `Opal Hour ${tag}`,
    description: 'Australian opals, live.',
    startsInMinutes: -10,
    minutes: 120,
  });
  const giveaway = await createGiveaway(request, staff, {
    title: `Opal Pendant Giveaway ${tag}`,
    prize: 'Boulder opal pendant',
    show_id: show.id,
    startsInMinutes: -5,
    minutes: 60,
  });
  const first = await registerViewer(request, createViewer({ first_name: 'Rosalind', last_name: 'Quill' }));
  const second = await registerViewer(request, createViewer({ first_name: 'Marigold', last_name: 'Vance' }));
  const entries = [
    { ...first, entryId: await enterGiveaway(request, first.user, giveaway.id), number: 1 },
    { ...second, entryId: await enterGiveaway(request, second.user, giveaway.id), number: 2 },
  ];
  await closeGiveaway(request, staff, giveaway.id);
  const drawnEntry = await nextPick(giveaway.id);
  const winner = entries.find((e) => e.entryId === drawnEntry) ?? entries[0];
  const other = entries.find((e) => e !== winner) ?? entries[1];
  if (!winner || !other) throw new Error('two entrants expected');

  const problems: string[] = [];
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, winner.user);
  const otherSide = await personInNewContext(browser, baseURL ?? '', other.user, problems);
  const staffSide = await personInNewContext(browser, baseURL ?? '', staff, problems);
  try {
    await page.goto(`/giveaway/${giveaway.id}`);
    await expect(page.getByText(`You are entry ${winner.number} of 2 in this giveaway`)).toBeVisible({
      timeout: 30_000,
    });
    await otherSide.page.setViewportSize({ width: 375, height: 812 });
    await otherSide.page.goto(`/chat?eventid=${show.id}`);
    await expect(chatPanel(otherSide.page).getByText('Live', { exact: true })).toBeVisible();
    await expect(drawCard(page)).toHaveCount(0);

    await staffSide.page.goto(`/staff/giveaways/${giveaway.id}`);
    const draw = staffSide.page.getByRole('region', { name: 'Live draw' });
    await expect(draw.getByText('2 entrants · 2 entries')).toBeVisible();
    await draw.getByRole('button', { name: 'Draw a winner' }).click();
    await expect(draw.getByTestId('drawn-name')).toHaveText(`${winner.viewer.first_name} ${winner.viewer.last_name}`);
    await expect(draw.getByText(new RegExp(`^Entry ${winner.number} of 2 · 1 chance · ticket \\d of 2`))).toBeVisible();

    // Pushed, not reloaded: both pages change within a second or two.
    const won = drawCard(page);
    await expect(won).toHaveAttribute('data-outcome', 'won', { timeout: 5000 });
    await expect(won.getByRole('heading', { name: 'You won!' })).toBeVisible();
    await expect(won.getByText('Boulder opal pendant')).toBeVisible();
    await expect(won.getByRole('timer')).toHaveText(/^[45]:\d\d$/);
    await expect(won.getByRole('link', { name: 'Text us' })).toHaveAttribute('href', /^sms:\+?\d+$/);
    await expect(won.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', /^tel:\+?\d+$/);
    const lost = drawCard(otherSide.page);
    await expect(lost).toHaveAttribute('data-outcome', 'not_this_time', { timeout: 5000 });
    await expect(lost).toContainText(`${winner.viewer.first_name} ${winner.viewer.last_name.charAt(0)}. was drawn`);
    await expect(lost).toContainText(`Not this time for you (you are entry ${other.number} of 2)`);
    await expect(lost.getByText(/^Revealed seed: [0-9a-f]{64}/)).toBeVisible();
    await expectAccessible(page);
    await shot('draw-result-winner-laptop', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await shot('draw-result-winner-phone', { fullPage: false });
    await expectAccessible(otherSide.page);
    await expectNoSidewaysScroll(otherSide.page);
    await shot('draw-result-other-phone', { fullPage: false, target: otherSide.page });

    // The winner does not claim in time: staff forfeit and redraw, and both pages turn around.
    endClaimWindow(giveaway.id);
    await draw.getByRole('button', { name: 'Forfeit and redraw' }).click();
    await expect(draw.getByTestId('drawn-name')).toHaveText(`${other.viewer.first_name} ${other.viewer.last_name}`);
    await expect(won).toHaveAttribute('data-outcome', 'lost_win', { timeout: 5000 });
    await expect(won.getByRole('heading', { name: 'Your win has passed on' })).toBeVisible();
    await expect(lost).toHaveAttribute('data-outcome', 'won', { timeout: 5000 });
    await expect(lost.getByRole('heading', { name: 'You won!' })).toBeVisible();
    await shot('draw-result-redrawn-phone', { fullPage: false, target: otherSide.page });
  } finally {
    await otherSide.context.close();
    await staffSide.context.close();
  }
  expect(problems, 'the other browsers logged errors').toEqual([]);
});

test('the winner claims in the app with the claim button, and staff see the claim', async ({ page, request, shot }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Pearl Studs Giveaway ${tag}`,
    prize: 'Akoya pearl studs',
    claim_mode: 'app',
    startsInMinutes: -5,
    minutes: 60,
  });
  const viewer = await registerViewer(request, createViewer({ first_name: 'Coral', last_name: 'Ashby' }));
  await enterGiveaway(request, viewer.user, giveaway.id);
  await closeGiveaway(request, staff, giveaway.id);
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAs(page, viewer.user);
  await page.goto(`/giveaway/${giveaway.id}`);
  await expect(page.getByText('You are entry 1 of 1 in this giveaway')).toBeVisible({ timeout: 30_000 });

  const drawn = await request.post(`/api/staff/giveaways/${giveaway.id}/draw`, {
    headers: { token: staff.tokenvalue },
  });
  expect(drawn.status()).toBe(200);
  const card = drawCard(page);
  await expect(card).toHaveAttribute('data-outcome', 'won', { timeout: 5000 });
  await expect(card.getByRole('link', { name: 'Text us' })).toHaveCount(0);
  await shot('draw-result-claim-button-phone', { fullPage: false });
  await card.getByRole('button', { name: 'Claim my prize' }).click();
  await expect(card).toHaveAttribute('data-outcome', 'claimed');
  await expect(card.getByRole('heading', { name: 'Prize claimed!' })).toBeVisible();
  await expectAccessible(page);
  await shot('draw-result-claimed-phone', { fullPage: false });

  const detail = await request.get(`/api/staff/giveaways/${giveaway.id}`, { headers: { token: staff.tokenvalue } });
  const record: StaffGiveawayDetail = (await detail.json()).data[0];
  expect(record.picks[0]).toMatchObject({ status: 'claimed', claimed_in_app: true });
  await signInAs(page, staff);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/staff/giveaways/${giveaway.id}`);
  await expect(page.getByRole('cell', { name: 'Claimed in the app by the winner' })).toBeVisible();
});
