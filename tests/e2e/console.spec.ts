// Journeys of the producer console (issue 20, decision 083): staff run a show from one screen (go
// live, advance the rundown, open and draw the giveaway with arm-confirm by keyboard, the winner
// announced in a viewer's chat, a message deleted inline, the end); two staff on one console see
// each other's actions; a rehearsal with 50 synthetic viewers moves the counters and leaves no rows
// once it ends. Axe and screenshots at 1280 × 800 and 1024 × 768.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { consolePath, type Rundown, type SegmentInput } from '../../src/shared/contract/console';
import type { PieceInput } from '../../src/shared/contract/pieces';
import type { AuthedUser } from '../../src/shared/contract/user';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { chatPanel, FIRST_CONNECT, messageList, personInNewContext, say } from './support/chat';
import { createViewer, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { createGiveaway, enterGiveaway } from './support/giveaways';
import { withDatabase } from './support/site-data';
import { createStaff, scheduleAsStaff } from './support/staff';

const SIZES = [
  ['1280', { width: 1280, height: 800 }],
  ['1024', { width: 1024, height: 768 }],
] as const;

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

async function addSegment(request: APIRequestContext, staff: AuthedUser, eventId: number, segment: SegmentInput) {
  const response = await request.post(`/api/staff/console/${eventId}/segments`, {
    data: segment,
    headers: { token: staff.tokenvalue },
  });
  expect(response.status(), await response.text()).toBe(200);
  const rundown: Rundown | undefined = (await response.json()).data[0];
  if (!rundown) throw new Error('adding a segment answered without the rundown');
  return rundown;
}

/**
 * A show with a giveaway open for entries and a three-segment rundown: about to start for the
 * journeys that go live at once; a rehearsed show is weeks away, so it never takes a place among
 * the six upcoming shows home lists, which other journeys look for theirs in.
 */
async function showWithRundown(request: APIRequestContext, staff: AuthedUser, tag: string, startsInMinutes = 10) {
  const show = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: `Opal Hour ${tag}`,
    description: 'Ethiopian and Australian opals, live.',
    startsInMinutes,
    minutes: 60,
  });
  const giveaway = await createGiveaway(request, staff, {
    title: `Opal Pendant Giveaway ${tag}`,
    show_id: show.id,
    prize: 'An opal pendant',
    // Open from a quarter of an hour before the show (a rehearsal's copy moves it with the show).
    startsInMinutes: startsInMinutes - 15,
    minutes: 90,
  });
  const pieceResponse = await request.post('/api/staff/pieces', {
    headers: { token: staff.tokenvalue },
    data: {
      name: `Ethiopian opal ring ${tag}`,
      gemstone: 'Opal',
      carat: '1.25',
      metal: '14k yellow gold',
      size: '7',
      price_cents: 129_900,
      stock: 3,
      photos: [],
    } satisfies PieceInput,
  });
  expect(pieceResponse.status(), await pieceResponse.text()).toBe(200);
  const piece: { id: number; name: string } = (await pieceResponse.json()).data[0];
  await addSegment(request, staff, show.id, {
    title: 'Welcome',
    planned_minutes: 3,
    notes: 'Say hello.',
    piece_id: piece.id,
  });
  await addSegment(request, staff, show.id, {
    title: 'The pendant giveaway',
    planned_minutes: 5,
    notes: 'Read the terms.',
    giveaway_id: giveaway.id,
  });
  await addSegment(request, staff, show.id, { title: 'Goodnight', planned_minutes: 2 });
  return { show, giveaway, piece };
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const segmentItem = (page: Page, title: string) =>
  region(page, 'Rundown').getByRole('listitem', { name: new RegExp(title) });

/** Focus out of any field (a click on the page's heading), so the console's keys act again. */
async function leaveFields(page: Page) {
  await page.getByRole('heading', { level: 1 }).click();
}

async function checkBothSizes(
  page: Page,
  shot: (name: string, options?: { fullPage?: boolean }) => Promise<void>,
  name: string,
) {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `${page.url()} at ${size} px`);
    await shot(`console-${name}-${size}`, { fullPage: false });
    await shot(`console-${name}-${size}-full`);
  }
  await page.setViewportSize(SIZES[0][1]);
}

test('staff run a show from the console: live, rundown, giveaway drawn by keyboard, a message deleted, the end', async ({
  page,
  browser,
  baseURL,
  request,
  shot,
}) => {
  test.setTimeout(150_000);
  const tag = randomUUID().slice(0, 6);
  const staff = await createStaff(request);
  const { show, giveaway, piece } = await showWithRundown(request, staff, tag);
  const rosa = await registerViewer(request, createViewer({ first_name: 'Rosalind', last_name: 'Quill' }));
  await enterGiveaway(request, rosa.user, giveaway.id);

  const problems: string[] = [];
  const viewer = await personInNewContext(browser, baseURL ?? '', rosa.user, problems);
  try {
    await page.setViewportSize(SIZES[0][1]);
    await signInAs(page, staff, { clearFirst: true });
    // From the shows list to the console.
    await page.goto('/staff/shows?on=upcoming');
    await page.getByRole('link', { name: `Open console: ${show.title}` }).click();
    await expect(page).toHaveURL(consolePath(show.id));
    await expect(page.getByRole('heading', { level: 1, name: show.title })).toBeVisible();
    await expect(page.getByTestId('on-air-state')).toHaveText('Not on air yet');
    await expect(region(page, 'Chat').getByText(/in the room/)).toBeVisible(FIRST_CONNECT);
    await checkBothSizes(page, shot, 'before');

    // Go live: G arms (visibly, counting down), a second G confirms.
    await page.keyboard.press('g');
    const goLive = page.getByRole('button', { name: /go live/i });
    await expect(goLive).toHaveAttribute('data-armed', 'true');
    await expect(goLive).toContainText(/Confirm: go live \([1-4] s\)/);
    await page.keyboard.press('g');
    await expect(page.getByTestId('on-air-state')).toHaveText('On air');

    // Keys typed into a field do nothing.
    await region(page, 'Chat').getByLabel('Announcement').fill('Welcome in');
    await region(page, 'Chat').getByLabel('Announcement').press('n');
    await expect(segmentItem(page, 'Welcome')).not.toHaveAttribute('aria-current', 'step');
    await region(page, 'Chat').getByLabel('Announcement').fill('');

    // The rundown advances with N, one segment a press.
    await leaveFields(page);
    await page.keyboard.press('n');
    await expect(segmentItem(page, 'Welcome')).toHaveAttribute('aria-current', 'step');
    // Its piece is on viewers' screens.
    await expect(region(page, 'Preview and on air')).toContainText(piece.name);
    // The stream can show the move before the press's own answer is in; until then the button is
    // busy and its key does nothing, so the next press waits for it, as a producer's eye would.
    await expect(region(page, 'Rundown').getByRole('button', { name: /Next segment/ })).not.toHaveAttribute(
      'aria-busy',
      'true',
    );
    await page.keyboard.press('n');
    await expect(segmentItem(page, 'The pendant giveaway')).toHaveAttribute('aria-current', 'step');

    // The viewer is in the show's chat and says something staff will remove.
    await viewer.page.goto(`/chat?eventid=${show.id}`);
    await expect(chatPanel(viewer.page).getByText('Live', { exact: true })).toBeVisible(FIRST_CONNECT);
    const hope = `Fingers crossed for the pendant ${tag}`;
    await say(viewer.page, hope);
    await expect(region(page, 'Chat').getByText(hope)).toBeVisible();
    const spam = `Buy cheap followers here ${tag}`;
    await say(viewer.page, spam);
    const consoleChat = region(page, 'Chat');
    const spamRow = consoleChat.getByRole('listitem').filter({ hasText: spam });
    await expect(spamRow).toBeVisible();
    await spamRow.getByRole('button', { name: /^Delete/ }).click();
    await expect(spamRow).toHaveCount(0);
    await expect(messageList(viewer.page).getByText(spam)).toHaveCount(0);

    // The giveaway: close entries with X, then draw with D twice (armed, then confirmed).
    const giveawayPanel = region(page, 'Giveaway');
    await expect(giveawayPanel.getByTestId('seed-commitment')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(giveawayPanel).toContainText('Entrants');
    await page.keyboard.press('x');
    await expect(giveawayPanel.getByText('Closed', { exact: true })).toBeVisible();
    await page.keyboard.press('d');
    await expect(giveawayPanel.getByRole('button', { name: /draw a winner/i })).toHaveAttribute('data-armed', 'true');
    await giveawayPanel.scrollIntoViewIfNeeded();
    await shot('console-armed-draw', { fullPage: false });
    await page.keyboard.press('d');
    await expect(giveawayPanel.getByTestId('winner-name')).toHaveText('Rosalind Quill');
    await expect(giveawayPanel.getByRole('timer')).toHaveText(/^[45]:\d\d$/);
    // The viewer's chat marks the winner at once, and the host's announcement follows: A comes to its field.
    await expect(
      messageList(viewer.page).getByRole('listitem').filter({ hasText: hope }).getByText('Winner', { exact: true }),
    ).toBeVisible({ timeout: 2_000 });
    await page.keyboard.press('a');
    const announcement = region(page, 'Chat').getByLabel('Announcement');
    await expect(announcement).toBeFocused();
    await announcement.fill(`Congratulations Rosalind Q., the opal pendant is yours! ${tag}`);
    await announcement.press('Enter');
    await expect(messageList(viewer.page)).toContainText(
      `Congratulations Rosalind Q., the opal pendant is yours! ${tag}`,
      {
        timeout: 2_000,
      },
    );
    await checkBothSizes(page, shot, 'drawn');

    // Claimed with K; the show ends with E, E.
    await leaveFields(page);
    await page.keyboard.press('k');
    await expect(giveawayPanel.getByText('Every winner has claimed.')).toBeVisible();
    await page.keyboard.press('e');
    await expect(page.getByRole('button', { name: /end the show/i })).toHaveAttribute('data-armed', 'true');
    await page.keyboard.press('e');
    await expect(page.getByTestId('on-air-state')).toHaveText('Ended');
    await expect(region(page, 'Action log')).toContainText(/ended|end/i);
    await shot('console-ended', { fullPage: false });
  } finally {
    await viewer.context.close();
  }
  expect(problems, 'the viewer’s browser logged errors').toEqual([]);
});

test('two staff on one console see each other’s actions within a second', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 6);
  const first = await createStaff(request);
  const second = await createStaff(request);
  const { show } = await showWithRundown(request, first, tag);
  const problems: string[] = [];
  const other = await personInNewContext(browser, baseURL ?? '', second, problems);
  try {
    await signInAs(page, first, { clearFirst: true });
    await page.goto(consolePath(show.id));
    // The second producer comes from the staff desk.
    await other.page.goto('/staff');
    await other.page.getByRole('link', { name: `Open console: ${show.title}` }).click();
    await expect(other.page).toHaveURL(consolePath(show.id));
    for (const p of [page, other.page]) {
      await expect(p.getByText('Live updates on')).toBeVisible(FIRST_CONNECT);
    }

    // The first producer goes live by clicking (arm, confirm); the second sees it.
    await page.getByRole('button', { name: 'Go live' }).click();
    await page.getByRole('button', { name: /Confirm: go live/ }).click();
    await expect(other.page.getByTestId('on-air-state')).toHaveText('On air', { timeout: 1_500 });

    // The second advances the rundown; the first sees the current segment move.
    await other.page.keyboard.press('n');
    await expect(segmentItem(page, 'Welcome')).toHaveAttribute('aria-current', 'step', { timeout: 1_500 });

    // The first pauses chat; the second sees viewers cannot chat, and who did it in the log.
    await page.keyboard.press('p');
    await expect(other.page.getByTestId('chat-closed-notice')).toContainText('Viewers cannot chat now', {
      timeout: 1_500,
    });
    await expect(region(other.page, 'Action log')).toContainText(first.full_name);

    // Reordering by keyboard on one console shows on the other.
    await segmentItem(other.page, 'Goodnight').focus();
    await other.page.keyboard.press('Alt+ArrowUp');
    await expect(other.page.getByText(/Goodnight moved to position 2 of 3/)).toBeAttached();
    await expect(region(page, 'Rundown').getByRole('listitem').nth(1)).toHaveAccessibleName(/Goodnight/, {
      timeout: 1_500,
    });
  } finally {
    await other.context.close();
  }
  expect(problems, 'the second producer’s browser logged errors').toEqual([]);
});

test('a rehearsal with 50 synthetic viewers moves the counters and leaves nothing behind once ended', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const staff = await createStaff(request);
  const { show } = await showWithRundown(request, staff, tag, 60 * 24 * 30);
  await signInAs(page, staff, { clearFirst: true });
  await page.goto(`/staff/shows/${show.id}`);
  await page.getByRole('button', { name: /^Rehearse/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Rehearse the show' });
  await expect(dialog.getByLabel('Synthetic viewers')).toHaveValue('50');
  await dialog.getByRole('button', { name: 'Start the rehearsal' }).click();

  await expect(page).toHaveURL(/\/staff\/console\/\d+$/);
  const copyId = Number(page.url().split('/').pop());
  expect(copyId).not.toBe(show.id);
  const banner = page.getByRole('region', { name: 'Rehearsal' });
  await expect(banner).toContainText('Rehearsal — only staff see this');
  await expect(banner).toContainText('50 synthetic viewers');

  // The copy is on air at once; run it, and the synthetic audience shows in the counters.
  await expect(page.getByTestId('on-air-state')).toHaveText('On air');
  await page.keyboard.press('n');
  const viewersNow = page.getByTestId('counters').getByText('Viewers now').locator('..');
  await expect
    .poll(async () => Number((await viewersNow.locator('dd').textContent())?.replace(/\D/g, '') ?? 0), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  // Every synthetic viewer RSVPed to the copy.
  await expect(page.getByTestId('counters').getByText('RSVPs').locator('..')).toContainText('50');
  await checkBothSizes(page, shot, 'rehearsal');

  await banner.getByRole('button', { name: 'End rehearsal' }).click();
  await expect(page).toHaveURL(`/staff/shows/${show.id}`);
  await expect(page.getByText(/Rehearsal ended/)).toBeVisible();

  // Nothing of it is left: not the copy, its synthetic viewers, nor anything they made.
  const count = (sql: string, ...args: number[]) =>
    withDatabase(true, (db) => {
      const row: unknown = db.prepare(sql).get(...args);
      return typeof row === 'object' && row !== null && 'n' in row ? row.n : null;
    });
  const left = {
    copies: count('select count(*) as n from events where rehearsal_of = ? or id = ?', show.id, copyId),
    rehearsals: count('select count(*) as n from rehearsals where source_event_id = ?', show.id),
    syntheticViewers: count('select count(*) as n from users where rehearsal_id is not null'),
    segments: count('select count(*) as n from rundown_segments where event_id = ?', copyId),
    actions: count('select count(*) as n from console_actions where event_id = ?', copyId),
    samples: count('select count(*) as n from viewer_samples where event_id = ?', copyId),
  };
  expect(left).toEqual({ copies: 0, rehearsals: 0, syntheticViewers: 0, segments: 0, actions: 0, samples: 0 });
});
