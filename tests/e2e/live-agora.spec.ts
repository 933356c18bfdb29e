// Journey: /live-agora on a server without Agora. The token call answers 503 'Failed to get
// token'; the page says the Agora player is not set up, points to /live, and the Agora SDK is
// never downloaded nor any Agora host contacted.
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { expect, test } from './support/fixtures';

// The token call's 503 is the answer this journey is about; the browser logs it as a failed load.
test.use({ expectedConsoleErrors: [/status of 503 \(Service Unavailable\)/] });

test('without Agora configured, /live-agora explains itself and never loads the Agora SDK', async ({
  page,
  login,
  shot,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await login();
  const token = page.waitForResponse((response) => response.url().includes('/api/rtctokngenerator_v2'));
  await page.goto('/live-agora');
  expect((await token).status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1, name: 'The Agora player is not set up here' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the live page' }).click();
  await expect(page).toHaveURL('/live');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'The Agora player is not set up here' })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot('live-agora-not-configured');

  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
  expect(
    requests.filter((url) => /agora/i.test(new URL(url).pathname) && !new URL(url).pathname.startsWith('/live-agora')),
  ).toEqual([]);
});
