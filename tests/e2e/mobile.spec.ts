// Journey: the whole flow on a 375 px wide phone: nothing scrolls sideways, the header menu works.
import { expectNoSidewaysScroll } from './support/axe';
import { expect, test } from './support/fixtures';
import { MESSAGES } from '../../src/shared/messages';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('every screen fits 375 px for a visitor', async ({ page, shot }) => {
  for (const [path, name] of [
    ['/home', 'home'],
    ['/login', 'login'],
    ['/login/password', 'login-password'],
    ['/register', 'register'],
    ['/forgot-password', 'forgot-password'],
    ['/missing-page', 'not-found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(`mobile-${name}`);
  }
});

test('a viewer edits the profile and logs out on a phone', async ({ page, login, shot }) => {
  const { viewer } = await login();
  await page.goto('/profile');
  await expect(page.getByLabel('First name')).toHaveValue(viewer.first_name);
  await expectNoSidewaysScroll(page);
  await shot('mobile-profile');

  await page.getByLabel('ZIP code').fill('85701');
  await page.getByRole('button', { name: 'Save changes' }).tap();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.profileUpdated })).toBeVisible();

  await page.getByRole('button', { name: `Account menu for ${viewer.first_name}` }).tap();
  await expect(page.getByRole('menuitem', { name: 'Your profile' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot('mobile-menu', { fullPage: false });
  await page.getByRole('menuitem', { name: 'Log out' }).tap();
  await expect(page).toHaveURL('/login');
});
