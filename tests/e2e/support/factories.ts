// Test people: unique viewers, created through the same API the app uses, and ways to sign them in.
import { randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthedUser } from '../../../src/shared/contract/user';

export type Viewer = { first_name: string; last_name: string; email: string; phone: string; password: string };

const FIRST_NAMES = ['Amber', 'Beryl', 'Coral', 'Jade', 'Opal', 'Pearl', 'Topaz', 'Garnet'];
const LAST_NAMES = ['Nakamura', 'Okafor', 'Lindqvist', 'Alvarez', 'Moreau', 'Haddad'];

export function createViewer(overrides: Partial<Viewer> = {}): Viewer {
  const first = FIRST_NAMES[randomInt(FIRST_NAMES.length)] ?? 'Amber';
  return {
    first_name: first,
    last_name: LAST_NAMES[randomInt(LAST_NAMES.length)] ?? 'Moreau',
    email: `${first.toLowerCase()}-${randomUUID().slice(0, 8)}@gemcast.test`,
    phone: `555${String(randomInt(10_000_000)).padStart(7, '0')}`,
    password: `Sapphire-${randomUUID().slice(0, 6)}-lagoon`,
    ...overrides,
  };
}

/** Registers a viewer with a password; the answer carries the session token. */
export async function registerViewer(
  request: APIRequestContext,
  viewer: Viewer = createViewer(),
): Promise<{ viewer: Viewer; user: AuthedUser }> {
  const response = await request.post('/api/registeruser_v1', { data: viewer });
  expect(response.status(), await response.text()).toBe(200);
  const body: { data: AuthedUser[] } = await response.json();
  const user = body.data[0];
  if (!user) throw new Error('registration answered without a user');
  return { viewer, user };
}

/**
 * Stores `user` in the page's localStorage as a login does; the next navigation is signed in.
 * `clearFirst` also forgets whatever else the browser had stored (another person's session).
 */
export async function signInAs(page: Page, user: AuthedUser, { clearFirst = false } = {}): Promise<void> {
  // Any same-origin document gives access to the app's localStorage.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ stored, clear }) => {
      if (clear) localStorage.clear();
      localStorage.setItem('user', JSON.stringify(stored));
      localStorage.setItem('token', stored.tokenvalue);
      localStorage.setItem('myInviteCode', stored.myInviteCode);
    },
    { stored: user, clear: clearFirst },
  );
}

/** From the login page: on to the password form, and log in as a person would (the page then goes where redirectTo says). */
export async function logInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('link', { name: 'Log in with your password' }).click();
  await expect(page).toHaveURL(/\/login\/password\?redirectTo=/);
  await expect(page.getByRole('heading', { name: 'Log in with your password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}
