// Journey: a visitor reads the static pages: about, privacy (18 sections, the update date and the
// California limits), terms, the coupons & giveaway FAQ and the contact page with the configured
// details. Every page passes axe at phone and desktop widths.
import type { APIRequestContext } from '@playwright/test';
import type { SiteConfig } from '../../src/shared/contract/site';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

const PAGES = [
  { path: '/about', title: 'About Page - Gemcast', heading: 'About us', slug: 'about' },
  { path: '/privacy', title: 'Privacy Page - Gemcast', heading: 'Privacy policy', slug: 'privacy' },
  { path: '/terms', title: 'Terms Page - Gemcast', heading: 'Terms & conditions', slug: 'terms' },
  { path: '/faq', title: 'Gemcast', heading: 'Coupons & Giveaway FAQ', slug: 'faq' },
  { path: '/contact-us', title: 'Gemcast', heading: 'Contact us', slug: 'contact-us' },
] as const;

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

// The cookie notice is the shell's journey; here it would only cover the text in the screenshots.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

async function siteConfig(request: APIRequestContext): Promise<SiteConfig> {
  const body: { data: SiteConfig[] } = await (await request.get('/api/siteconfig')).json();
  const config = body.data[0];
  if (!config) throw new Error('no site configuration');
  return config;
}

for (const { path, title, heading, slug } of PAGES) {
  test(`${path} has its title, one h1 inside the shell, and no serious accessibility problems at 375 and 1280 px`, async ({
    page,
    shot,
  }) => {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      if (path === '/contact-us') await expect(page.getByRole('link', { name: /@/ }).first()).toBeVisible();
      if (path === '/faq') await page.locator('main summary').first().click();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        'no sideways scrolling',
      ).toBeLessThanOrEqual(size.width);
      await expectAccessible(page);
      await shot(`static-${slug}-${size.width}`);
    }
  });
}

test('the about page tells the story under the configured brand', async ({ page, request }) => {
  const { brand } = await siteConfig(request);
  await page.goto('/about');
  const article = page.locator('main article');
  await expect(article.getByRole('heading', { level: 2, name: 'The first live show' })).toBeVisible();
  await expect(article).toContainText(`${brand} is a live jewelry entertainment network`);
  await expect(article.getByRole('heading', { level: 2 })).toHaveCount(5);
});

test('the privacy policy has 18 numbered sections, its update date and the California limits', async ({
  page,
  request,
}) => {
  const { email } = await siteConfig(request);
  await page.goto('/privacy');
  await expect(page.getByText('Last updated December 22, 2022')).toBeVisible();
  await expect(page.locator('time[datetime="2022-12-22"]')).toHaveText('December 22, 2022');

  const sections = page.locator('main article section > h2');
  await expect(sections).toHaveCount(18);
  const titles = await sections.allTextContents();
  expect(titles.map((text) => Number(text.split('.')[0]))).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));

  const collected = page.locator('section', {
    has: page.getByRole('heading', { name: '3. Information collected when you visit' }),
  });
  for (const field of [
    'session id',
    'region',
    'device type',
    'screen resolution',
    'referrer',
    'referral code',
    'IP address',
  ])
    await expect(collected).toContainText(field);
  const cookies = page.locator('section', {
    has: page.getByRole('heading', { name: '4. Cookies and browser storage' }),
  });
  await expect(cookies).toContainText('cookies_consent');
  await expect(cookies).toContainText('refId');
  await expect(cookies).toContainText('90 days');

  const california = page.locator('section', {
    has: page.getByRole('heading', { name: '14. Your California privacy rights' }),
  });
  await expect(california).toContainText('at most 2 requests to know in any 12-month period');
  await expect(california).toContainText('within 10 days');
  await expect(california).toContainText('within 45 days');
  await expect(california).toContainText('up to 90 days in total');
  await expect(california).toContainText('the 12 months before we received your request');
  await expect(page.locator('main')).toContainText('US dollars');

  const contact = page.locator('section', { has: page.getByRole('heading', { name: '18. How to contact us' }) });
  await expect(contact.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
});

test('the privacy contents jump to a section and move focus to it, without leaving the page', async ({ page }) => {
  await page.goto('/privacy');
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await expect(contents.getByRole('link')).toHaveCount(18);
  await contents.getByRole('link', { name: 'Your California privacy rights' }).click();
  const heading = page.getByRole('heading', { name: '14. Your California privacy rights' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page).toHaveURL('/privacy');
});

test('the terms cover who may use the service, prices in US dollars and where to ask', async ({ page }) => {
  await page.goto('/terms');
  const article = page.locator('main article');
  await expect(article.getByRole('heading', { level: 2, name: '1. Who can use Gemcast' })).toBeVisible();
  await expect(article).toContainText('All prices are in US dollars');
  await expect(article.getByRole('link', { name: 'Coupons & Giveaway FAQ' })).toHaveAttribute('href', '/faq');
});

test('the FAQ answers with the coupon rules, the Today’s Giveaway button and the 5-minute rule', async ({
  page,
  request,
  shot,
}) => {
  const { phone } = await siteConfig(request);
  await page.goto('/faq');
  const coupons = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Coupons' }) });
  const giveaways = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Giveaways' }) });

  // The keyboard opens a question, as a click does.
  const validity = coupons.locator('summary', { hasText: 'How long is a coupon valid?' });
  await validity.focus();
  await page.keyboard.press('Enter');
  await expect(
    coupons.getByText('Two weeks from the day you receive it, unless the coupon states a different period.'),
  ).toBeVisible();

  for (const question of [
    'Is there a minimum purchase?',
    'Can I use more than one coupon on an order?',
    'What can I use my birthday coupon on?',
  ]) {
    await coupons.getByText(question).click();
  }
  await expect(coupons).toContainText('There is no minimum purchase unless the coupon says there is.');
  await expect(coupons).toContainText('Coupons cannot be combined');
  await expect(
    coupons.getByText(
      'Birthday coupons apply to show jewelry only. They cannot be used on auctions or on loose gems.',
      { exact: false },
    ),
  ).toBeVisible();

  await giveaways.getByText('Where do I enter during a live show?').click();
  await expect(giveaways.getByText(/a Today's Giveaway button appears under the live show window/)).toBeVisible();
  await giveaways.getByText('I won! What do I do now?').click();
  const claim = giveaways.getByText(/within 5 minutes of the announcement/);
  await expect(claim).toBeVisible();
  await expect(claim).toContainText('Chat messages do not count');
  await expect(claim.getByRole('link', { name: phone })).toBeVisible();
  await giveaways.getByText('Do I have to enter again for every show?').click();
  await expect(giveaways).toContainText('re-enter the giveaway for each show');
  await giveaways.getByText('Can I win twice in the same show?').click();
  await expect(giveaways).toContainText('we respin');
  await expect(page.locator('main')).toContainText('valid in the United States only');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot('static-faq-open-375');
});

test('contact us shows the configured phone and e-mail cards', async ({ page, request, shot }) => {
  const { phone, email } = await siteConfig(request);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.locator('main').getByText(phone, { exact: true })).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(page.locator('main').getByText('or', { exact: true })).toBeVisible();
  await shot('static-contact-us-cards-375');
});
