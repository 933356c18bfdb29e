// Journey: a viewer adds a passkey on the profile, logs out, signs in with it (autofill, then the
// button) and removes it, with Chromium's virtual authenticator (DevTools protocol WebAuthn)
// standing in for the device. Pages are opened at localhost: a passkey's relying party is a host
// name, never an IP address.
import type { CDPSession, Page } from '@playwright/test';
import { PASSKEY_MESSAGES } from '../../src/shared/contract/passkeys';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { E2E_PORT, SCREEN_SIZES } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ baseURL: `http://localhost:${E2E_PORT}` });

/** A platform authenticator that holds discoverable credentials and checks the person (as Touch ID does). */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const passkeysCard = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys', exact: true }) });

test('a viewer adds a passkey, signs in with it, and removes it', async ({ page, login, shot }) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  const { viewer } = await login();
  await page.goto('/profile');
  const card = passkeysCard(page);
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();

  await card.getByLabel(/Name for a new passkey/).fill('My laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByRole('status').filter({ hasText: PASSKEY_MESSAGES.added })).toBeVisible();
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('My laptop')).toBeVisible();
  await expect(list.getByText(/^Added \w{3} \d{1,2}, \d{4} · not used yet/)).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Adding a second passkey on the same device is refused by the device itself.
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByRole('alert')).toHaveText('This device already holds a passkey for your account.');

  for (const [name, size] of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `profile with a passkey (${name})`);
    await shot(`passkeys-profile-${name}`);
  }
  await page.setViewportSize(SCREEN_SIZES[0][1]);

  // Autofill: the login screen asks for a passkey in the e-mail field's suggestions. The virtual
  // authenticator answers at once, as a person picking their passkey from the list would.
  const accountMenu = page.getByRole('button', { name: `Account menu for ${viewer.first_name}` });
  const passkeySignIn = () =>
    page.waitForResponse((response) => response.url().endsWith('/api/passkeys/login') && response.status() === 200);
  const signedInByAutofill = passkeySignIn();
  // Logging out lands on /login, where autofill starts.
  await page.getByRole('button', { name: 'Log out' }).click();
  await signedInByAutofill;
  await expect(accountMenu).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);

  // The button, in a browser without passkey autofill.
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: undefined });
  });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: /^Log in to / })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('autocomplete', 'username webauthn');
  for (const [name, size] of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await expectAccessible(page, `login with passkeys (${name})`);
    await shot(`passkeys-login-${name}`);
  }
  await page.setViewportSize(SCREEN_SIZES[0][1]);

  const signedInByButton = passkeySignIn();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await signedInByButton;
  await expect(accountMenu).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/profile');
  await expect(list.getByText(/last used \w{3} \d{1,2}, \d{4}/)).toBeVisible();
  await list.getByRole('button', { name: 'Remove passkey My laptop' }).click();
  await expect(list.getByText('Remove “My laptop”?', { exact: false })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await shot('passkeys-remove-confirm');
  await list.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(card.getByRole('status').filter({ hasText: PASSKEY_MESSAGES.removed })).toBeVisible();
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();

  // The device still holds the removed passkey: Gemcast no longer knows it.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: /^Log in to / })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(PASSKEY_MESSAGES.notRecognised);
  await expect(page.getByRole('heading', { name: /Log in to/ })).toBeVisible();
});
