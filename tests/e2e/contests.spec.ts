// Journey: a photo contest on a phone, from entry to results. Staff make it through the staff API;
// a viewer finds it on /contests and enters a photo through the form; staff approve it on the
// moderation screen and open voting; two other viewers vote and like, each seeing the other's
// votes and likes arrive without a reload; staff close it and the results show the winner.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { personInNewContext } from './support/chat';
import { approveEntries, closeContest, createContest, makePhoto, openVotingNow, submitEntry } from './support/contests';
import { createViewer, logInWithPassword, registerViewer } from './support/factories';
import { expect, test } from './support/fixtures';
import { createStaff } from './support/staff';

const PHONE = { width: 375, height: 740 };
/** The counts poll every 1.5 s: another viewer's vote shows within two. */
const WITHIN_TWO_SECONDS = { timeout: 2000 };

test.use({ viewport: PHONE });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

const entryBy = (page: Page, entrant: string) => page.getByRole('article', { name: `Entry by ${entrant}` });

test('a photo contest: enter through the form, staff approve, two viewers vote and like live, results show the winner', async ({
  page,
  browser,
  baseURL,
  request,
  login,
  shot,
}) => {
  // A long journey across four browsers: on a busy CI machine it has taken 59 s.
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const staff = await createStaff(request);
  const contest = await createContest(request, staff, {
    title: `Rings in the wild ${tag}`,
    description: 'Show us a ring you love, out in the world.',
    rules: '<p>One photo per viewer.</p><ul><li>Your own photo of jewelry.</li><li>No faces, please.</li></ul>',
    prize_text: 'A sapphire pendant',
    prize_points: 500,
  });
  // A second entrant, sent and approved through the API, so there is another entry to vote for.
  const opal = await registerViewer(request, createViewer({ first_name: 'Opal', last_name: 'Haddad' }));
  const opalPhoto = await makePhoto();
  const opalEntry = await submitEntry(request, opal.user, contest.id, `Opal ring at the beach ${tag}`, opalPhoto);
  await approveEntries(request, staff, contest.id, [opalEntry.id]);

  // Amber finds the contest on /contests and enters her photo through the form.
  await login(createViewer({ first_name: 'Amber', last_name: 'Nakamura' }));
  await page.goto('/contests');
  await expect(page.getByRole('heading', { level: 1, name: 'Photo contests' })).toBeVisible();
  const open = page.getByRole('region', { name: 'Open for entries' });
  await expect(open.getByRole('link', { name: contest.title })).toBeVisible();
  await expectAccessible(page, '/contests');
  await expectNoSidewaysScroll(page);
  await shot('contests-list-phone');

  await open.getByRole('link', { name: contest.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: contest.title })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveAccessibleName(/^Entries close in/);
  await expect(page.getByTestId('contest-rules').getByText('No faces, please.')).toBeVisible();
  // A photo already in the contest is refused, and the server's words show by the form.
  const photoInput = page.getByLabel('Photo', { exact: true });
  await photoInput.setInputFiles({ name: 'copied.png', mimeType: 'image/png', buffer: opalPhoto });
  await page.getByRole('button', { name: 'Enter my photo' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This photo is already in the contest. Please send a different photo.',
  );
  await photoInput.setInputFiles({
    name: 'my-ring.png',
    mimeType: 'image/png',
    buffer: await makePhoto(),
  });
  await expect(page.getByRole('img', { name: 'Preview of the photo you chose' })).toBeVisible();
  const caption = `My grandmother's ruby ring ${tag}`;
  await page.getByLabel('Caption').fill(caption);
  await expect(page.getByText(`${caption.length} of 280 characters`)).toBeVisible();
  await page.getByLabel('You may show my photo on air').check();
  await expectAccessible(page, 'the entry form');
  await shot('contest-entry-form-phone');
  await page.getByRole('button', { name: 'Enter my photo' }).click();
  await expect(page.getByText('Pending review')).toBeVisible();
  await expect(page.getByText(/Your photo is waiting for a quick review/)).toBeVisible();
  // While it waits for review, Amber sends a better photo in its place.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Replace photo' }).click();
  await (await chooser).setFiles({ name: 'my-ring-closer.png', mimeType: 'image/png', buffer: await makePhoto() });
  await expect(page.getByText('Your new photo is waiting for a quick review')).toBeVisible();
  // The first note gave way to the new one: one note, not two saying the same.
  await expect(page.getByText(/^Thanks! Your photo is waiting/)).toHaveCount(0);
  await expect(page.getByText('Pending review')).toBeVisible();
  await expectAccessible(page, 'the contest page with a pending entry');
  await expectNoSidewaysScroll(page);
  await shot('contest-entry-pending-phone');

  const problems: string[] = [];
  const staffSide = await personInNewContext(browser, baseURL ?? '', staff, problems);
  const borisSide = await personInNewContext(browser, baseURL ?? '', (await registerViewer(request)).user, problems);
  const ceciSide = await personInNewContext(browser, baseURL ?? '', (await registerViewer(request)).user, problems);
  try {
    // Staff approve Amber's entry on the moderation screen, then open voting now.
    const staffPage = staffSide.page;
    await staffPage.goto(`/staff/contests/${contest.id}?section=queue`);
    await staffPage.getByRole('checkbox', { name: /Amber Nakamura/ }).check();
    await staffPage.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(staffPage.getByText('Nothing waits for a look.')).toBeVisible();
    await openVotingNow(request, staff, contest.id);

    // Amber sees her entry in the gallery, with no vote button of her own.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Vote for your favourite' })).toBeVisible();
    await expect(entryBy(page, 'Amber N.').getByText('Your entry')).toBeVisible();
    await expect(entryBy(page, 'Amber N.').getByRole('button', { name: /^Vote/ })).toHaveCount(0);

    const boris = borisSide.page;
    const ceci = ceciSide.page;
    for (const p of [boris, ceci]) {
      await p.setViewportSize(PHONE);
      await p.goto(`/contest/${contest.id}`);
      await expect(p.getByRole('heading', { name: 'Vote for your favourite' })).toBeVisible();
      await expect(entryBy(p, 'Amber N.')).toContainText('0 votes');
    }
    await expect(boris.getByText(/Voting for another entry moves your vote to it/)).toBeVisible();
    await expectAccessible(boris, 'the voting gallery');
    await expectNoSidewaysScroll(boris);

    // Boris votes for Opal's photo: Ceci sees it arrive.
    await entryBy(boris, 'Opal H.').getByRole('button', { name: /^Vote/ }).click();
    await expect(entryBy(boris, 'Opal H.').getByText('Your vote')).toBeVisible();
    await expect(entryBy(ceci, 'Opal H.')).toContainText('1 vote', WITHIN_TWO_SECONDS);

    // He moves his vote to Amber's: it leaves Opal's for both of them.
    await entryBy(boris, 'Amber N.').getByRole('button', { name: /^Vote/ }).click();
    await expect(entryBy(boris, 'Amber N.').getByText('Your vote')).toBeVisible();
    await expect(entryBy(boris, 'Opal H.').getByText('Your vote')).toHaveCount(0);
    await expect(entryBy(ceci, 'Amber N.')).toContainText('1 vote', WITHIN_TWO_SECONDS);
    await expect(entryBy(ceci, 'Opal H.')).toContainText('0 votes', WITHIN_TWO_SECONDS);

    // Ceci votes for Amber's and likes it: Boris sees both.
    await entryBy(ceci, 'Amber N.').getByRole('button', { name: /^Vote/ }).click();
    await expect(entryBy(boris, 'Amber N.')).toContainText('2 votes', WITHIN_TWO_SECONDS);
    const like = entryBy(ceci, 'Amber N.').getByRole('button', { name: /^Like/ });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(entryBy(boris, 'Amber N.')).toContainText('1 like', WITHIN_TWO_SECONDS);
    await expectAccessible(ceci, 'the gallery after voting and liking');
    await shot('contest-gallery-voted-phone', { target: ceci });
    await shot('contest-gallery-other-viewer-phone', { target: boris });
    await ceci.setViewportSize({ width: 1280, height: 900 });
    await shot('contest-gallery-desktop', { target: ceci });

    // Staff close the contest: Amber's photo wins.
    await closeContest(request, staff, contest.id);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
    await expect(page.getByText('Congratulations! Your entry won 1st place.')).toBeVisible();
    const winner = page.getByRole('article', { name: '1st place: Amber N.' });
    await expect(winner).toContainText('2 votes');
    await expect(winner).toContainText('Prize: A sapphire pendant and 500 reward points');
    await expectAccessible(page, 'the results');
    await expectNoSidewaysScroll(page);
    await shot('contest-results-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot('contest-results-desktop');

    // The others see the results without a reload: the counts poll notices the contest closed.
    await expect(boris.getByRole('heading', { name: 'Results' })).toBeVisible();
    await expect(boris.getByRole('article', { name: '2nd place: Opal H.' })).toContainText('0 votes');
  } finally {
    await Promise.all([staffSide.context.close(), borisSide.context.close(), ceciSide.context.close()]);
  }
  expect(problems, 'the other browsers logged errors').toEqual([]);
});

test('visitors find the contests from the header and home, and logging in from a contest comes back to it', async ({
  page,
  request,
  shot,
}) => {
  const staff = await createStaff(request);
  const contest = await createContest(request, staff, { title: `Pearls at home ${randomUUID().slice(0, 6)}` });
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/home');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contests' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('link', { name: 'See the photo contests' }).click();
  await expect(page).toHaveURL('/contests');
  await expect(page.getByRole('heading', { level: 1, name: 'Photo contests' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contests' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectAccessible(page, '/contests at 768 px');
  await shot('contests-header-768', { fullPage: false });

  await page.setViewportSize(PHONE);
  await page.getByRole('link', { name: contest.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: contest.title })).toBeVisible();
  await expectAccessible(page, 'a contest page for a visitor');
  await page.getByRole('link', { name: 'Log in to enter' }).click();
  await expect(page).toHaveURL(`/login?redirectTo=%2Fcontest%2F${contest.id}`);
  const { viewer } = await registerViewer(request);
  await logInWithPassword(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(`/contest/${contest.id}`);
  await expect(page.getByRole('heading', { name: 'Send a photo' })).toBeVisible();
});
