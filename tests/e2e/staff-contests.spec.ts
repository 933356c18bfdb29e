// Journey: staff run a photo contest. They create it through the form (Los Angeles times), two
// viewers send photos (through the API), staff approve one and reject the other with a reason in the
// moderation queue, voting opens and new viewers vote (through the API), staff open the vote review,
// see the new-accounts flag, select its votes and remove them with a reason, and see the removal in
// the log. axe-clean on each screen, at 1280 px and at 375 px.
import type { Page } from '@playwright/test';
import { toLaInput } from '../../src/web/features/staff/shows/la-time';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { openVotingNow, staffContest, submitEntry, votesFromNewViewers } from './support/contests-staff';
import { signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { createStaff } from './support/staff';

test.describe.configure({ timeout: 90_000 });

/** A staff screen's code loads on its first visit; a busy machine can take a while to serve it. */
const FIRST_LOAD = 20_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

async function checkPhone(page: Page, what: string) {
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, `${what} at 375 px`);
}

test('staff create a contest, moderate its entries, review its votes and see the log', async ({
  page,
  request,
  shot,
}) => {
  const staff = await createStaff(request);
  await signInAs(page, staff);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The staff menu leads to the list; New contest opens the form.
  await page.goto('/home');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Photo contests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Photo contests' })).toBeVisible({ timeout: FIRST_LOAD });
  await page.getByRole('link', { name: 'New contest' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New contest' })).toBeVisible({ timeout: FIRST_LOAD });

  const title = `Best ring on the beach ${Date.now()}`;
  const now = Date.now();
  // A missing title is said under the field and nothing is sent.
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(page.getByText('Give the contest a title.')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Send us your favourite ring, photographed by the sea.');
  await page.getByLabel('Entries open').fill(toLaInput(new Date(now - 2 * MINUTE).toISOString()));
  await page.getByLabel('Entries close').fill(toLaInput(new Date(now + DAY).toISOString()));
  await page.getByLabel('Voting opens').fill(toLaInput(new Date(now + DAY).toISOString()));
  await page.getByLabel('Voting closes').fill(toLaInput(new Date(now + 3 * DAY).toISOString()));
  await page.getByLabel('Entries per viewer').fill('2');
  await page.getByLabel('Vote rule').selectOption('once');
  // A number out of range is refused by the server, in its words, under the field.
  await page.getByLabel('Winners').fill('11');
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(
    page.locator('[id$="-error"]').filter({ hasText: 'Winners is a whole number from 1 to 10.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Winners')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Winners').fill('2');
  await expect(page.getByLabel('Winners')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Prize points').fill('500');
  await page.getByLabel('Prize (optional)', { exact: true }).fill('A topaz pendant');
  await expect(page.getByTestId('rules-preview').getByRole('heading', { name: 'Who may enter' })).toBeVisible();
  await expectAccessible(page, 'the new contest form');
  await shot('staff-contests-new');
  await checkPhone(page, 'the new contest form');
  await shot('staff-contests-new-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Create contest' }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: FIRST_LOAD });
  const id = Number(/\/staff\/contests\/(\d+)/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  const created = await staffContest(request, staff.tokenvalue, id);
  // The form's Los Angeles minutes became these instants.
  expect(toLaInput(created.submit_opens_at)).toBe(toLaInput(new Date(now - 2 * MINUTE).toISOString()));
  expect(toLaInput(created.vote_closes_at)).toBe(toLaInput(new Date(now + 3 * DAY).toISOString()));
  expect(created).toMatchObject({ phase: 'submitting', entries_per_viewer: 2, winner_count: 2, prize_points: 500 });

  // Two viewers send photos.
  const kept = await submitEntry(request, id, { caption: 'Sapphire at sunset', seed: 1, consent: true });
  const refused = await submitEntry(request, id, { caption: 'My cat', seed: 2, consent: false });

  // The queue: approve one, reject the other with a reason.
  await page.reload();
  const queue = page.getByRole('tabpanel');
  await expect(page.getByRole('tab', { name: /Moderation queue/, selected: true })).toBeVisible();
  await expect(queue.getByTestId('count-pending')).toHaveText('2');
  await expect(queue.getByText('May be shown on air')).toBeVisible();
  await expect(queue.getByText('Not for on air')).toBeVisible();
  await expectAccessible(page, 'the moderation queue');
  await shot('staff-contests-queue');
  await queue.getByRole('checkbox', { name: /Sapphire at sunset/ }).check();
  await queue.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(queue.getByTestId('count-approved')).toHaveText('1');
  await expect(queue.getByTestId('count-pending')).toHaveText('1');

  await queue.getByRole('checkbox', { name: /Select all/ }).check();
  await queue.getByRole('button', { name: 'Reject…', exact: true }).click();
  const reject = page.getByRole('dialog', { name: 'Reject 1 entry' });
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reject.getByText('Write the reason.')).toBeVisible();
  await reject.getByLabel('Reason').fill('The photo shows no jewelry.');
  await expectAccessible(page, 'the reject dialog');
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reject).toBeHidden();
  await expect(queue.getByTestId('count-rejected')).toHaveText('1');
  await expect(queue.getByTestId('count-pending')).toHaveText('0');
  await queue.getByRole('button', { name: /Rejected/ }).click();
  await expect(queue.getByText('The photo shows no jewelry.')).toBeVisible();
  await checkPhone(page, 'the rejected entries');
  await shot('staff-contests-rejected-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  // The entrant sees the reason on the contest page.
  const mine = await request.get(`/api/contest_v1?contestid=${id}`, { headers: { token: refused.user.tokenvalue } });
  expect(mine.status(), await mine.text()).toBe(200);
  expect((await mine.json()).data[0].mine[0]).toMatchObject({
    state: 'rejected',
    reject_reason: 'The photo shows no jewelry.',
  });

  // Voting opens and five new viewers vote for the approved entry.
  await openVotingNow(request, staff.tokenvalue, id);
  await votesFromNewViewers(request, kept.entry.id, 5);

  // The tabs work from the keyboard: the arrow key moves to the next one.
  await page.reload();
  await page.getByRole('tab', { name: /Moderation queue/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Votes review', selected: true })).toBeFocused();
  await page.getByLabel('Entry').selectOption({ value: String(kept.entry.id) });
  const counts = page.getByTestId('entry-vote-counts');
  await expect(counts).toContainText('5 votes count');
  await expect(counts).toContainText('0 removed after review');
  await expect(page.getByRole('img', { name: /Bar chart of votes per minute/ })).toBeVisible();
  const flag = page.getByRole('listitem').filter({ hasText: 'votes from accounts made less than a day before voting' });
  await expect(flag).toContainText('5 votes');
  await expectAccessible(page, 'the vote review');
  await shot('staff-contests-votes');

  await flag.getByRole('button', { name: /Select these votes/ }).click();
  await expect(page.getByText('5 votes selected')).toBeVisible();
  await page.getByRole('button', { name: 'Remove selected votes' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove 5 votes?' });
  await confirm.getByLabel('Reason').fill('Five accounts made minutes before voting, all from one network.');
  await confirm.getByRole('button', { name: 'Remove 5 votes' }).click();
  await expect(confirm).toBeHidden();
  await expect(counts).toContainText('0 votes count');
  await expect(counts).toContainText('5 removed after review');
  await expect(page.getByRole('row').filter({ hasText: 'Five accounts made minutes before voting' })).toHaveCount(5);
  await shot('staff-contests-votes-removed');
  await checkPhone(page, 'the vote review');
  await shot('staff-contests-votes-phone');

  // The log has each step, with who took it.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('list', { name: 'Contest log' });
  const staffName = `${staff.first_name} ${staff.last_name}`;
  await expect(log.getByRole('listitem').filter({ hasText: 'Votes removed' })).toContainText(staffName);
  await expect(log.getByRole('listitem').filter({ hasText: 'Entry rejected' })).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: 'Entry approved' })).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: 'Created' })).toBeVisible();
  await checkPhone(page, 'the log');
  await shot('staff-contests-log-phone');

  // Closing voting asks first, fixes the results, and leaves the details read-only.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Winners')).toHaveValue('2');
  await page.getByRole('button', { name: 'Close voting now' }).click();
  const closing = page.getByRole('dialog', { name: 'Close voting now?' });
  await expect(closing).toContainText('This cannot be undone');
  await expectAccessible(page, 'the close dialog');
  await closing.getByRole('button', { name: 'Close voting and fix the results' }).click();
  await expect(closing).toBeHidden();
  await expect(page.getByText(/^Results fixed /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close voting now' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByText('The results of this contest are fixed')).toBeVisible();
  await expect(page.getByLabel('Title')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await shot('staff-contests-closed-details');

  // The list shows the contest with its counts.
  await page.goto('/staff/contests');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row.getByRole('list', { name: `Counts of ${title}` })).toContainText('1approved');
  await checkPhone(page, 'the contest list');
  await shot('staff-contests-list-phone');
});
