// Journey: a visitor creates an account (with a password, or with an e-mailed code) and logs out.
import { expect, test } from './support/fixtures';
import { createViewer, registerViewer } from './support/factories';
import { readCode } from './support/outbox';
import { MESSAGES } from '../../src/shared/messages';

test('registers with a password, lands home logged in, then logs out', async ({ page, shot }) => {
  const viewer = createViewer();
  await page.goto('/register');
  await expect(page).toHaveTitle('Register Page - Gemcast');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  await page.getByLabel('First name').fill(viewer.first_name);
  await page.getByLabel('Last name').fill(viewer.last_name);
  await page.getByLabel('E-mail', { exact: true }).fill(viewer.email);
  await page.getByLabel('Phone').fill(viewer.phone);
  await page.getByLabel('Password', { exact: true }).fill('password');
  await expect(page.getByText(MESSAGES.weakPassword)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(viewer.password);
  await expect(page.getByText(/Password strength: (Good|Strong)/)).toBeVisible({ timeout: 20_000 }); // the meter's word lists load on demand
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await shot('register-form');

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { name: `Welcome, ${viewer.first_name}!` })).toBeVisible();
  const stored = await page.evaluate(() => ({
    user: localStorage.getItem('user'),
    token: localStorage.getItem('token'),
    invite: localStorage.getItem('myInviteCode'),
  }));
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email: viewer.email });
  expect(stored.token).toBeTruthy();
  expect(stored.invite).toMatch(/^[A-Z0-9]{8}$/);

  await page.getByRole('button', { name: `Account menu for ${viewer.first_name}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.loggedOut })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await shot('register-logged-out');
});

test('signs up with an e-mail code instead of a password', async ({ page, shot }) => {
  const viewer = createViewer();
  await page.goto('/register');
  await page.getByLabel('First name').fill(viewer.first_name);
  await page.getByLabel('Last name').fill(viewer.last_name);
  await page.getByLabel('E-mail', { exact: true }).fill(viewer.email);
  await page.getByLabel('Phone').fill(viewer.phone);
  await page.getByLabel('Sign up with an e-mail code instead').check();
  await expect(page.getByLabel('Password', { exact: true })).toBeHidden();
  const sentAfter = new Date();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText(MESSAGES.registeredConfirm)).toBeVisible();
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  await page.getByLabel('6-digit code').fill(await readCode(viewer.email, { since: sentAfter }));
  await shot('register-code-step');
  await page.getByRole('button', { name: 'Confirm and log in' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { name: `Welcome, ${viewer.first_name}!` })).toBeVisible();
});

test('says when the e-mail already has an account, and checks fields as you type', async ({ page, request }) => {
  const { viewer } = await registerViewer(request);
  await page.goto('/register?refid=FRIEND42');
  await expect(page.getByLabel('Invite code')).toHaveValue('FRIEND42');

  await page.getByLabel('E-mail', { exact: true }).fill('not-an-email');
  await page.getByLabel('Phone').focus();
  await expect(page.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(viewer.email);
  await expect(page.getByText('Enter a valid e-mail address')).toBeHidden();
  await page.getByLabel('Phone').focus();
  await expect(page.getByText(MESSAGES.emailTaken)).toBeVisible();

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter your first name.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to log in' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(viewer.email);
});
