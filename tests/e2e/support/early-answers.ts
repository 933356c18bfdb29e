// The app page carries answers to the first screen's public reads (decision 034), so the browser
// does not ask for them. Journeys that stand in for those answers serve the page without them.
import type { Page } from '@playwright/test';
import { EARLY_ANSWERS_ELEMENT } from '../../../src/shared/first-screen';

/** Serves the app page at `path` without its answers: the browser then reads them from the API. */
export async function withoutEarlyAnswers(page: Page, path: string) {
  await page.route(path, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({
      status: response.status(),
      headers,
      body: (await response.text()).replace(EARLY_ANSWERS_ELEMENT, ''),
    });
  });
}
