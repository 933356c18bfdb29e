// Journey: a visitor subscribes from the footer at 375 px, confirms from the e-mail's link and sees
// it confirmed; the same link opened again is refused. A viewer gets alerts for one show from its
// page, confirms, and manages it on /subscriptions. axe at every step.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { SUBSCRIPTION_MESSAGES } from '../../src/shared/subscription-messages';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { expect, test } from './support/fixtures';
import { mailsTo } from './support/outbox';
import { scheduleEvent } from './support/site-data';

const tag = () => randomUUID().slice(0, 6);
const SUBJECT = 'Please confirm your Gemcast subscription';

/** The path and query of the newest confirmation link mailed to `email`. */
async function confirmationLink(email: string): Promise<string> {
  await expect
    .poll(async () => (await mailsTo(email)).some((mail) => mail.subject === SUBJECT), { timeout: 10_000 })
    .toBe(true);
  const mail = (await mailsTo(email)).filter((sent) => sent.subject === SUBJECT).at(-1);
  const link = mail && /https?:\/\/\S+\/subscribe\/confirm\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

function footerBox(page: Page) {
  return page.getByRole('region', { name: 'Stay in the loop' });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a visitor subscribes from the footer, confirms from the e-mail, and the link works only once', async ({
    page,
    shot,
  }) => {
    const email = `fan-${tag()}@example.com`;
    await page.goto('/home');
    const box = footerBox(page);
    await box.scrollIntoViewIfNeeded();
    await box.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
    await box.getByRole('checkbox', { name: /Newsletter/ }).check();
    await box.getByRole('checkbox', { name: /Show alerts/ }).check();
    await expectAccessible(page, 'footer subscribe box');
    await expectNoSidewaysScroll(page);
    await shot('subscriptions-footer-filled-375', { fullPage: false });

    await box.getByRole('button', { name: 'Subscribe' }).press('Enter');
    await expect(box.getByRole('status')).toHaveText(SUBSCRIPTION_MESSAGES.checkInbox);
    await shot('subscriptions-footer-sent-375', { fullPage: false });
    await expectAccessible(page, 'footer after subscribing');

    const link = await confirmationLink(email);
    await page.goto(link);
    await expect(page.getByRole('status').filter({ hasText: SUBSCRIPTION_MESSAGES.confirmed })).toBeVisible();
    await expect(page.getByText('the newsletter', { exact: true })).toBeVisible();
    await expect(page.getByText('every show about to go live')).toBeVisible();
    await expectAccessible(page, 'confirmed');
    await expectNoSidewaysScroll(page);
    await shot('subscriptions-confirmed-375');

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(SUBSCRIPTION_MESSAGES.linkUsed);
    await expectAccessible(page, 'link used again');
    await shot('subscriptions-link-used-375');
  });
});

test('a viewer gets alerts for one show and manages them on /subscriptions', async ({ page, login, shot }) => {
  const show = scheduleEvent({
    type: 'show',
    title: `Sapphire Sunday ${tag()}`,
    description: 'Sapphires of every blue, live.',
    startsInMinutes: 120,
    minutes: 60,
  });
  const { viewer } = await login();
  await page.goto(`/show/${show.id}`);
  const alerts = page.getByRole('region', { name: 'Show alerts' });
  await expect(alerts.getByText('E-mail me when this show is about to go live.', { exact: false })).toBeVisible();
  await alerts.getByRole('button', { name: 'Get alerts for this show' }).click();
  // The answer, then (once the status is read again) the pending state: both say to check the inbox.
  await expect(alerts.getByRole('status')).toContainText('Check your inbox');
  await expectAccessible(page, 'show page after asking for alerts');
  await shot('subscriptions-show-alerts-asked');

  await page.goto(await confirmationLink(viewer.email));
  await expect(page.getByText(`the show “${show.title}”`)).toBeVisible();

  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { name: 'Your subscriptions' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: show.title });
  await expect(row).toContainText('on');
  await expectAccessible(page, '/subscriptions');
  await shot('subscriptions-manage');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my consent records' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('gemcast-consent-records.json');

  await row.getByRole('button', { name: `Stop alerts for ${show.title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: SUBSCRIPTION_MESSAGES.updated })).toBeVisible();
  await expect(page.getByText('None. Open a show from the')).toBeVisible();
  await expectAccessible(page, '/subscriptions after stopping');
  await shot('subscriptions-manage-stopped');
});
