// The journeys' test(): fails on any page error, console error or warning the app did not expect, and adds
// `login` (a new viewer, already signed in) and `shot` (a full-page screenshot for review).
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { AuthedUser } from '../../../src/shared/contract/user';
import { FIRST_SCREEN_ATTRIBUTE } from '../../../src/shared/first-screen';
import { SCREENSHOT_DIR } from './env';
import { createViewer, registerViewer, signInAs, type Viewer } from './factories';

type Options = {
  /** Console errors or warnings a test provokes on purpose (a cut network), on top of the 4xx resource lines. */
  expectedConsoleErrors: RegExp[];
  /**
   * Whether page.goto and page.reload wait for the app to take over the server's first screen
   * (decision 097); off only where a test keeps the app's code from arriving.
   */
  waitForApp: boolean;
};

type Fixtures = {
  login: (viewer?: Viewer) => Promise<{ viewer: Viewer; user: AuthedUser }>;
  /** Saves test-results/screenshots/<name>.png: the whole page from the top, or just what is on screen. */
  shot: (name: string, options?: { fullPage?: boolean; target?: Page }) => Promise<void>;
};

const waitingPages = new WeakSet<Page>();

/**
 * The server's first screen shows before the app's code runs, and the app then replaces it: a
 * control found in the server's markup would be gone by the time it is clicked or filled. So the
 * page's goto and reload resolve only once the app has taken over (decision 097). Idempotent.
 */
export function waitForTakeoverOnNavigation(page: Page) {
  if (waitingPages.has(page)) return;
  waitingPages.add(page);
  const takenOver = () =>
    page.waitForFunction((attribute) => !document.querySelector(`#root[${attribute}]`), FIRST_SCREEN_ATTRIBUTE);
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    page[method] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      await takenOver();
      return response;
    }) as never;
  }
}

/** The browser logs every 4xx answer as "Failed to load resource"; those are expected answers here. */
export const EXPECTED_CONSOLE_ERRORS = [/Failed to load resource: the server responded with a status of 4\d\d/];

export const test = base.extend<Options & Fixtures>({
  expectedConsoleErrors: [[], { option: true }],
  waitForApp: [true, { option: true }],

  context: async ({ context, waitForApp }, use) => {
    // Every page of the test, the fixture's and any it opens (a second viewer), waits for the takeover.
    if (waitForApp) context.on('page', waitForTakeoverOnNavigation);
    await use(context);
  },

  page: async ({ page, expectedConsoleErrors, waitForApp }, use) => {
    if (waitForApp) waitForTakeoverOnNavigation(page);
    const expected = [...EXPECTED_CONSOLE_ERRORS, ...expectedConsoleErrors];
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      const isProblem = message.type() === 'error' || message.type() === 'warning';
      if (isProblem && !expected.some((pattern) => pattern.test(message.text())))
        problems.push(`console ${message.type()}: ${message.text()}`);
    });
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },

  login: async ({ page, request }, use) => {
    await use(async (viewer = createViewer()) => {
      const registered = await registerViewer(request, viewer);
      await signInAs(page, registered.user);
      return registered;
    });
  },

  shot: async ({ page }, use) => {
    await use(async (name, { fullPage = true, target = page } = {}) => {
      if (fullPage) await target.evaluate(() => window.scrollTo(0, 0));
      await target.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
    });
  },
});

export { expect };
