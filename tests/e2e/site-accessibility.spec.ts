// Journey: axe-core finds no serious or critical problems on the site's pages, at 375 px and at
// 1280 px, with the cookie banner showing, the phone menu open and the contact drawer open; each
// screen is saved to test-results/screenshots/ for review.
import { randomUUID } from 'node:crypto';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { expect, test } from './support/fixtures';
import { scheduleEvent, type ScheduledEvent } from './support/site-data';

let giveaway: ScheduledEvent;
let past: ScheduledEvent;

test.beforeAll(() => {
  const tag = randomUUID().slice(0, 6);
  giveaway = scheduleEvent({
    type: 'giveaway',
    title: `Moonstone Giveaway ${tag}`,
    description: 'A moonstone pendant for one viewer.',
    startsInMinutes: -2,
    minutes: 90,
  });
  past = scheduleEvent({
    type: 'show',
    title: `Citrine Classics ${tag}`,
    description: 'Warm yellow stones, from the archive.',
    startsInMinutes: -60 * 5,
    minutes: 60,
  });
});

const pages: readonly (readonly [name: string, path: () => string])[] = [
  ['home', () => '/home'],
  ['login', () => '/login'],
  ['register', () => '/register'],
  ['not-found', () => '/no-such-page'],
  ['rewards', () => '/rewards'],
  ['notifications', () => '/notifications'],
  ['notification-settings', () => '/notifications/settings'],
  ['unsubscribe-broken', () => '/unsubscribe/not-a-link-from-any-email'],
  ['giveaways', () => '/giveaways'],
  ['contests', () => '/contests'],
  ['giveaway', () => `/giveaway/${giveaway.id}`],
  ['giveaway-terms', () => `/giveaway-terms/${giveaway.id}`],
  ['giveaway-success', () => `/giveaway/success/${giveaway.id}`],
  ['giveaway-already', () => `/giveaway/already-participated/${giveaway.id}`],
  ['intergem-giveaway', () => `/intergem/giveaway/${giveaway.id}`],
  ['past', () => `/past/${past.id}`],
  ['giveaway-not-found', () => '/giveaway/123456789'],
  ['whatnot', () => '/whatnot'],
  ['whatnot-success', () => '/whatnot/success'],
  ['product-register', () => '/product-register'],
  ['exhibition-thanks', () => '/exhibition-thanks/7'],
];

const SCREENS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
] as const;

// One test per page, each checking both widths in one browser (the second visit is served from its
// cache): all seventeen pages in one test took over two minutes on CI's busy machine.
for (const [name, path] of pages) {
  test(`the ${name} page has no serious accessibility problems and fits the screen at 375 and 1280 px`, async ({
    page,
    shot,
  }) => {
    test.setTimeout(60_000);
    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      await page.goto(path());
      await expect(page.getByRole('heading', { level: 1 }), path()).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expectAccessible(page, `${path()} at ${screen.width} px`);
      await expectNoSidewaysScroll(page);
      await shot(`site-${name}-${screen.width}`);
    }
  });
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 800 } });

    test('viewer pages, the contact drawer and the menu have no serious accessibility problems', async ({
      page,
      login,
      shot,
    }) => {
      // Three pages, the drawer and the menu, each checked by axe: 14–31 s here, so the public pages' allowance.
      test.setTimeout(120_000);
      await login();
      for (const [path, name] of [
        ['/live', 'live'],
        ['/chat', 'chat'],
        ['/test-live', 'staff-only'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        await shot(`site-${name}-${width}`);
      }

      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Contact us' }).getByRole('heading', { name: 'Email us' }),
      ).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');

      if (width === 375) {
        await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
        await expect(
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }),
        ).toBeVisible();
        await expectAccessible(page);
      }
    });
  });
}
