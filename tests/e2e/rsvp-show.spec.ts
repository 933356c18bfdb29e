// Journey: RSVP to an upcoming show from home: the button turns into the "you're in" state that
// survives a reload, the confirmation e-mail carries a calendar file, add-to-calendar downloads a
// valid one; a visitor logs in on the way and comes back; errors and a second RSVP read in words.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { MESSAGES, SPEC_MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './support/axe';
import { SCREEN_SIZES } from './support/env';
import { registerViewer } from './support/factories';
import { expect, test } from './support/fixtures';
import { mailsTo } from './support/outbox';
import { scheduleEvent, type ScheduledEvent } from './support/site-data';

const tag = () => randomUUID().slice(0, 6);

/**
 * The show this worker's journeys RSVP to (each with its own new viewer). One per worker keeps it
 * among the six soonest shows home lists, whatever else the journeys schedule.
 */
let workerShow: ScheduledEvent | undefined;
function upcomingShow(): ScheduledEvent {
  workerShow ??= scheduleEvent({
    type: 'show',
    title: `Tourmaline Tuesday ${tag()}`,
    description: 'Tourmalines in every colour, live from our studio.',
    startsInMinutes: 40,
    minutes: 90,
  });
  return workerShow;
}

function showCard(page: Page, title: string) {
  return page.getByRole('region', { name: 'Upcoming shows' }).getByRole('article').filter({ hasText: title });
}

async function confirmationMail(email: string, title: string) {
  await expect
    .poll(async () => (await mailsTo(email)).some((mail) => mail.subject === `You're on the list: ${title}`), {
      timeout: 10_000,
    })
    .toBe(true);
  const mail = (await mailsTo(email)).find((sent) => sent.subject === `You're on the list: ${title}`);
  if (!mail) throw new Error('no confirmation mail');
  return mail;
}

for (const [size, viewport] of SCREEN_SIZES) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test('a viewer RSVPs from home, stays in after a reload, gets the e-mail and a calendar file', async ({
      page,
      login,
      shot,
    }) => {
      const show = upcomingShow();
      const { viewer } = await login();
      await page.goto('/home');
      const card = showCard(page, show.title);
      await card.getByRole('button', { name: `RSVP for ${show.title}` }).click();

      await expect(card.getByText("You're in", { exact: true })).toBeVisible();
      await expect(card.getByRole('status').filter({ hasText: MESSAGES.rsvpSaved })).toContainText(
        `A confirmation e-mail with a calendar file for "${show.title}" is on its way to ${viewer.email}.`,
      );
      await expect(card.getByRole('button', { name: `RSVP for ${show.title}` })).toHaveCount(0);
      // Focus moved to the news, not lost with the button that was pressed.
      await expect(card.locator(':focus')).toContainText("You're in");
      await card.scrollIntoViewIfNeeded();
      await shot(`rsvp-home-done-${size}`, { fullPage: false });

      const mail = await confirmationMail(viewer.email, show.title);
      const attached = mail.attachments.find((attachment) => attachment.filename.endsWith('.ics'));
      expect(attached?.contentType).toMatch(/^text\/calendar/);
      expect(attached?.content).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(attached?.content).toContain(`SUMMARY:${show.title}`);

      await page.reload();
      await expect(card.getByText("You're in", { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: `RSVP for ${show.title}` })).toHaveCount(0);

      const calendar = card.getByRole('group', { name: `Add ${show.title} to your calendar` });
      const downloading = page.waitForEvent('download');
      await calendar.getByRole('button', { name: 'Apple / Outlook (.ics)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^tourmaline-tuesday-[a-z0-9-]+\.ics$/);
      const ics = await readFile(await download.path(), 'utf8');
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toContain(`SUMMARY:${show.title}\r\n`);
      expect(ics).toContain(`URL:${new URL(page.url()).origin}/live\r\n`);
      expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);
      expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);

      const google = new URL(
        (await calendar.getByRole('link', { name: /Google Calendar/ }).getAttribute('href')) ?? '',
      );
      expect(google.hostname).toBe('calendar.google.com');
      expect(google.searchParams.get('text')).toBe(show.title);
      expect(google.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
      await shot(`rsvp-home-reloaded-${size}`);
    });
  });
}

test('a visitor is sent to log in, comes back to home logged in and RSVPs', async ({ page, request, shot }) => {
  const show = upcomingShow();
  const { viewer } = await registerViewer(request);
  await page.goto('/home');
  await showCard(page, show.title)
    .getByRole('link', { name: `Log in to RSVP for ${show.title}` })
    .click();
  await expect(page).toHaveURL('/login?redirectTo=%2Fhome');

  await page.getByRole('link', { name: 'Log in with your password' }).click();
  await expect(page).toHaveURL('/login/password?redirectTo=%2Fhome');
  await page.getByLabel('E-mail').fill(viewer.email);
  await page.getByLabel('Password', { exact: true }).fill(viewer.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('button', { name: `Account menu for ${viewer.first_name}` })).toBeVisible();

  const card = showCard(page, show.title);
  await card.getByRole('button', { name: `RSVP for ${show.title}` }).click();
  await expect(card.getByText("You're in", { exact: true })).toBeVisible();
  await confirmationMail(viewer.email, show.title);
  await shot('rsvp-after-login');
});

test('an RSVP made elsewhere meanwhile is answered kindly, not as a failure', async ({ page, login }) => {
  const show = upcomingShow();
  const { user } = await login();
  await page.goto('/home');
  const card = showCard(page, show.title);
  await expect(card.getByRole('button', { name: `RSVP for ${show.title}` })).toBeEnabled();

  // The same viewer RSVPs in another tab; this page still shows the button.
  const elsewhere = await page.request.post('/api/rsvpdata_v1', {
    headers: { token: user.tokenvalue },
    data: { eventid: show.id },
  });
  expect(elsewhere.status()).toBe(200);
  await card.getByRole('button', { name: `RSVP for ${show.title}` }).click();
  await expect(card.getByRole('status')).toHaveText(MESSAGES.rsvpAlready);
  await expect(card.getByText("You're in", { exact: true })).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);
});

test.describe('when the server cannot be reached', () => {
  test.use({ expectedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('the RSVP failure is said in words next to the button, which stays', async ({ page, login, shot }) => {
    const show = upcomingShow();
    await login();
    await page.goto('/home');
    const card = showCard(page, show.title);
    await page.route('**/api/rsvpdata_v1', (route) => route.abort('internetdisconnected'));
    await card.getByRole('button', { name: `RSVP for ${show.title}` }).click();
    await expect(card.getByRole('alert')).toHaveText(SPEC_MESSAGES.networkError);
    await expect(card.getByRole('button', { name: `RSVP for ${show.title}` })).toBeEnabled();
    await card.scrollIntoViewIfNeeded();
    await shot('rsvp-network-error', { fullPage: false });

    await page.unroute('**/api/rsvpdata_v1');
    await card.getByRole('button', { name: `RSVP for ${show.title}` }).click();
    await expect(card.getByText("You're in", { exact: true })).toBeVisible();
    await expect(card.getByRole('alert')).toHaveCount(0);
  });
});

test('RSVP appears on upcoming shows and their page, never on past shows or giveaways', async ({
  page,
  login,
  shot,
}) => {
  const show = upcomingShow();
  const past = scheduleEvent({ type: 'show', title: `Agate Archive ${tag()}`, startsInMinutes: -90, minutes: 60 });
  // Open for a day already: home lists the longest-open giveaways first, whatever else is open.
  const giveaway = scheduleEvent({
    type: 'giveaway',
    title: `Jasper Giveaway ${tag()}`,
    startsInMinutes: -24 * 60,
    minutes: 24 * 60 + 60,
  });
  await login();
  await page.goto(`/past/${show.id}`);
  await expect(page.getByRole('heading', { level: 1, name: show.title })).toBeVisible();
  await expect(page.getByRole('button', { name: `RSVP for ${show.title}` })).toBeVisible();
  await shot('rsvp-upcoming-show-page');

  await page.goto(`/past/${past.id}`);
  await expect(page.getByRole('heading', { level: 1, name: past.title })).toBeVisible();
  await expect(page.getByRole('button', { name: /^RSVP/ })).toHaveCount(0);

  await page.goto('/home');
  await expect(
    page.getByRole('region', { name: 'Giveaways open now' }).getByRole('article').filter({ hasText: giveaway.title }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Giveaways open now' }).getByRole('button', { name: /RSVP/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Past shows' }).getByRole('button', { name: /RSVP/ })).toHaveCount(0);
});

test('home with RSVP buttons in every state has no serious accessibility problems', async ({ page, login }) => {
  const show = upcomingShow();
  await page.goto('/home');
  await expect(
    showCard(page, show.title).getByRole('link', { name: `Log in to RSVP for ${show.title}` }),
  ).toBeVisible();
  await expectAccessible(page);

  await login();
  await page.goto('/home');
  await showCard(page, show.title)
    .getByRole('button', { name: `RSVP for ${show.title}` })
    .click();
  await expect(showCard(page, show.title).getByText("You're in", { exact: true })).toBeVisible();
  await expectAccessible(page);
});
