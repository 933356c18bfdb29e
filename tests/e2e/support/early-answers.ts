// The app page carries answers to the first screen's public reads (decision 034), so the browser
// does not ask for them, and the first screen the server rendered from them (decision 097).
// Journeys that stand in for those answers serve the page without either.
import type { Page } from '@playwright/test';
import { EARLY_ANSWERS_ELEMENT } from '../../../src/shared/first-screen';

/** The server's first screen inside the app's mount point, up to the element after it. */
const SERVER_SCREEN = /<div id="root">[\s\S]*<\/div>(\s*<noscript>)/;

/** Serves the app page at `path` without its answers: the browser then reads them from the API and renders alone. */
export async function withoutEarlyAnswers(page: Page, path: string) {
  await page.route(path, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({
      status: response.status(),
      headers,
      body: (await response.text())
        .replace(EARLY_ANSWERS_ELEMENT, '')
        .replace(SERVER_SCREEN, (_screen, after: string) => `<div id="root"></div>${after}`),
    });
  });
}
