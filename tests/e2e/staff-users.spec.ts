// Journey: a staff member finds a viewer, opens their account and sees their activity, then
// switches the account off while the viewer's own page (another browser) is open on the home
// page: that page signs out by itself within seconds and says why; the viewer cannot log in again
// until staff switch the account back on. Axe on both staff screens at 375 and 1280 px.
import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { registerViewer, signInAs } from './support/factories';
import { expect, test, waitForTakeoverOnNavigation } from './support/fixtures';
import { createStaff } from './support/staff';
import { SCREEN_SIZES } from './support/env';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

test('staff switch off a viewer whose open page signs out, and switch them back on', async ({
  page,
  browser,
  request,
  baseURL,
  shot,
}) => {
  test.setTimeout(90_000);
  const staff = await createStaff(request);
  const { viewer, user } = await registerViewer(request);

  // The viewer's own page, in a browser of its own, on a phone.
  const viewerContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await viewerContext.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
  const viewerPage = await viewerContext.newPage();
  waitForTakeoverOnNavigation(viewerPage);
  await signInAs(viewerPage, user);
  await viewerPage.goto('/home');
  await expect(viewerPage.getByRole('button', { name: /^Account menu for / })).toBeVisible();

  await signInAs(page, staff);
  for (const [size, viewport] of SCREEN_SIZES) {
    await page.setViewportSize(viewport);
    await page.goto(`/staff/users?q=${encodeURIComponent(viewer.email)}`);
    await expect(page.getByRole('heading', { name: 'Viewers’ accounts', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: '1 account' })).toBeVisible();
    await expectAccessible(page, `/staff/users (${size})`);
    await expectNoSidewaysScroll(page);
    await shot(`staff-users-search-${viewport.width}`);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/staff/users');
  await page.getByLabel('Name, e-mail or phone').fill(viewer.email.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  // The search's own answer, not the list the page opened with (other journeys' viewers share names).
  await expect(page.getByRole('heading', { name: '1 account' })).toBeVisible();
  await page.getByRole('link', { name: `${viewer.first_name} ${viewer.last_name}` }).click();
  await expect(page.getByRole('heading', { name: `${viewer.first_name} ${viewer.last_name}`, level: 1 })).toBeVisible();
  for (const heading of ['Actions', 'Profile', 'Activity', 'Sessions'])
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await expect(page.getByText('points to spend')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^RSVPs/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'End this session' })).toHaveCount(1);
  for (const [size, viewport] of SCREEN_SIZES) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `/staff/users/${user.id} (${size})`);
    await expectNoSidewaysScroll(page);
    await shot(`staff-user-${viewport.width}`);
  }

  await page.getByRole('button', { name: 'Switch the account off' }).click();
  await expect(page.getByText('Account switched off. Their sessions and chat have ended.')).toBeVisible();
  await expect(page.getByText('No open sessions.')).toBeVisible();

  // The viewer's open page, with no chat on it, hears of it through the bell's stream.
  await expect(viewerPage.getByText(MESSAGES.sessionExpired)).toBeVisible({ timeout: 8_000 });
  await expect(viewerPage.getByRole('button', { name: /^Account menu for / })).toHaveCount(0);
  await expect(viewerPage.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expectAccessible(viewerPage, '/home signed out');
  await viewerPage.screenshot({ path: 'test-results/screenshots/staff-users-viewer-signed-out-375.png' });
  const stored = await viewerPage.evaluate(() => localStorage.getItem('user'));
  expect(stored).toBeNull();

  const refused = await request.post('/api/login_v1', { data: { email: viewer.email, password: viewer.password } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(MESSAGES.accountDeactivated);

  await page.getByRole('button', { name: 'Switch the account back on' }).click();
  await expect(page.getByText('Account switched back on. They can log in again.')).toBeVisible();
  const again = await request.post('/api/login_v1', { data: { email: viewer.email, password: viewer.password } });
  expect(again.status()).toBe(200);
  await viewerContext.close();
});
