// Journey: a viewer reports a message in a show's chat (with a reason) and hides its author's
// messages from their own chat, which stays so after a reload; staff find the report on /staff/chat
// (the message, its author, who reported it, when, why, how many times) and resolve it by muting
// the author; the viewer shows the hidden person again. Checked at 1280 and 375 px, with axe.
import { randomUUID } from 'node:crypto';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { chatPanel, messageList, personInNewContext, say } from './support/chat';
import { createViewer, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { createStaff, scheduleAsStaff } from './support/staff';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

test('a viewer reports a message and hides its author; staff see the report and resolve it', async ({
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
    title: `Spinel Sunday ${tag}`,
    description: 'Pink and red spinels, live.',
    startsInMinutes: -5,
    minutes: 90,
  });
  const onyx = await registerViewer(request, createViewer({ first_name: 'Onyx', last_name: 'Pratt' }));
  const reporter = await registerViewer(request, createViewer({ first_name: 'Pearl', last_name: 'Lindqvist' }));
  const problems: string[] = [];
  const onyxSide = await personInNewContext(browser, baseURL ?? '', onyx.user, problems);
  const staffSide = await personInNewContext(browser, baseURL ?? '', staff, problems);
  await signInAs(page, reporter.user);
  try {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const p of [page, onyxSide.page]) {
      await p.goto(`/chat?eventid=${show.id}`);
      await expect(chatPanel(p).getByText('Live', { exact: true })).toBeVisible();
    }
    const rude = `Cheap fakes at my own shop, message me ${tag}`;
    await say(onyxSide.page, rude);
    await say(onyxSide.page, `Another one from me ${tag}`);
    await say(page, `Lovely colour on that spinel ${tag}`);
    const rudeRow = messageList(page).getByRole('listitem').filter({ hasText: rude });
    await expect(rudeRow).toBeVisible();
    // No tools on one's own message.
    await expect(messageList(page).getByRole('button', { name: 'Options for the message from Pearl L.' })).toHaveCount(
      0,
    );

    // Report with a reason.
    await rudeRow.getByRole('button', { name: 'Options for the message from Onyx P.' }).click();
    await page.getByRole('menuitem', { name: 'Report message…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this message?' });
    await expect(dialog).toContainText(rude);
    await dialog.getByRole('textbox', { name: /Why\?/ }).fill('Selling fakes and pulling people off the show');
    await expectAccessible(page, 'the report dialog');
    await shot('chat-report-dialog-375', { fullPage: false });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toBeHidden();
    await expect(chatPanel(page).getByText('Thanks. Staff will look at that message.')).toBeVisible();

    // Hide Onyx: their messages leave this viewer's chat, and stay hidden after a reload.
    await rudeRow.getByRole('button', { name: 'Options for the message from Onyx P.' }).click();
    await page.getByRole('menuitem', { name: 'Hide messages from Onyx P.' }).click();
    await expect(chatPanel(page).getByText("Onyx P.'s messages are hidden from your chat.")).toBeVisible();
    await expect(messageList(page).getByText(tag)).toHaveCount(1);
    await page.reload();
    await expect(chatPanel(page).getByText('Live', { exact: true })).toBeVisible();
    await expect(messageList(page).getByText(`Lovely colour on that spinel ${tag}`)).toBeVisible();
    await expect(messageList(page).getByText(rude)).toHaveCount(0);
    await expect(chatPanel(page).getByRole('button', { name: '1 person hidden' })).toBeVisible();
    // Onyx still sees their own messages.
    await expect(messageList(onyxSide.page).getByText(rude)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot('chat-hidden-person-375', { fullPage: false });

    // Staff see the report beside bans and mutes, and mute Onyx for an hour from it.
    const staffPage = staffSide.page;
    await staffPage.setViewportSize({ width: 1280, height: 800 });
    await staffPage.goto('/staff/chat');
    const reports = staffPage.getByRole('region', { name: /^Reported messages/ });
    const card = reports.getByRole('listitem').filter({ hasText: rude });
    await expect(card).toContainText('Reported once');
    await expect(card).toContainText(`Spinel Sunday ${tag}`);
    await expect(card).toContainText(onyx.viewer.email);
    await expect(card).toContainText('Pearl L.');
    await expect(card).toContainText('“Selling fakes and pulling people off the show”');
    await expectAccessible(staffPage, 'the staff chat page with a report');
    await shot('chat-reports-staff-1280', { target: staffPage });
    await staffPage.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(staffPage);
    await shot('chat-reports-staff-375', { target: staffPage });
    await card.getByRole('button', { name: 'Mute Onyx P. for 1 hour' }).click();
    await expect(staffPage.getByText('Onyx P. is muted for 60 minutes; reports resolved.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(chatPanel(onyxSide.page).getByText(/^You are muted until/)).toBeVisible();
    const inForce = staffPage.getByRole('region', { name: /^In force/ });
    await expect(inForce.getByRole('listitem').filter({ hasText: onyx.viewer.email })).toContainText('Muted');

    // The viewer shows Onyx again, at laptop width.
    await page.setViewportSize({ width: 1280, height: 800 });
    await chatPanel(page).getByRole('button', { name: '1 person hidden' }).click();
    const hidden = page.getByRole('dialog', { name: 'People you hid' });
    await expect(hidden).toContainText('Onyx P.');
    await shot('chat-hidden-people-1280', { fullPage: false });
    await hidden.getByRole('button', { name: 'Show messages from Onyx P.' }).click();
    await expect(hidden).toBeHidden();
    await expect(messageList(page).getByText(rude)).toBeVisible();
    await expect(chatPanel(page).getByRole('button', { name: /hidden$/ })).toHaveCount(0);
    expect(problems).toEqual([]);
  } finally {
    await onyxSide.context.close();
    await staffSide.context.close();
  }
});
