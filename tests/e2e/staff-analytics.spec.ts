// Journey: a staff member reads the analytics report after some visits (totals, the day chart and
// its table, referral codes with their sign-ups, the median time on page, the period picker), on a
// phone and a desktop; an empty period has its own state; a viewer, or an account whose staff
// rights were taken away, is told the page is for staff.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AnalyticsReport } from '../../src/shared/contract/analytics';
import type { AuthedUser } from '../../src/shared/contract/user';
import { expectAccessible } from './support/axe';
import { createViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { grantStaff } from './support/site-data';
import { createStaff } from './support/staff';

// The cookie notice is the shell's journey; here it would only cover the text in the screenshots.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

/** A new viewer promoted to staff, logged in through the API and stored in the browser as the app does. */
async function loginAsStaff(page: Page, request: APIRequestContext): Promise<AuthedUser> {
  const user = await createStaff(request);
  await signInAs(page, user);
  return user;
}

/** Posts an analytics write; waits out the per-IP rate limit the parallel journeys may have used up. */
async function record(request: APIRequestContext, call: string, data: Record<string, unknown>) {
  for (let attempt = 0; ; attempt++) {
    const response = await request.post(`/api/${call}`, { data });
    if (response.status() !== 429 || attempt > 0) {
      expect(response.status(), await response.text()).toBe(200);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, (Number(response.headers()['retry-after'] ?? 5) + 1) * 1000));
  }
}

function visit(sessionId: string, route: string, refId: string, device: 'mobile' | 'desktop') {
  return {
    session_id: sessionId,
    region: 'America/Los_Angeles | PDT',
    device_type: device,
    resolution: device === 'mobile' ? '375 * 812' : '1280 * 900',
    route,
    route_param: '',
    invited_by: '',
    url_referrer: 'https://www.example-jewelry-blog.test/post',
    ref_id: refId,
    full_url: `http://127.0.0.1${route}`,
  };
}

async function totalFor(page: Page, label: string): Promise<number> {
  const value = page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
  return Number((await value.textContent())?.replace(/,/g, ''));
}

/** Every visible day label's tick is at the centre of the bar of the day it names (within a pixel). */
async function expectLabelsUnderTheirBars(page: Page) {
  const offsets = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-tick]')]
      .filter((tick) => tick.offsetParent !== null)
      .map((tick) => {
        const bar = document.querySelector(`[data-day="${tick.dataset.tick}"]`)?.getBoundingClientRect();
        return bar
          ? Math.abs(tick.getBoundingClientRect().left - (bar.left + bar.width / 2))
          : Number.POSITIVE_INFINITY;
      }),
  );
  expect(offsets.length, 'the chart has day labels').toBeGreaterThan(1);
  for (const offset of offsets) expect(offset).toBeLessThanOrEqual(1);
}

test('a staff member reads totals, the day chart, referral codes and their sign-ups', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  const refId = `e2e-${randomUUID().slice(0, 8)}`;
  const mobileSession = randomUUID();
  const desktopSession = randomUUID();
  await record(request, 'uservisit', visit(mobileSession, '/home', refId, 'mobile'));
  await record(request, 'uservisit', visit(mobileSession, '/faq', refId, 'mobile'));
  await record(request, 'uservisit', visit(desktopSession, '/about', '', 'desktop'));
  await record(request, 'pageview', { session_id: mobileSession, path: '/home', title: 'Home - Gemcast' });
  await record(request, 'trackevent', { session_id: mobileSession, category: 'giveaway', action: 'enter' });
  // Sixty timed views of one page, most of them 95 s: its median is 95 s. The table lists the ten
  // pages with the most timed views, and the rest of the suite times /home, /live and others
  // dozens of times, so the page needs more views than they have to be listed.
  const timedPage = `/e2e-median-${refId}`;
  const timings = [300, 4, 120, 6, ...Array.from({ length: 56 }, () => 95)];
  for (const seconds of timings)
    await record(request, 'ptvl', { session_id: mobileSession, route: timedPage, seconds });
  const referred = await request.post('/api/registeruser_v1', { data: { ...createViewer(), refId } });
  expect(referred.status(), await referred.text()).toBe(200);

  await loginAsStaff(page, request);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/staff/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Site analytics' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();

  expect(await totalFor(page, 'Visits')).toBeGreaterThanOrEqual(3);
  expect(await totalFor(page, 'Unique sessions')).toBeGreaterThanOrEqual(2);
  expect(await totalFor(page, 'Page views')).toBeGreaterThanOrEqual(1);
  expect(await totalFor(page, 'Sign-ups')).toBeGreaterThanOrEqual(2);

  await expect(
    page.getByRole('img', { name: /^Bar chart of visits per day from .+ The busiest day was/ }),
  ).toBeVisible();
  const referralCodes = page.getByRole('table', { name: 'Visits and sign-ups by referral code' });
  await expect(referralCodes.getByRole('row', { name: new RegExp(`^${refId} 2 1$`) })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Visits by referring website' })
      .getByRole('rowheader', { name: 'example-jewelry-blog.test' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Events by category and action' })
      .getByRole('rowheader', { name: 'giveaway / enter' }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Visits by device type' }).getByRole('rowheader', { name: 'mobile' }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Median time on page and the number of timed views' }).getByRole('row', {
      name: `${timedPage} 1 min 35 s ${timings.length}`,
    }),
  ).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'no sideways scrolling at 375 px',
  ).toBeLessThanOrEqual(375);
  await expectLabelsUnderTheirBars(page);
  await expectAccessible(page);
  await shot('staff-analytics-375');

  await page.getByText('Visits by day as a table').click();
  const byDay = page.getByRole('table', { name: 'Visits and unique sessions per day' });
  await expect(byDay.getByRole('row')).toHaveCount(8);

  // The keyboard moves through the periods like any radio group.
  await page.getByRole('radio', { name: '7 days' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
  await expect(byDay.getByRole('row')).toHaveCount(31);
  await page.getByText('1 day', { exact: true }).click();
  await expect(byDay.getByRole('row')).toHaveCount(2);
  expect(await totalFor(page, 'Visits')).toBeGreaterThanOrEqual(3);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByText('90 days', { exact: true }).click();
  await expect(byDay.getByRole('row')).toHaveCount(91);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectLabelsUnderTheirBars(page);
  await expectAccessible(page);
  await shot('staff-analytics-1280');
  await page.getByText('7 days', { exact: true }).click();
  await expect(byDay.getByRole('row')).toHaveCount(8);
  await expectLabelsUnderTheirBars(page);
  await page.getByRole('img', { name: /^Bar chart of visits per day/ }).scrollIntoViewIfNeeded();
  await shot('staff-analytics-1280-week', { fullPage: false });
});

test('a period with nothing recorded says so', async ({ page, request, shot }) => {
  await loginAsStaff(page, request);
  const today = new Date().toISOString().slice(0, 10);
  const empty: AnalyticsReport = {
    from: today,
    to: today,
    totals: { visits: 0, sessions: 0, pageViews: 0, signups: 0 },
    byDay: [],
    topPages: [],
    referrers: [],
    refIds: [],
    devices: [],
    events: [],
    timeOnPage: [],
  };
  await page.route(/\/api\/staff\/analytics\?/, (route) =>
    route.fulfill({ json: { status: 1, statusCode: 200, message: 'OK', data: [empty] } }),
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/staff/analytics');
  await expect(page.getByRole('heading', { name: 'No visits recorded yet' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await shot('staff-analytics-empty-375');
});

test('an account whose staff rights were taken away is told the page is for staff', async ({ page, request, shot }) => {
  const user = await loginAsStaff(page, request);
  grantStaff(user.email, false);
  // A change made behind the server's back applies within its few-second session cache.
  await expect
    .poll(
      async () => (await request.get('/api/staff/analytics?days=7', { headers: { token: user.tokenvalue } })).status(),
      { timeout: 10_000 },
    )
    .toBe(403);
  await page.goto('/staff/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'This page is for Gemcast staff.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await shot('staff-analytics-refused');
});

test('a viewer gets the staff-only message, and the report stays closed to them', async ({ page, request, login }) => {
  const { user } = await login();
  await page.goto('/staff/analytics');
  await expect(
    page.getByRole('heading', { level: 1, name: /^This page is for (the )?Gemcast (staff|team)/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Site analytics' })).toHaveCount(0);
  expect((await request.get('/api/staff/analytics?days=7', { headers: { token: user.tokenvalue } })).status()).toBe(
    403,
  );
});
