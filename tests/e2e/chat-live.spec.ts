// Journey: two viewers and a staff member chat in a show's room, each in their own browser: a
// message reaches the others as plain text, staff delete it for everyone, a muted viewer is
// refused with a notice, and a viewer whose network drops sees what they missed once, on return.
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './support/axe';
import { FIRST_CONNECT, chatPanel as panel, composer, messageList, personInNewContext, say } from './support/chat';
import { createViewer, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { grantStaff, passSecondFactor, scheduleEvent } from './support/site-data';

/**
 * A cut network makes the browser log the failed token call and socket; those are expected here.
 * One pattern: Playwright would read an array of two objects as a [value, options] pair.
 */
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|WebSocket connection to .* failed|Failed to load resource: net::/;

test.use({ expectedConsoleErrors: [OFFLINE_NOISE] });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

test('two viewers and staff chat: delivery, delete for everyone, a refused muted viewer, catch-up after the network returns', async ({
  page,
  browser,
  baseURL,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 6);
  const show = scheduleEvent({
    type: 'show',
    title: `Opal Hour ${tag}`,
    description: 'Australian opals, live.',
    startsInMinutes: -5,
    minutes: 60,
  });
  const amber = await registerViewer(request, createViewer({ first_name: 'Amber' }));
  const jade = await registerViewer(request, createViewer({ first_name: 'Jade' }));
  const host = await registerViewer(request, createViewer({ first_name: 'Garnet', last_name: 'Host' }));
  grantStaff(host.viewer.email);
  passSecondFactor(host.viewer.email);

  const problems: string[] = [];
  await signInAs(page, amber.user);
  const jadeSide = await personInNewContext(browser, baseURL ?? '', jade.user, problems, [OFFLINE_NOISE]);
  const hostSide = await personInNewContext(browser, baseURL ?? '', host.user, problems, [OFFLINE_NOISE]);
  const jadePage = jadeSide.page;
  const hostPage = hostSide.page;
  try {
    for (const p of [page, jadePage, hostPage]) {
      await p.goto(`/chat?eventid=${show.id}`);
      await expect(p.getByRole('heading', { level: 2, name: show.title })).toBeVisible(FIRST_CONNECT);
      await expect(panel(p).getByText('Live', { exact: true })).toBeVisible(FIRST_CONNECT);
    }
    await expect(hostPage.getByText('Staff', { exact: true }).first()).toBeVisible();

    // A message with markup arrives as text, and mentioning Jade highlights it for her.
    const hello = `<b>Hello</b> @Jade, is that opal from Lightning Ridge? ${tag}`;
    await say(page, hello);
    await expect(messageList(jadePage).getByText(hello)).toBeVisible();
    await expect(messageList(hostPage).getByText(hello)).toBeVisible();
    await expect(messageList(jadePage).locator('b')).toHaveCount(0);
    await expect(messageList(jadePage).locator('mark', { hasText: '@Jade' })).toBeVisible();
    await expect(composer(page)).toHaveValue('');
    await shot('chat-two-viewers', { target: jadePage });

    // Staff delete it: it disappears for everyone.
    await hostPage
      .getByRole('button', { name: /Moderate the message from Amber/ })
      .first()
      .click();
    await hostPage.getByRole('menuitem', { name: 'Delete message' }).click();
    for (const p of [page, jadePage, hostPage]) await expect(messageList(p).getByText(hello)).toHaveCount(0);
    await expect(hostPage.getByText('Message deleted.')).toBeVisible();

    // Staff mute Jade; her next message is refused by the server with a notice and comes back into the box.
    await say(jadePage, `Can you show it under the lamp? ${tag}`);
    await expect(messageList(hostPage).getByText(`Can you show it under the lamp? ${tag}`)).toBeVisible();
    await shot('chat-staff-menu-before', { target: hostPage });
    await hostPage
      .getByRole('button', { name: /Moderate the message from Jade/ })
      .last()
      .click();
    await expect(hostPage.getByRole('menuitem', { name: 'Mute for 5 minutes' })).toBeVisible();
    await shot('chat-staff-menu', { target: hostPage, fullPage: false });
    await hostPage.getByRole('menuitem', { name: 'Mute for 5 minutes' }).click();
    await expect(hostPage.getByText(/Jade .* is muted for 5 minutes\./)).toBeVisible();
    await expect(panel(jadePage).getByText(/^You are muted until/)).toBeVisible();
    const muted = `Please let me talk ${tag}`;
    await say(jadePage, muted);
    await expect(panel(jadePage).getByText(/^You are muted until .* P[DS]T\.$/)).toBeVisible();
    await expect(composer(jadePage)).toHaveValue(muted);
    await expect(messageList(page).getByText(muted)).toHaveCount(0);
    await shot('chat-muted-viewer', { target: jadePage });

    // Amber's network drops; what is said meanwhile appears once when it returns.
    await page.context().setOffline(true);
    await expect(panel(page).getByText('Reconnecting…')).toBeVisible();
    const missed = [`First while you were away ${tag}`, `Second while you were away ${tag}`];
    for (const text of missed) {
      await say(hostPage, text);
      await expect(messageList(hostPage).getByText(text)).toBeVisible();
    }
    await page.context().setOffline(false);
    await expect(panel(page).getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });
    for (const text of missed) await expect(messageList(page).getByText(text)).toHaveCount(1);
    await say(hostPage, `And one more now ${tag}`);
    await expect(messageList(page).getByText(`And one more now ${tag}`)).toHaveCount(1);
    for (const text of missed) await expect(messageList(page).getByText(text)).toHaveCount(1);
    await shot('chat-after-reconnect');
  } finally {
    await jadeSide.context.close();
    await hostSide.context.close();
  }
  expect(problems, 'the other browsers logged errors').toEqual([]);
});

test('the chat page works at 375 px, pauses on scroll-up with a jump button, and has no serious accessibility problems', async ({
  page,
  login,
  request,
  shot,
}) => {
  const tag = randomUUID().slice(0, 6);
  const show = scheduleEvent({ type: 'show', title: `Peridot Night ${tag}`, startsInMinutes: 30, minutes: 60 });
  await page.setViewportSize({ width: 375, height: 740 });
  const talker = await registerViewer(request);
  const another = await registerViewer(request);
  await login();
  await page.goto(`/chat?eventid=${show.id}`);
  await expect(panel(page).getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByText('No messages yet. Be the first to say hello to the hosts!')).toBeVisible();

  // Another viewer fills the room through the socket, as a second browser would.
  const fill = async (token: string, from: number, to: number) => {
    await page.evaluate(
      async ({ token, eventId, from, to, tag }) => {
        const answer = await fetch('/api/weavy/token', { headers: { token } });
        const chatToken: string = (await answer.json()).data[0].token;
        const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/chat/ws`);
        await new Promise((resolve) => ws.addEventListener('open', resolve));
        ws.send(JSON.stringify({ type: 'join', token: chatToken, room: eventId }));
        await new Promise((resolve) => ws.addEventListener('message', resolve, { once: true }));
        for (let i = from; i <= to; i++)
          ws.send(
            JSON.stringify({
              type: 'message',
              text: `Line ${i} about peridot ${tag}: the lime green of a fine peridot comes from iron, and the best stones show no brown at all.`,
            }),
          );
        await new Promise((resolve) => setTimeout(resolve, 300));
        ws.close();
      },
      { token, eventId: show.id, from, to, tag },
    );
  };
  await fill(talker.user.tokenvalue, 1, 5);
  await expect(
    page.getByRole('log', { name: 'Chat messages' }).getByText(`Line 5 about peridot ${tag}`, { exact: false }),
  ).toBeInViewport();
  await page.getByRole('log', { name: 'Chat messages' }).evaluate((el) => el.scrollTo({ top: 0 }));
  // The rate limit allows a viewer 5 messages in 10 s: the next lines come from someone else.
  await fill(another.user.tokenvalue, 6, 7);
  const jump = page.getByRole('button', { name: /2 new messages/ });
  await expect(jump).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).scrollIntoViewIfNeeded();
  await shot('chat-mobile-new-messages', { fullPage: false });
  await jump.click();
  await expect(
    page.getByRole('log', { name: 'Chat messages' }).getByText(`Line 7 about peridot ${tag}`, { exact: false }),
  ).toBeInViewport();
  await expect(jump).toBeHidden();

  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot('chat-desktop');
});
