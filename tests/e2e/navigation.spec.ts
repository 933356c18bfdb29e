// Journey: finding one's way: the root and old onboarding paths redirect, titles follow spec §2,
// unknown paths get the not-found page, and a refid link is remembered for registration.
import { expect, test } from './support/fixtures';

test('redirects the root and the old onboarding paths', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/home');
  await expect(page).toHaveTitle('Home - Gemcast');

  await page.goto('/onboarding/login');
  await expect(page).toHaveURL('/login');
  await page.goto('/onboarding/register?refid=SHOW2024');
  await expect(page).toHaveURL('/register?refid=SHOW2024');
  await expect(page.getByLabel('Invite code')).toHaveValue('SHOW2024');
  await page.goto('/onboarding/resetPassword');
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});

test('shows the not-found page for unknown paths', async ({ page, shot }) => {
  await page.goto('/no/such/gem');
  await expect(page.getByRole('heading', { name: 'This gem has gone missing' })).toBeVisible();
  await expect(page).toHaveTitle('Gemcast');
  await shot('not-found');
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/home');
});

test('home invites a visitor in and keeps a referral for 90 days', async ({ page, shot }) => {
  await page.goto('/home?refid=SPRING-PROMO');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Where entertainment meets beautiful jewelry and amazing prices.',
  );
  const refCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'refId');
  expect(refCookie?.value).toBe('SPRING-PROMO');
  const days = ((refCookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(89);
  expect(days).toBeLessThanOrEqual(90);
  await shot('home-visitor');

  await page.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL('/register');
  await expect(page.getByLabel('Invite code')).toHaveValue('');
});

test('scrolls to the top on every route change', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const bottomLink = page.locator('form').getByRole('link', { name: 'Log in', exact: true });
  await bottomLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await bottomLink.click();
  await expect(page).toHaveURL('/login');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
