// Journey: web push on this device (decision 071). The viewer turns alerts on from the profile
// page: the service worker registers, and as this machine cannot reach a real push service the
// toggle says so kindly. A push is then handed to the service worker through the DevTools protocol
// (ServiceWorker.deliverPushMessage) and shows its notification; a second push for the same show
// (the same tag) replaces it. The server's own sends are tested against a stand-in (push.test.ts).
import type { CDPSession, Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { expect, test } from './support/fixtures';
import { PUSH_DEVICE_TEXT } from '../../src/web/features/notifications/push-device-text';

type ShownNotification = { title: string; body: string; tag: string; url: unknown };

function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const notifications = await registration.getNotifications();
    return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url }));
  });
}

/** The id DevTools gives the registration whose scope is the site's root. */
async function registrationIdOf(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const match = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (match) resolve(match.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

// Chromium says so in the console when a subscription is asked for in a private window (every test context is one).
test.use({ expectedConsoleErrors: [/does not support the Push API in incognito mode/] });

test('turns alerts on, shows a push, and a later push for the same show replaces it', async ({
  page,
  context,
  login,
  shot,
}) => {
  await context.grantPermissions(['notifications']);
  await login();
  await page.goto('/profile');
  const section = page.getByTestId('push-device');
  await expect(section.getByRole('heading', { name: PUSH_DEVICE_TEXT.heading })).toBeVisible();
  await expect(section.getByText(PUSH_DEVICE_TEXT.off)).toBeVisible();
  await section.getByRole('button', { name: PUSH_DEVICE_TEXT.turnOn }).click();
  // Headless Chromium here has no route to a real push service: the subscription fails, kindly said.
  await expect(section.getByRole('alert')).toHaveText(PUSH_DEVICE_TEXT.noPushService);
  await expect(section.getByRole('button', { name: PUSH_DEVICE_TEXT.tryAgain })).toBeEnabled();
  await section.scrollIntoViewIfNeeded();
  await shot('push-device-no-push-service');
  await expectAccessible(page, 'profile with alerts on this device');

  const origin = new URL(page.url()).origin;
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${origin}/`);
  const cdp = await context.newCDPSession(page);
  const registrationId = await registrationIdOf(cdp, scope);

  const push = (payload: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
  await push({
    title: 'Opal Hour starts in 15 minutes',
    body: 'Australian opals, live. Grab a seat!',
    url: '/live',
    tag: 'show:12',
    kind: 'show_starting',
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'Opal Hour starts in 15 minutes',
        body: 'Australian opals, live. Grab a seat!',
        tag: 'show:12',
        url: '/live',
      },
    ]);

  await push({ title: 'Opal Hour is live', body: 'Join now!', url: '/live', tag: 'show:12', kind: 'show_live' });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: 'Opal Hour is live', body: 'Join now!', tag: 'show:12', url: '/live' }]);

  // Another show's push stands beside it.
  await push({ title: 'Pearl Night is live', body: 'Join now!', url: '/live', tag: 'show:13', kind: 'show_live' });
  await expect
    .poll(async () => (await shownNotifications(page)).map((n) => n.tag).sort())
    .toEqual(['show:12', 'show:13']);
  await cdp.detach();
});

test('stores the subscription when the browser subscribes, and removes it on turning off', async ({
  page,
  context,
  login,
  shot,
}) => {
  await context.grantPermissions(['notifications']);
  // This machine has no push service, so the browser's subscribe() is stood in for: it answers a
  // subscription with well-formed keys and a loopback endpoint, as a browser with a push service would.
  await page.addInitScript(() => {
    let current: object | null = null;
    const bytes = (length: number, first: number) => {
      const array = new Uint8Array(length).fill(7);
      array[0] = first;
      return array.buffer;
    };
    const subscription = (key: ArrayBuffer) => ({
      endpoint: 'http://127.0.0.1:9/push/this-browser',
      expirationTime: null,
      options: { applicationServerKey: key, userVisibleOnly: true },
      getKey: (name: string) => (name === 'p256dh' ? bytes(65, 4) : bytes(16, 1)),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const copy = new Uint8Array(ArrayBuffer.isView(key) ? key.byteLength : 0);
      if (ArrayBuffer.isView(key)) copy.set(new Uint8Array(key.buffer, key.byteOffset, key.byteLength));
      current = subscription(copy.buffer);
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  });
  await login();
  await page.goto('/profile');
  const section = page.getByTestId('push-device');
  await section.getByRole('button', { name: PUSH_DEVICE_TEXT.turnOn }).click();
  await expect(section.getByText(PUSH_DEVICE_TEXT.on)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shot('push-device-on');
  await section.getByRole('button', { name: PUSH_DEVICE_TEXT.turnOff }).click();
  await expect(section.getByText(PUSH_DEVICE_TEXT.turnedOff)).toBeVisible();
  await expect(section.getByRole('button', { name: PUSH_DEVICE_TEXT.turnOn })).toBeVisible();
});

test('serves the service worker fresh, for the whole site', async ({ request }) => {
  const answer = await request.get('/sw.js');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/javascript/);
  expect(answer.headers()['cache-control']).toBe('no-cache');
  expect(await answer.text()).toContain("addEventListener('push'");
});

test('says plainly when the browser cannot show alerts, at 375 px', async ({ page, login, shot }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'PushManager');
  });
  await login();
  await page.goto('/profile');
  const section = page.getByTestId('push-device');
  await expect(section.getByText(PUSH_DEVICE_TEXT.unsupported)).toBeVisible();
  await expect(section.getByRole('button')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await section.scrollIntoViewIfNeeded();
  await shot('push-device-unsupported-phone', { fullPage: false });
});

test('says how to unblock alerts when notifications are blocked', async ({ page, login }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await login();
  await page.goto('/profile');
  await expect(page.getByTestId('push-device').getByText(PUSH_DEVICE_TEXT.denied)).toBeVisible();
});
