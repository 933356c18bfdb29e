// Chat in the journeys: another person in their own browser context (watched for errors like the
// main page), and the chat panel's parts as a person finds them: the panel, its message log, the
// message box, and saying something.
import type { Browser, Page } from '@playwright/test';
import type { AuthedUser } from '../../../src/shared/contract/user';
import { signInAs } from './factories';
import { EXPECTED_CONSOLE_ERRORS, waitForTakeoverOnNavigation } from './fixtures';

/**
 * Another person in their own browser context, signed in, with cookie consent given. Page errors
 * and console errors or warnings go to `problems`, except 4xx resource lines and `expected`.
 */
export async function personInNewContext(
  browser: Browser,
  baseURL: string,
  user: AuthedUser,
  problems: string[],
  expected: RegExp[] = [],
) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL }]);
  const page = await context.newPage();
  waitForTakeoverOnNavigation(page);
  const ignored = [...EXPECTED_CONSOLE_ERRORS, ...expected];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const isProblem = message.type() === 'error' || message.type() === 'warning';
    if (isProblem && !ignored.some((pattern) => pattern.test(message.text())))
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  await signInAs(page, user);
  return { context, page };
}

/**
 * The first connection of a journey's three browsers: token, socket and join, while the other
 * worker's browsers load the same server. Seen to take 7–12 s on CI's two cores, so more time here only.
 */
export const FIRST_CONNECT = { timeout: 20_000 };

export const chatPanel = (page: Page) => page.getByRole('region', { name: /^Chat: / });
export const messageList = (page: Page) => page.getByRole('log', { name: 'Chat messages' });
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

export async function say(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}
