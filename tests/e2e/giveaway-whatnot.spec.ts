// Journeys: a viewer from Whatnot enters the open giveaway with their Whatnot username, which
// staff then see with the entry; /giveaways lists current and past giveaways with countdowns.
import { randomUUID } from 'node:crypto';
import type { StaffEntry } from '../../src/shared/contract/giveaways-staff';
import { WINNER_DRAWN } from '../../src/shared/countdown';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { expect, test } from './support/fixtures';
import { createGiveaway } from './support/giveaways';
import { createStaff } from './support/staff';

const tag = () => randomUUID().slice(0, 6);

test('a viewer from Whatnot enters the open giveaway with their Whatnot username', async ({
  page,
  request,
  login,
  shot,
}) => {
  test.setTimeout(90_000);
  const staff = await createStaff(request);
  await createGiveaway(request, staff, { title: `Whatnot Garnet Giveaway ${tag()}`, startsInMinutes: -5, minutes: 60 });
  await login();
  await page.goto('/whatnot');
  const panel = page.getByRole('region', { name: "Watching on Whatnot? Enter today's giveaway" });
  const details = panel.getByRole('link', { name: 'Giveaway details' });
  await expect(details).toBeVisible();
  const id = Number((await details.getAttribute('href'))?.split('/').pop());

  await panel.getByRole('button', { name: /^Enter / }).click();
  await expect(panel.getByText('Enter your Whatnot username: 2 to 30 letters')).toBeVisible();
  await panel.getByLabel('Your Whatnot username').fill('@garnet_fan.42');
  await expectAccessible(page);
  await shot('giveaway-whatnot-form');
  await panel.getByRole('button', { name: /^Enter / }).click();
  await expect(page).toHaveURL(`/whatnot/success?giveaway=${id}`);
  await expect(page.getByRole('status')).toContainText("You're in the giveaway with your Whatnot username.");
  await expectAccessible(page);
  await shot('giveaway-whatnot-success');

  const response = await request.get(`/api/staff/giveaways/${id}/entries`, { headers: { token: staff.tokenvalue } });
  const entries: StaffEntry[] = (await response.json()).data;
  expect(entries.some((entry) => entry.entry_from === 'whatnot' && entry.whatnot_username === 'garnet_fan.42')).toBe(
    true,
  );
});

test('/giveaways lists open and past giveaways with their countdowns at 375 px', async ({ page, request, shot }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const staff = await createStaff(request);
  const open = await createGiveaway(request, staff, {
    title: `Open Peridot Giveaway ${tag()}`,
    startsInMinutes: -5,
    minutes: 60,
  });
  const past = await createGiveaway(request, staff, {
    title: `Past Peridot Giveaway ${tag()}`,
    // Closed a minute ago: the newest of the past ones, whatever other journeys have closed.
    startsInMinutes: -61,
    minutes: 60,
  });
  await page.goto('/giveaways');
  const openList = page.getByRole('region', { name: 'Open now' });
  await expect(openList.getByText(open.title)).toBeVisible();
  const pastList = page.getByRole('region', { name: 'Past giveaways' });
  const pastCard = pastList.getByRole('article').filter({ hasText: past.title });
  await expect(pastCard).toContainText(WINNER_DRAWN);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot('giveaways-list-phone');
});
