// Journey: where visitors come from and what they look at. A refid link keeps the refId cookie for
// 90 days and the shared invite code; a visit from another site keeps that site; every route
// change reaches the server as the visit record of spec §3, a page view and the time spent, and a
// page made hidden sends its visible time as a beacon.
import { randomUUID } from 'node:crypto';
import type { Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { pageTimesOf, pageViewsOf, scheduleEvent, trackedEventsOf, visitsWithRefId } from './support/site-data';

const DAY_MS = 86_400_000;

/**
 * Opens `path` until the server takes its visit record and page view: parallel journeys share the
 * per-IP analytics limit, and a refused record is dropped, as analytics failures are.
 */
async function visit(page: Page, path: string, options: { referer?: string } = {}): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const answered = (call: string) => page.waitForResponse((response) => response.url().endsWith(call));
    const answers = Promise.all([answered('/api/uservisit'), answered('/api/pageview')]);
    await page.goto(path, options);
    const [visitAnswer, viewAnswer] = await answers;
    const refused = [visitAnswer, viewAnswer].find((answer) => answer.status() === 429);
    if (!refused || attempt > 2) return visitAnswer;
    await page.waitForTimeout((Number(refused.headers()['retry-after'] ?? 5) + 1) * 1000);
  }
}

function storage(page: Page) {
  return page.evaluate(() => ({
    refSource: localStorage.getItem('refSource'),
    referrer: localStorage.getItem('referrer'),
    sharedInviteCode: localStorage.getItem('SharedInviteCode'),
    analyticsId: sessionStorage.getItem('analyticsID'),
  }));
}

test('a refid keeps the refId cookie for 90 days and becomes the shared invite code once', async ({ page }) => {
  const refIdCookie = async () => (await page.context().cookies()).find((c) => c.name === 'refId');
  await page.goto('/giveaways?refid=FRIEND42');
  await expect(page.getByRole('heading', { level: 1, name: 'Giveaways' })).toBeVisible();
  // The app keeps the refid in an effect after its first commit: it may come just after the heading.
  await expect.poll(async () => (await refIdCookie())?.value).toBe('FRIEND42');
  const cookie = await refIdCookie();
  expect(cookie?.path).toBe('/');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / DAY_MS;
  expect(days).toBeGreaterThan(89.9);
  expect(days).toBeLessThanOrEqual(90);
  expect((await storage(page)).sharedInviteCode).toBe('FRIEND42');

  await page.goto('/rewards?refid=SECOND7');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  await expect.poll(async () => (await refIdCookie())?.value).toBe('SECOND7');
  expect((await storage(page)).sharedInviteCode).toBe('FRIEND42');
});

test('a visit from another site keeps its host and URL, and our own pages never replace them', async ({
  page,
  baseURL,
}) => {
  await page.goto('/home', { referer: 'https://www.instagram.com/x' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(async () => (await storage(page)).refSource).toBe('instagram.com');
  expect((await storage(page)).referrer).toBe('https://www.instagram.com/x');

  await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
  await page.goto('/faq', { referer: `${baseURL}/home` });
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons & Giveaway FAQ' })).toBeVisible();
  expect(await storage(page)).toMatchObject({ refSource: 'instagram.com', referrer: 'https://www.instagram.com/x' });

  await page.goto('/home', { referer: 'https://m.facebook.com/story?id=9' });
  await expect.poll(async () => (await storage(page)).refSource).toBe('m.facebook.com');
});

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 375, height: 740 },
    screen: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'America/New_York',
  });

  test('the server receives the visit record, the page view and the time on the page', async ({ page }) => {
    test.setTimeout(90_000);
    const refId = `VISIT${randomUUID().slice(0, 8)}`;
    const response = await visit(page, `/past/321?refid=${refId}`, { referer: 'https://www.instagram.com/gemcast' });
    expect(response.status()).toBe(200);
    const { analyticsId } = await storage(page);
    expect(analyticsId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const [row] = visitsWithRefId(refId);
    expect(row).toMatchObject({
      session_id: analyticsId,
      route: '/past/321',
      route_param: '321',
      device_type: 'mobile',
      resolution: '375 * 740',
      invited_by: refId,
      url_referrer: 'https://www.instagram.com/gemcast',
      referrer_host: 'instagram.com',
      ref_id: refId,
    });
    expect(row?.region).toMatch(/^America\/New_York \| E[SD]T$/);
    expect(row?.full_url).toMatch(new RegExp(`/past/321\\?refid=${refId}$`));
    expect(row?.ip_address).not.toBe('');

    await expect
      .poll(() => pageViewsOf(analyticsId ?? ''))
      .toContainEqual({ path: '/past/321', title: 'Past Page - Gemcast' });

    // Leaving the route by a link in the app sends the time spent on it, and a new visit record.
    for (let attempt = 0; ; attempt++) {
      await page.waitForTimeout(1_100); // under a second on a page is not sent
      const answers = Promise.all(
        ['/api/ptvl', '/api/uservisit'].map((call) => page.waitForResponse((r) => r.url().endsWith(call))),
      );
      await page.getByRole('link', { name: 'See upcoming shows' }).click();
      await expect(page).toHaveURL('/home');
      const refused = (await answers).find((answer) => answer.status() === 429);
      if (!refused || attempt > 2) {
        expect((await answers).map((answer) => answer.status())).toEqual([200, 200]);
        break;
      }
      await page.waitForTimeout((Number(refused.headers()['retry-after'] ?? 5) + 1) * 1000);
      await visit(page, `/past/321?refid=${refId}`);
    }
    await expect.poll(() => pageTimesOf(analyticsId ?? '').map((time) => time.route)).toContain('/past/321');
    await expect.poll(() => visitsWithRefId(refId).map((visit) => visit.route)).toContain('/home');
    expect(visitsWithRefId(refId).find((visit) => visit.route === '/home')?.route_param).toBe('');
  });
});

test('a page made hidden sends its visible seconds as a beacon, which the server stores', async ({ page }) => {
  test.setTimeout(90_000);
  for (let attempt = 0; ; attempt++) {
    await visit(page, '/faq');
    await page.waitForTimeout(2_100);
    const beacon = page.waitForResponse((response) => response.url().endsWith('/api/ptvl'));
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const answer = await beacon;
    if (answer.status() !== 429 || attempt > 2) {
      expect(answer.status()).toBe(200);
      expect(answer.request().headers()['content-type']).toBe('application/json');
      expect(answer.request().headers()['token']).toBeUndefined();
      break;
    }
    await page.waitForTimeout((Number(answer.headers()['retry-after'] ?? 5) + 1) * 1000);
  }
  const { analyticsId } = await storage(page);
  const [time] = pageTimesOf(analyticsId ?? '').filter((row) => row.route === '/faq');
  expect(time?.seconds).toBeGreaterThanOrEqual(2);
  expect(time?.seconds).toBeLessThan(30);
});

test('a desktop visit is recorded as desktop with the screen size', async ({ page }) => {
  test.setTimeout(90_000);
  const refId = `DESK${randomUUID().slice(0, 8)}`;
  await visit(page, `/rewards?refid=${refId}`);
  await expect.poll(() => visitsWithRefId(refId).length).toBe(1);
  const [row] = visitsWithRefId(refId);
  expect(row?.device_type).toBe('desktop');
  expect(row?.resolution).toBe(await page.evaluate(() => `${screen.width} * ${screen.height}`));
  expect(row?.url_referrer).toBe('');
});

test('a click on "Log in to RSVP" is counted as an event', async ({ page }) => {
  test.setTimeout(90_000);
  const show = scheduleEvent({
    type: 'show',
    title: `Tanzanite Tuesday ${randomUUID().slice(0, 6)}`,
    // Soon, so it is among the first shows on /home however many other journeys have scheduled.
    startsInMinutes: 4,
    minutes: 60,
  });
  for (let attempt = 0; ; attempt++) {
    await page.goto('/home');
    const tracked = page.waitForResponse((response) => response.url().endsWith('/api/trackevent'));
    await page.getByRole('link', { name: `Log in to RSVP for ${show.title}` }).click();
    await expect(page).toHaveURL('/login?redirectTo=%2Fhome');
    const response = await tracked;
    if (response.status() !== 429 || attempt > 2) {
      expect(response.status()).toBe(200);
      break;
    }
    await page.waitForTimeout((Number(response.headers()['retry-after'] ?? 5) + 1) * 1000);
  }
  const { analyticsId } = await storage(page);
  expect(trackedEventsOf(analyticsId ?? '')).toContainEqual({
    category: 'home',
    action: 'rsvp-login',
    label: show.title,
  });
});
