// Journeys: staff create a giveaway with terms and see the placeholders filled in the preview; on
// the live draw screen they draw a winner who already won in the same show and respin, then
// forfeit the new winner whose 5 minutes ran out and redraw, confirm the claim and announce; the
// public page lists the winner as first name and last initial. Axe on each screen.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ENTRY_CSV_COLUMNS } from '../../src/shared/contract/giveaways-staff';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { createViewer, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import {
  closeGiveaway,
  createGiveaway,
  drawAndClaim,
  endClaimWindow,
  enterGiveaway,
  nextPick,
} from './support/giveaways';
import { createStaff, scheduleAsStaff } from './support/staff';

const tag = () => randomUUID().slice(0, 6);

test('staff create a giveaway and preview its terms with the placeholders filled', async ({ page, request, shot }) => {
  test.setTimeout(90_000);
  const staff = await createStaff(request);
  await signInAs(page, staff, { clearFirst: true });
  await page.goto('/staff/giveaways');
  await expect(page.getByRole('heading', { level: 1, name: 'Giveaways' })).toBeVisible();
  await page.getByRole('button', { name: 'New giveaway' }).click();
  const dialog = page.getByRole('dialog', { name: 'New giveaway' });
  const title = `Tanzanite Giveaway ${tag()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Prize value (optional)').fill('$2,500');
  const preview = dialog.getByTestId('terms-preview');
  await expect(preview).toContainText('worth $2,500');
  await expect(preview).toContainText(/Entries open [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M P[SD]T/);
  await expect(preview).not.toContainText('{{');
  // Unsaved terms are cleaned before the preview shows them: nothing in them runs.
  const terms = dialog.getByLabel('Terms (HTML)');
  await terms.fill(
    `${await terms.inputValue()}<script>window.__injected = 1</script><img src="x" onerror="window.__injected = 2"><a href="javascript:window.__injected=3">fine print</a>`,
  );
  await preview.getByText('fine print').click();
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  expect(await preview.locator('script, img, a[href]').count()).toBe(0);
  await expectAccessible(page);
  await shot('giveaway-staff-new');
  await dialog.getByRole('button', { name: 'Create giveaway' }).click();
  await expect(page).toHaveURL(/\/staff\/giveaways\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Entries are still open: the draw starts once the giveaway closes.')).toBeVisible();
  await expectAccessible(page);
});

test('the live draw: a repeat winner is respun, an unclaimed winner forfeited and redrawn, the claim confirmed and announced', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  const staff = await createStaff(request);
  const show = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: `Ruby Night ${tag()}`,
    description: 'Rubies live.',
    startsInMinutes: -10,
    minutes: 120,
  });
  const first = await createGiveaway(request, staff, {
    title: `Early Ruby Giveaway ${tag()}`,
    show_id: show.id,
    startsInMinutes: -5,
    minutes: 60,
  });
  const second = await createGiveaway(request, staff, {
    title: `Late Ruby Giveaway ${tag()}`,
    show_id: show.id,
    prize: 'A ruby pendant',
    startsInMinutes: -5,
    minutes: 60,
  });
  const people = await Promise.all(
    [
      createViewer({ first_name: 'Rosalind', last_name: 'Quill' }),
      createViewer({ first_name: 'Marigold', last_name: 'Vance' }),
      createViewer({ first_name: 'Evangeline', last_name: 'Thorne' }),
    ].map((viewer) => registerViewer(request, viewer)),
  );
  const entries = new Map<number, (typeof people)[number]>();
  for (const person of people) entries.set(await enterGiveaway(request, person.user, second.id), person);

  // Whoever the late draw picks first wins the early giveaway of the same show beforehand.
  const firstPick = await nextPick(second.id);
  const repeat = entries.get(firstPick);
  if (!repeat) throw new Error('the pick is not an entry');
  await enterGiveaway(request, repeat.user, first.id);
  await closeGiveaway(request, staff, first.id);
  await drawAndClaim(request, staff, first.id);
  await closeGiveaway(request, staff, second.id);

  await signInAs(page, staff, { clearFirst: true });
  await page.goto(`/staff/giveaways/${second.id}`);
  const draw = page.getByRole('region', { name: 'Live draw' });
  await expect(draw).toContainText('3 entrants');
  await draw.getByRole('button', { name: 'Draw a winner' }).click();
  await expect(draw.getByTestId('drawn-name')).toHaveText(`${repeat.viewer.first_name} ${repeat.viewer.last_name}`);
  await expect(draw.getByText('Already won in this show', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot('giveaway-staff-repeat');

  await draw.getByRole('button', { name: 'Respin' }).click();
  await expect(draw.getByRole('timer')).toBeVisible();
  const respun = (await draw.getByTestId('drawn-name').textContent()) ?? '';
  expect(respun).not.toBe(`${repeat.viewer.first_name} ${repeat.viewer.last_name}`);
  await expect(draw.getByRole('timer')).toHaveText(/^[45]:\d\d$/);
  await shot('giveaway-staff-claim-window');

  // Forfeit is refused while the 5 minutes run, then accepted once they are over.
  await draw.getByRole('button', { name: 'Forfeit and redraw' }).click();
  await expect(draw.getByText(/still has \d+ minutes? to message in/)).toBeVisible();
  endClaimWindow(second.id);
  await draw.getByRole('button', { name: 'Forfeit and redraw' }).click();
  await expect(draw.getByTestId('drawn-name')).not.toHaveText(respun);
  const redrawn = (await draw.getByTestId('drawn-name').textContent()) ?? '';
  await expect(draw.getByText('Pick 3', { exact: true })).toBeVisible();

  await draw.getByRole('button', { name: 'Claimed' }).click();
  await expect(draw.getByText('Every winner has claimed. Well done!')).toBeVisible();
  await draw.getByRole('button', { name: 'Announce the winners on the public page' }).click();
  await expect(draw.getByRole('button', { name: 'Hide the winners from the public page' })).toBeVisible();
  const picks = page.getByRole('region', { name: 'Picks' });
  await expect(picks.getByRole('row')).toHaveCount(4);
  await expect(picks).toContainText('Repeat winner, respun');
  await expect(picks).toContainText('Forfeited');
  await expect(picks).toContainText('Claimed');
  await expectAccessible(page);
  await shot('giveaway-staff-done');

  // The entries as CSV, fetched with the staff token.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export entries (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`giveaway-${second.id}-entries.csv`);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
  expect(csv[0]).toBe(ENTRY_CSV_COLUMNS.join(','));
  expect(csv).toHaveLength(4);

  const [firstName, lastName] = redrawn.split(' ');
  await page.goto(`/giveaway/${second.id}`);
  const winners = page.getByRole('region', { name: 'Winner' });
  await expect(winners).toContainText(`${firstName} ${lastName?.[0]}.`);
  await expect(winners).not.toContainText(lastName ?? '');
  // The seed is revealed with the draw, and the browser recomputes the same picks from it.
  await page.getByRole('link', { name: 'How to recompute the winner' }).click();
  await page.getByRole('button', { name: 'Check this draw in my browser' }).click();
  // The verdict is a status on success and an alert otherwise; matching either prints what a failure showed.
  const recipe = page.getByRole('region', { name: /^How the winner is drawn/ });
  await expect(recipe.getByRole('status').or(recipe.getByRole('alert'))).toHaveText(
    /Checked: the seed matches the published fingerprint, and all 3 picks come out the same/,
  );
  await shot('giveaway-public-drawn');
});

test('on the schedule screen a drawn giveaway can be renamed, but its window cannot move', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Scheduled Spinel Giveaway ${tag()}`,
    startsInMinutes: -5,
    minutes: 60,
  });
  const { user } = await registerViewer(request);
  await enterGiveaway(request, user, giveaway.id);
  // Closed at this very second: the stored end has seconds the form's minute inputs cannot show.
  await closeGiveaway(request, staff, giveaway.id);
  await drawAndClaim(request, staff, giveaway.id);
  const publicRecord = async () =>
    (await (await request.get(`/api/giveawayinfo_v1?eventid=${giveaway.id}`)).json()).data[0];
  const drawn = await publicRecord();

  await signInAs(page, staff, { clearFirst: true });
  await page.goto(`/staff/shows/${giveaway.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the giveaway' });
  const renamed = `${giveaway.title} (drawn)`;
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const ends = edit.getByLabel('Ends');
  const later = new Date(new Date(`${await ends.inputValue()}:00Z`).getTime() + 30 * 60_000).toISOString().slice(0, 16);
  await ends.fill(later);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toHaveText(
    'Winners have been drawn, so the entry window can no longer change.',
  );
  await expectAccessible(page);
  await shot('giveaway-staff-window-locked', { fullPage: false });
  expect(await publicRecord()).toMatchObject({
    title: renamed,
    state: 'drawn',
    cust_start: drawn.cust_start,
    cust_end: drawn.cust_end,
  });
});

test('the staff giveaway list works at 375 px, and an export refused by the server says why', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Phone Giveaway ${tag()}`,
    startsInMinutes: -5,
    minutes: 60,
  });
  await signInAs(page, staff, { clearFirst: true });
  await page.goto('/staff/giveaways');
  await expect(page.getByRole('link', { name: giveaway.title })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.getByRole('link', { name: giveaway.title }).click();
  await expect(page.getByRole('region', { name: 'Live draw' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot('giveaway-staff-phone');

  // The session ends before the export: the page says so instead of doing nothing.
  await page.route('**/entries.csv', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ status: 0, statusCode: 401, message: 'Unauthorized', data: [] }),
    }),
  );
  await page.getByRole('link', { name: 'Export entries (CSV)' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your session has ended. Log in again to export the entries.');
});
