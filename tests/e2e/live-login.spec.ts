// Journey: a visitor opens /live without being logged in, is sent to log in, logs in with the code
// e-mailed to them and lands back on /live.
import { expect, test } from './support/fixtures';
import { registerViewer } from './support/factories';
import { readCode } from './support/outbox';

test('a logged-out visitor opening /live logs in with an e-mailed code and comes back to /live', async ({
  page,
  request,
  shot,
}) => {
  const { viewer } = await registerViewer(request);
  await page.goto('/live');
  await expect(page).toHaveURL('/login?redirectTo=%2Flive');
  await expect(page.getByRole('heading', { name: 'Log in to Gemcast' })).toBeVisible();

  await page.getByLabel('E-mail').fill(viewer.email);
  const sentAfter = new Date();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await readCode(viewer.email, { since: sentAfter });
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL('/live');
  await expect(page).toHaveTitle('Live Page - Gemcast');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot('live-after-login');
});
