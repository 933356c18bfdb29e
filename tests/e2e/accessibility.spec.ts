// Journey: axe-core finds no serious or critical problems on the screens built so far, and a
// keyboard alone gets a viewer in and out.
import { expectAccessible } from './support/axe';
import { registerViewer } from './support/factories';
import { expect, test } from './support/fixtures';

for (const [path, heading] of [
  ['/login', 'Log in to Gemcast'],
  ['/login/password', 'Log in with your password'],
  ['/register', 'Create your account'],
  ['/forgot-password', 'Reset your password'],
  ['/home', 'Where entertainment meets beautiful jewelry and amazing prices.'],
  ['/not-a-page', 'This gem has gone missing'],
] as const) {
  test(`${path} has no serious accessibility problems`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  });
}

test('the register form with its errors and strength meter has no serious accessibility problems', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Password', { exact: true }).fill('garnet');
  // The meter waits for its word lists (about 240 KB), which a busy CI machine can take a while to load.
  await expect(page.getByText(/Password strength:/)).toBeVisible({ timeout: 20_000 });
  await page.getByText('More about you (optional)').click();
  await expectAccessible(page);
});

test('the profile page and the account menu have no serious accessibility problems', async ({ page, login }) => {
  const { viewer } = await login();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/home');
  await page.getByRole('button', { name: `Account menu for ${viewer.first_name}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page);
});

test('logs in, opens the account menu and logs out with the keyboard alone', async ({ page, request }) => {
  const { viewer } = await registerViewer(request);
  await page.goto('/login/password');
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(viewer.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(viewer.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/home');
  // Tab only once home has drawn: pressed during the loading screen, it would land nowhere.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const accountMenu = page.getByRole('button', { name: `Account menu for ${viewer.first_name}` });
  await expect(accountMenu).toBeEnabled();
  await accountMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Your profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Notifications' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/login');
});
