// Journey: a registered viewer logs in with e-mail and password, including the way back to the
// page that asked for a login and what a wrong password or a dead network looks like.
import { expect, test } from './support/fixtures';
import { registerViewer } from './support/factories';
import { MESSAGES, SPEC_MESSAGES } from '../../src/shared/messages';

test('logs in with a password after a wrong try', async ({ page, request, shot }) => {
  const { viewer } = await registerViewer(request);
  await page.goto('/login/password');
  await expect(page).toHaveTitle('Login Page - Gemcast');

  await page.getByLabel('E-mail').fill(viewer.email);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-right-one-9');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.badCredentials);
  await shot('login-password-wrong');

  await page.getByLabel('Password', { exact: true }).fill(viewer.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('button', { name: `Account menu for ${viewer.first_name}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
});

test('comes back to the profile after logging in from its guard', async ({ page, request }) => {
  const { viewer } = await registerViewer(request);
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirectTo=%2Fprofile');

  await page.getByRole('link', { name: 'Log in with your password' }).click();
  await expect(page).toHaveURL('/login/password?redirectTo=%2Fprofile');
  await page.getByLabel('E-mail').fill(viewer.email);
  await page.getByLabel('Password', { exact: true }).fill(viewer.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
});

test.describe('without a network', () => {
  test.use({ expectedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('says "Network error!" when the server cannot be reached', async ({ page, request }) => {
    const { viewer } = await registerViewer(request);
    await page.goto('/login/password');
    await page.route('**/api/login_v1', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('E-mail').fill(viewer.email);
    await page.getByLabel('Password', { exact: true }).fill(viewer.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(SPEC_MESSAGES.networkError);
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
  });
});
