// Journey: the server renders the first screen (decision 097). Without the app's code a visitor
// reads home with its lists, a signed-in viewer never sees the visitor's way in, and with the code
// the app takes the page over without errors or layout shifts.
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { SCREEN_SIZES } from './support/env';
import { expect, test } from './support/fixtures';
import { removeEvent, scheduleEvent, type ScheduledEvent } from './support/site-data';

const TAGLINE = 'Where entertainment meets beautiful jewelry and amazing prices.';

/** Only the server's page: the app's code never arrives (the head's inline mark is not a file and still runs). */
async function withoutAppCode(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

/** The header's visitor links, wherever the screen size puts them. */
function visitorHeaderLinks(page: Page) {
  const header = page.getByRole('banner');
  return [header.getByRole('link', { name: 'Log in' }), header.getByRole('link', { name: 'Register' })];
}

let show: ScheduledEvent;
// Every worker that runs a test of this file schedules its own show: the title names the worker, so
// one worker's link is never another's (strict locators would find two).
test.beforeAll(() => {
  show = scheduleEvent({
    type: 'show',
    title: `Opal Hour ${test.info().workerIndex}: fire in the stone`,
    startsInMinutes: 3 * 24 * 60,
    minutes: 60,
  });
});
test.afterAll(() => removeEvent(show.id));

test.describe('without the app code', () => {
  test.use({ expectedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/], waitForApp: false });

  for (const [size, viewport] of SCREEN_SIZES) {
    test(`a visitor reads home with its lists from the server on a ${size}`, async ({ page, shot }) => {
      await page.setViewportSize(viewport);
      await withoutAppCode(page);
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1, name: TAGLINE })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Upcoming shows' })).toBeVisible();
      await expect(page.getByRole('link', { name: show.title, exact: true })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
      await shot(`first-screen-visitor-no-js-${size}`, { fullPage: false });
      await expectAccessible(page);
    });

    test(`a signed-in viewer never sees the visitor's way in on a ${size}`, async ({ page, login, shot }) => {
      await page.setViewportSize(viewport);
      await login();
      await withoutAppCode(page);
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: 'Upcoming shows' })).toBeVisible();
      for (const link of visitorHeaderLinks(page)) await expect(link).toBeHidden();
      await expect(page.getByRole('link', { name: 'Create your account' })).toBeHidden();
      await expect(page.getByRole('link', { name: `Log in to RSVP for ${show.title}` })).toBeHidden();
      await shot(`first-screen-viewer-no-js-${size}`, { fullPage: false });

      await page.goto('/live');
      await expect(page.getByRole('banner')).toBeVisible();
      for (const link of visitorHeaderLinks(page)) await expect(link).toBeHidden();
    });
  }
});

test('the app takes over the server’s home for a visitor without errors or layout shifts', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Reflect.set(window, '__layoutShifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push(Number(Reflect.get(entry, 'value')));
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/home');
  // The cookie banner is the app's own: once it shows, the app has rendered over the server's screen.
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: TAGLINE })).toBeVisible();
  await expect(page.getByRole('link', { name: show.title, exact: true })).toBeVisible();
  const shifts = await page.evaluate(() => Reflect.get(window, '__layoutShifts') as number[]);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});

test('the app takes over the server’s home for a signed-in viewer, who can then sign out', async ({ page, login }) => {
  const { viewer } = await login();
  await page.goto('/home');
  await expect(page.getByRole('button', { name: `Account menu for ${viewer.first_name}` })).toBeVisible();
  for (const link of visitorHeaderLinks(page)) await expect(link).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/signed-in/);
  await page.getByRole('button', { name: `Account menu for ${viewer.first_name}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
});
