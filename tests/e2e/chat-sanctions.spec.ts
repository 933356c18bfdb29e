// Journey: staff ban one viewer and mute another from the show's chat, find both on the staff
// screen for chat bans and mutes (who, by whom, when, until when, where), and lift each after a
// confirmation. The banned viewer comes back and chats; the muted one's open chat unlocks at once.
// Every lift appears in the moderation log. Checked at 1280 and 375 px, with axe.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { FIRST_CONNECT, chatPanel, composer, messageList, personInNewContext, say } from './support/chat';
import { createViewer, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { createStaff, scheduleAsStaff } from './support/staff';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

/** Staff's moderation menu on the newest message from `name`. */
async function moderate(page: Page, name: string, item: string) {
  await messageList(page)
    .getByRole('button', { name: `Moderate the message from ${name}` })
    .last()
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('staff lift a chat ban and a mute from the staff screen; both viewers can chat again and the lifts are logged', async ({
  page,
  browser,
  baseURL,
  request,
  shot,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const staff = await createStaff(request);
  const show = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: `Tourmaline Tuesday ${tag}`,
    description: 'Paraíba tourmalines, live.',
    startsInMinutes: -5,
    minutes: 90,
  });
  const amber = await registerViewer(request, createViewer({ first_name: 'Amber', last_name: 'Quarry' }));
  const jade = await registerViewer(request, createViewer({ first_name: 'Jade', last_name: 'Wexford' }));

  const problems: string[] = [];
  const amberSide = await personInNewContext(browser, baseURL ?? '', amber.user, problems);
  const jadeSide = await personInNewContext(browser, baseURL ?? '', jade.user, problems);
  await signInAs(page, staff);
  try {
    for (const p of [page, amberSide.page, jadeSide.page]) {
      await p.goto(`/chat?eventid=${show.id}`);
      await expect(chatPanel(p).getByText('Live', { exact: true })).toBeVisible(FIRST_CONNECT);
    }
    await say(amberSide.page, `Buy my rings at my own shop instead ${tag}`);
    await say(jadeSide.page, `SPAM SPAM SPAM ${tag}`);
    await expect(messageList(page).getByText(`SPAM SPAM SPAM ${tag}`)).toBeVisible();
    await expect(chatPanel(page).getByRole('link', { name: 'Bans and mutes' })).toHaveAttribute('href', '/staff/chat');
    await expect(chatPanel(amberSide.page).getByRole('link', { name: 'Bans and mutes' })).toHaveCount(0);

    // Staff mute Jade for an hour and ban Amber from the chat itself.
    await moderate(page, 'Jade W.', 'Mute for 1 hour');
    await expect(chatPanel(jadeSide.page).getByText(/^You are muted until/)).toBeVisible();
    await messageList(page).getByRole('button', { name: 'Moderate the message from Amber Q.' }).last().click();
    await page.getByRole('menuitem', { name: 'Ban from chat…' }).click();
    await page.getByRole('menuitem', { name: 'Yes, ban Amber Q.' }).click();
    await expect(chatPanel(amberSide.page).getByText('You can no longer take part in chat.')).toBeVisible();
    await expectAccessible(page, 'the show chat with staff controls');
    await shot('chat-staff-controls');

    // The staff menu leads to the bans and mutes screen.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Chat bans and mutes' }).click();
    await expect(page).toHaveURL(/\/staff\/chat$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Chat bans and mutes' })).toBeVisible();
    const inForce = page.getByRole('region', { name: /^In force/ });
    const amberRow = inForce.getByRole('listitem').filter({ hasText: amber.viewer.email });
    const jadeRow = inForce.getByRole('listitem').filter({ hasText: jade.viewer.email });
    await expect(amberRow).toContainText('Banned');
    await expect(amberRow).toContainText('until lifted');
    await expect(amberRow).toContainText('Amber Quarry');
    await expect(amberRow).toContainText(new RegExp(`Banned by .+ on .+ P[DS]T in ${show.title}`));
    await expect(jadeRow).toContainText('Muted');
    await expect(jadeRow).toContainText(
      /until [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M P[DS]T/,
    );
    await expect(jadeRow).toContainText(`in ${show.title}`);
    await expectAccessible(page);
    await shot('chat-sanctions-desktop');

    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot('chat-sanctions-phone');

    // Lifting asks first; keeping the ban changes nothing.
    await amberRow.getByRole('button', { name: 'Lift ban: Amber Q.' }).click();
    const confirmBan = page.getByRole('dialog', { name: "Lift Amber Q.'s ban?" });
    await expect(confirmBan).toContainText('can join every chat room and send messages again at once');
    await expectAccessible(page);
    await shot('chat-sanctions-confirm-phone', { fullPage: false });
    await confirmBan.getByRole('button', { name: 'Keep the ban' }).click();
    await expect(confirmBan).toBeHidden();
    await expect(amberRow).toBeVisible();
    await amberRow.getByRole('button', { name: 'Lift ban: Amber Q.' }).click();
    await confirmBan.getByRole('button', { name: 'Lift the ban' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Amber Q. can take part in chat again.' })).toBeVisible();
    await expect(amberRow).toHaveCount(0);
    const log = page.getByRole('region', { name: 'Latest moderation' });
    // This staff member's lift (a retried run leaves the first try's lift in the log too).
    const lifter = `${staff.first_name} ${staff.last_name.slice(0, 1)}.`;
    await expect(log.getByRole('listitem').filter({ hasText: `${lifter} lifted Amber Q.'s ban` })).toBeVisible();

    // Amber comes back to the show's chat and is heard.
    await amberSide.page.reload();
    await expect(chatPanel(amberSide.page).getByText('Live', { exact: true })).toBeVisible();
    await say(amberSide.page, `Sorry about that, lovely stones ${tag}`);
    await expect(messageList(jadeSide.page).getByText(`Sorry about that, lovely stones ${tag}`)).toBeVisible();

    // Unmuting Jade unlocks her open chat without a reload.
    await page.setViewportSize({ width: 1280, height: 900 });
    await jadeRow.getByRole('button', { name: 'Unmute: Jade W.' }).click();
    await page.getByRole('dialog', { name: 'Unmute Jade W.?' }).getByRole('button', { name: 'Unmute now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Jade W. can chat again.' })).toBeVisible();
    await expect(jadeRow).toHaveCount(0);
    await expect(log.getByRole('listitem').filter({ hasText: 'unmuted Jade W.' })).toBeVisible();
    await expect(chatPanel(jadeSide.page).getByText(/^You are muted until/)).toHaveCount(0);
    await say(jadeSide.page, `Thank you, I will behave ${tag}`);
    await expect(composer(jadeSide.page)).toHaveValue('');
    await expect(messageList(amberSide.page).getByText(`Thank you, I will behave ${tag}`)).toBeVisible();
    await expectAccessible(page);
    await shot('chat-sanctions-lifted');
  } finally {
    await amberSide.context.close();
    await jadeSide.context.close();
  }
  expect(problems, 'the other browsers logged errors').toEqual([]);
});
