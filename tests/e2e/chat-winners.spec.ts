// Journey: two viewers chat in a show's room while staff run the show's giveaway on the live draw
// screen. When staff draw one of them, everyone in the room sees a winner mark beside that
// viewer's name, on the messages already there and on new ones; the other viewer has none.
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './support/axe';
import { chatPanel, messageList, personInNewContext, say } from './support/chat';
import { createViewer, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { closeGiveaway, createGiveaway, enterGiveaway } from './support/giveaways';
import { createStaff, scheduleAsStaff } from './support/staff';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

test("staff draw a viewer on the live draw screen and the show's chat marks them as a winner for everyone", async ({
  page,
  browser,
  baseURL,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 6);
  const staff = await createStaff(request);
  const show = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: `Emerald Evening ${tag}`,
    description: 'Colombian emeralds, live.',
    startsInMinutes: -10,
    minutes: 120,
  });
  const giveaway = await createGiveaway(request, staff, {
    title: `Emerald Ring Giveaway ${tag}`,
    show_id: show.id,
    startsInMinutes: -5,
    minutes: 60,
  });
  const rosa = await registerViewer(request, createViewer({ first_name: 'Rosalind', last_name: 'Quill' }));
  const marigold = await registerViewer(request, createViewer({ first_name: 'Marigold', last_name: 'Vance' }));
  // Only Rosalind enters, so the draw can pick nobody else.
  await enterGiveaway(request, rosa.user, giveaway.id);
  await closeGiveaway(request, staff, giveaway.id);

  const problems: string[] = [];
  await signInAs(page, marigold.user);
  const rosaSide = await personInNewContext(browser, baseURL ?? '', rosa.user, problems);
  const staffSide = await personInNewContext(browser, baseURL ?? '', staff, problems);
  try {
    for (const p of [page, rosaSide.page]) {
      await p.goto(`/chat?eventid=${show.id}`);
      await expect(chatPanel(p).getByText('Live', { exact: true })).toBeVisible();
    }
    const before = `Fingers crossed for the emerald ring ${tag}`;
    await say(rosaSide.page, before);
    await say(page, `Good luck everyone ${tag}`);
    const rosaRow = messageList(page).getByRole('listitem').filter({ hasText: before });
    await expect(rosaRow).toBeVisible();
    await expect(messageList(page).getByText('Winner', { exact: true })).toHaveCount(0);

    await staffSide.page.goto(`/staff/giveaways/${giveaway.id}`);
    const draw = staffSide.page.getByRole('region', { name: 'Live draw' });
    await draw.getByRole('button', { name: 'Draw a winner' }).click();
    await expect(draw.getByTestId('drawn-name')).toHaveText('Rosalind Quill');

    // The mark reaches the other viewer's open chat without a reload, beside Rosalind's name only.
    await expect(rosaRow.getByText('Winner', { exact: true })).toBeVisible();
    await expect(
      messageList(page)
        .getByRole('listitem')
        .filter({ hasText: `Good luck everyone ${tag}` })
        .getByText('Winner', { exact: true }),
    ).toHaveCount(0);
    await expect(
      messageList(rosaSide.page).getByRole('listitem').filter({ hasText: before }).getByText('Winner', { exact: true }),
    ).toBeVisible();
    const after = `I won! Thank you ${tag}`;
    await say(rosaSide.page, after);
    await expect(
      messageList(page).getByRole('listitem').filter({ hasText: after }).getByText('Winner', { exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
    await shot('chat-winner-mark');

    // Someone joining later sees the mark too.
    await page.reload();
    await expect(chatPanel(page).getByText('Live', { exact: true })).toBeVisible();
    await expect(
      messageList(page).getByRole('listitem').filter({ hasText: after }).getByText('Winner', { exact: true }),
    ).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await messageList(page).getByText(after).scrollIntoViewIfNeeded();
    await shot('chat-winner-mark-phone', { fullPage: false });
  } finally {
    await rosaSide.context.close();
    await staffSide.context.close();
  }
  expect(problems, 'the other browsers logged errors').toEqual([]);
});
