// Journey: a viewer who forgot the password resets it with an e-mailed code and logs in with
// the new one; the old one stops working.
import { expect, test } from './support/fixtures';
import { registerViewer } from './support/factories';
import { readCode } from './support/outbox';
import { MESSAGES } from '../../src/shared/messages';

test('resets a forgotten password, then logs in with the new one', async ({ page, request, shot }) => {
  const { viewer } = await registerViewer(request);
  const newPassword = 'Emerald-harbour-lantern-7';
  await page.goto('/login/password');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page).toHaveTitle('Forgot password Page - Gemcast');

  await page.getByLabel('E-mail').fill(viewer.email);
  const sentAfter = new Date();
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await page.getByLabel('6-digit code').fill(await readCode(viewer.email, { since: sentAfter }));
  await page.getByRole('button', { name: 'Check code' }).click();
  await expect(page.getByText(MESSAGES.codeAccepted)).toBeVisible();

  await page.getByLabel('New password').fill('qwerty123');
  await expect(page.getByText(MESSAGES.weakPassword)).toBeVisible();
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(MESSAGES.passwordReset)).toBeVisible();
  await shot('reset-password-done');

  await page.getByRole('link', { name: 'Log in with your new password' }).click();
  await expect(page).toHaveURL('/login/password');
  await expect(page.getByLabel('E-mail')).toHaveValue(viewer.email);
  await page.getByLabel('Password', { exact: true }).fill(viewer.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.badCredentials);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/home');
});
