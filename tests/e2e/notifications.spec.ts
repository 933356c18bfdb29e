// Journey: a viewer's notifications on the web. The bell's count rises without a reload when the same
// viewer logs in on another browser (a security notice); /notifications at 375 px lists them newest
// first with "Load more", opening one marks it read and follows it, "Mark all as read" clears the
// bell; a choice on /notifications/settings stays after a reload while the security cells cannot be
// changed; the unsubscribe link of a real reminder e-mail shows whose it is, unsubscribes only on the
// button, and offers the e-mail choices. Each page passes axe at 375 and 1280 px.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { E2E_PORT } from './support/env';
import { createViewer, logInWithPassword, registerViewer, type Viewer } from './support/factories';
import { expect, test, waitForTakeoverOnNavigation } from './support/fixtures';
import { recordNotifications, unsubscribableMail, unsubscribePathOf } from './support/notifications';
import { scheduleEvent } from './support/site-data';

const SCREENS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
] as const;

async function expectAccessibleAtBothWidths(page: Page, name: string, shot: (name: string) => Promise<void>) {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await expectAccessible(page, `${page.url()} at ${screen.width} px`);
    await expectNoSidewaysScroll(page);
    await shot(`notifications-${name}-${screen.width}`);
  }
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

/**
 * A viewer who RSVPed, as the run starts, to a show starting within the hour: the server's reminder
 * pass (every minute) records their "starting soon" notification and e-mails it with its unsubscribe
 * link, by the time the unsubscribe journey needs it.
 */
let remindedViewer: Viewer;
let showTitle: string;

test.beforeAll(async ({ playwright }) => {
  const api: APIRequestContext = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  const { viewer, user } = await registerViewer(api, createViewer());
  remindedViewer = viewer;
  showTitle = `Opal Hour ${randomUUID().slice(0, 6)}`;
  const show = scheduleEvent({ type: 'show', title: showTitle, startsInMinutes: 30, minutes: 60 });
  const rsvp = await api.post('/api/rsvpdata_v1', { data: { eventid: show.id }, headers: { token: user.tokenvalue } });
  expect(rsvp.status(), await rsvp.text()).toBe(200);
  await api.dispose();
});

test('the bell counts up live; the list at 375 px marks one read as it opens and all read at once', async ({
  page,
  browser,
  login,
  shot,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  const { viewer, user } = await login();
  recordNotifications(user.id, [
    ...Array.from({ length: 20 }, (_, index) => ({
      title: `Contest results are in (${index + 1})`,
      body: 'See who won the Sapphire Selfie contest.',
      url: '/contests',
      minutesAgo: 120 - index,
    })),
    { title: 'Your giveaway entry won', body: 'Open your rewards to claim it.', url: '/rewards', minutesAgo: 1 },
  ]);
  await page.goto('/home');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 21 unread');

  // The same viewer logs in on an iPhone: a browser the account has not used, so a security notice.
  const phone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });
  const phonePage = await phone.newPage();
  waitForTakeoverOnNavigation(phonePage);
  await phonePage.goto('/login?redirectTo=%2Fhome');
  await logInWithPassword(phonePage, viewer.email, viewer.password);
  await expect(phonePage).toHaveURL('/home');
  await phone.close();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 22 unread', { timeout: 15_000 });
  await shot('notifications-bell-375', { fullPage: false });

  await bell(page).click();
  await expect(page).toHaveURL('/notifications');
  await expect(page).toHaveTitle('Notifications - Gemcast');
  const list = page.getByRole('list', { name: 'Your notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(list.getByRole('listitem').first()).toContainText('NewNew sign-in to your account');
  await expect(list.getByRole('listitem').first()).toContainText('Safari on an iPhone signed in to your account');
  await expect(list.getByRole('listitem').nth(1)).toContainText('NewYour giveaway entry won');
  await expect(page.getByText('22 unread')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(22);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(list.getByRole('listitem').last()).toContainText('Contest results are in (1)');
  await expectAccessibleAtBothWidths(page, 'list', shot);

  await page.setViewportSize({ width: 375, height: 740 });
  await list.getByRole('link', { name: /Your giveaway entry won/ }).click();
  await expect(page).toHaveURL('/rewards');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 21 unread');

  await page.goBack();
  await expect(list.getByRole('listitem').nth(1)).not.toContainText('NewYour');
  await expect(list.getByRole('listitem').first()).toContainText('NewNew sign-in');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All caught up' })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByText('No unread notifications')).toBeVisible();
  await expect(list.getByText('New', { exact: true })).toHaveCount(0);

  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await shot('notifications-list-read-375');
});

test('a viewer with nothing yet sees a friendly empty list; a visitor is asked to log in', async ({
  page,
  login,
  shot,
}) => {
  await login();
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'You’re all caught up' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notification settings' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'empty', shot);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: 'Log in to see your notifications' })).toHaveAttribute(
    'href',
    '/login?redirectTo=%2Fnotifications',
  );
  await expect(bell(page)).toHaveCount(0);
});

test('a choice on the settings page stays after a reload; security notices cannot be turned off', async ({
  page,
  login,
  shot,
}) => {
  await login();
  await page.goto('/home');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Notifications' }).click();
  await expect(page).toHaveURL('/notifications');
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveTitle('Notification settings - Gemcast');

  const liveByMail = page.getByRole('checkbox', { name: 'Show live now by e-mail' });
  await expect(liveByMail).toBeChecked();
  await liveByMail.uncheck();
  await expect(page.getByRole('status').filter({ hasText: 'Your choices are saved.' })).toContainText(
    'Show live now by e-mail: off.',
  );
  await expect(liveByMail).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Mentions in chat by e-mail' })).not.toBeChecked();

  const signInByMail = page.getByRole('checkbox', { name: 'New sign-in to your account by e-mail' });
  await expect(signInByMail).toBeChecked();
  await expect(signInByMail).toBeDisabled();
  await expect(signInByMail).toHaveAccessibleDescription('Always on: security notices can’t be turned off.');
  await expect(page.getByRole('checkbox', { name: 'Password changed on the site' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Points about to expire on this device' })).toHaveCount(0);

  await page.reload();
  await expect(liveByMail).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Show live now on the site' })).toBeChecked();
  await expectAccessibleAtBothWidths(page, 'settings', shot);
});

test('the unsubscribe link of a reminder e-mail unsubscribes on the button only, then offers the e-mail choices', async ({
  page,
  shot,
}) => {
  test.setTimeout(150_000);
  const linkOfReminder = async () => {
    const mail = await unsubscribableMail(remindedViewer.email, new RegExp(showTitle));
    return mail ? unsubscribePathOf(mail) : null;
  };
  await expect.poll(linkOfReminder, { timeout: 120_000, intervals: [1_000] }).toMatch(/^\/unsubscribe\//);
  const path = await linkOfReminder();
  if (!path) throw new Error('no unsubscribe link');

  await page.goto(path);
  await expect(page).toHaveTitle('Unsubscribe - Gemcast');
  await expect(
    page.getByText(/This link is for .+•.+@gemcast\.test and came with “Show starting soon” e-mails\./),
  ).toBeVisible();
  // Opening the page changed nothing: the choice is still on until the button.
  await expect(page.getByRole('checkbox', { name: 'Show starting soon by e-mail' })).toBeChecked();
  await expectAccessibleAtBothWidths(page, 'unsubscribe', shot);

  await page.getByRole('button', { name: 'Unsubscribe from these e-mails' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'you will not get these e-mails any more' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Show starting soon by e-mail' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Unsubscribe from these e-mails' })).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Giveaway results by e-mail' }).uncheck();
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail choices are saved.' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'New sign-in to your account by e-mail' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Giveaway results by e-mail' })).not.toBeChecked();
  await expect(page.getByText('You’re not getting these e-mails any more.')).toBeVisible();
  await shot('notifications-unsubscribed-1280');

  await page.goto(`${path.slice(0, -4)}abcd`);
  await expect(page.getByRole('heading', { level: 1, name: 'This unsubscribe link didn’t work' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await expectAccessibleAtBothWidths(page, 'unsubscribe-broken', shot);
});
