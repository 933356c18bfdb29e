// Journeys: a viewer never leaves the stream. On a phone, home shows the show on air without
// scrolling; /live fills the screen with the video, a compact bar and the chat whose message box is
// in sight; chat times read in Los Angeles time; a reaction floats over the player. 'Today's
// Giveaway' opens a sheet listing every giveaway open for the show, where the viewer enters and
// spins while the same <video> keeps playing. On a laptop the sheet is a panel beside the video, and
// with reduced motion a reaction shows as a still badge.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { SHOW_TIME_ZONE } from '../../src/shared/time';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { composer, say } from './support/chat';
import { demoClip } from './support/demo-media';
import { expect, test } from './support/fixtures';
import { createGiveaway, setSpinPrizes } from './support/giveaways';
import { claimOnAir } from './support/on-air';
import { endEvent, scheduleEvent, setStream, type ScheduledEvent } from './support/site-data';
import { createStaff } from './support/staff';
import { currentTime, expectPlaying } from './support/video';

const tag = () => randomUUID().slice(0, 6);

// Real playback, a 4-second wheel and axe, on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

let release: () => Promise<void> = async () => undefined;
const cleanups: (() => void)[] = [];

test.beforeEach(async ({ context, baseURL }) => {
  release = await claimOnAir();
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await release();
});

/** A show on air streaming the clip, started before any other journey's, so /live and home pick it. */
async function showOnAir(title: string): Promise<ScheduledEvent> {
  const show = scheduleEvent({
    type: 'show',
    title,
    description: 'Mandarin garnets and spessartites, live from the studio.',
    startsInMinutes: -6 * 60,
    minutes: 7 * 60,
  });
  cleanups.push(() => endEvent(show.id));
  setStream(show.id, { platform: 'hls', stream_url: await demoClip() });
  return show;
}

const WHEEL = [
  { label: '25 points', weight: 1, points: 25 },
  { label: 'Free shipping', weight: 1, points: 0 },
];

/** Remembers the page's <video>, to check later that it is the same element, still in the page. */
async function markVideo(page: Page) {
  await page.evaluate(() => {
    Object.assign(window, { liveVideo: document.querySelector('video') });
  });
}

/** The marked <video> is still the page's, in the page, and its time moves (the clip may start over meanwhile). */
async function expectSameVideoPlaying(page: Page) {
  const isSame = await page.evaluate(() => {
    const marked: unknown = Reflect.get(window, 'liveVideo');
    return marked instanceof HTMLVideoElement && marked.isConnected && marked === document.querySelector('video');
  });
  expect(isSame, 'the player was not replaced').toBe(true);
  const video = page.locator('video');
  expect(await video.evaluate((element) => element instanceof HTMLVideoElement && !element.paused)).toBe(true);
  const now = await currentTime(video);
  await expect.poll(() => currentTime(video), { message: 'the video keeps playing' }).not.toBe(now);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, timezoneId: 'Asia/Tokyo' });

  test('home shows the show on air; /live keeps video and chat on one screen; giveaways are entered without leaving', async ({
    page,
    request,
    login,
    shot,
  }) => {
    const show = await showOnAir(`Garnet Glow ${tag()}`);
    const staff = await createStaff(request);
    const linked = await createGiveaway(request, staff, {
      title: `Garnet Giveaway ${tag()}`,
      prize: 'A mandarin garnet pendant',
      tnc_prices: '$800',
      show_id: show.id,
      startsInMinutes: -60,
      minutes: 120,
    });
    await setSpinPrizes(request, staff, linked.id, WHEEL);
    const other = await createGiveaway(request, staff, {
      title: `Spessartite Giveaway ${tag()}`,
      prize: 'Loose spessartite, 2 ct',
      startsInMinutes: -2,
      minutes: 60,
    });
    await login();

    await page.goto('/home');
    // The on-air card is one link, named by the show's title, with its "Watch live" inside.
    const watch = page.getByRole('region', { name: 'On air now' }).getByRole('link', { name: show.title });
    await expect(page.getByRole('heading', { level: 2, name: 'On air now' })).toBeInViewport();
    await expect(page.getByText('Watch live', { exact: true })).toBeInViewport({ ratio: 1 });
    await expect(watch).toBeInViewport({ ratio: 1 });
    await shot('stream-home-phone', { fullPage: false });

    await watch.tap();
    await expect(page).toHaveURL('/live');
    const video = page.locator('video');
    await expectPlaying(video);
    await markVideo(page);

    // Video, bar and chat share the screen: the message box and Send are there without scrolling.
    await expect(page.getByRole('heading', { level: 1, name: show.title })).toBeInViewport();
    await expect(page.getByRole('timer')).toBeInViewport();
    await expect(composer(page)).toBeEnabled();
    await expect(composer(page)).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // One viewer count, from presence; the chat's member count is not repeated.
    await expect(page.getByText(/^\d+ viewers? watching now$/)).toHaveCount(1);
    await expect(page.getByText(/(people|person) here/)).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // Chat times read in Los Angeles time, though this phone is set to Tokyo.
    await say(page, 'Those garnets glow!');
    const sent = page
      .getByRole('log', { name: 'Chat messages' })
      .getByRole('listitem')
      .filter({ hasText: 'Those garnets glow!' });
    const time = sent.locator('time');
    const at = new Date((await time.getAttribute('datetime')) ?? '');
    const laTime = new Intl.DateTimeFormat('en-US', { timeZone: SHOW_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
    await expect(time).toHaveText(laTime.format(at));

    // A reaction floats up over the player.
    await page.getByRole('button', { name: 'Send a heart reaction' }).tap();
    const floating = page.getByTestId('floating-reactions').locator('[data-reaction="heart"]');
    await expect(floating).toBeVisible();
    await shot('stream-live-phone', { fullPage: false });
    await expect(floating).toHaveCount(0, { timeout: 5000 });

    // Today's Giveaway: a sheet from the bottom, the video above it in view.
    await page.getByRole('button', { name: "Today's Giveaway" }).tap();
    const sheet = page.getByRole('dialog', { name: "Today's Giveaway" });
    const choices = sheet.getByRole('list', { name: 'Giveaways open now' });
    await expect(choices.getByRole('button', { name: linked.title })).toHaveAttribute('aria-pressed', 'true');
    await expect(choices.getByRole('button', { name: other.title })).toBeVisible();
    await expect(sheet.getByText('A mandarin garnet pendant').last()).toBeVisible();
    const sheetBox = await sheet.boundingBox();
    const videoBox = await video.boundingBox();
    expect(sheetBox && videoBox && sheetBox.y >= videoBox.y + videoBox.height * 0.9).toBe(true);
    await expectAccessible(page);
    await shot('stream-sheet-phone', { fullPage: false });

    await sheet.getByRole('button', { name: `Enter ${linked.title}` }).tap();
    await expect(sheet.getByText('You have entered this giveaway. Good luck!')).toBeVisible();
    await expect(sheet.getByTestId('entry-total')).toHaveText('1 entry, no bonus entries yet');
    await sheet.getByRole('button', { name: 'Spin the wheel' }).tap();
    await expect(sheet.getByTestId('spin-prize')).toHaveText(/^You won (25 points|Free shipping)\.$/, {
      timeout: 15_000,
    });
    await expect(page).toHaveURL('/live');
    await expectSameVideoPlaying(page);
    await shot('stream-sheet-entered-phone', { fullPage: false });

    // Every open giveaway is offered: the second one is entered from the same sheet.
    await choices.getByRole('button', { name: other.title }).tap();
    await sheet.getByRole('button', { name: `Enter ${other.title}` }).tap();
    await expect(sheet.getByText('You have entered this giveaway. Good luck!')).toBeVisible();

    await sheet.getByRole('button', { name: 'Close' }).tap();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByRole('button', { name: "Today's Giveaway" })).toBeFocused();
    await expectSameVideoPlaying(page);
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the giveaway panel opens beside the video, and with reduced motion a reaction is a still badge', async ({
    page,
    request,
    login,
    shot,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const show = await showOnAir(`Tourmaline Time ${tag()}`);
    const staff = await createStaff(request);
    const giveaway = await createGiveaway(request, staff, {
      title: `Tourmaline Giveaway ${tag()}`,
      prize: 'A paraiba tourmaline ring',
      show_id: show.id,
      startsInMinutes: -30,
      minutes: 90,
    });
    await setSpinPrizes(request, staff, giveaway.id, WHEEL);
    await login();

    await page.goto('/live');
    const video = page.locator('video');
    await expectPlaying(video);
    await markVideo(page);
    await expect(composer(page)).toBeEnabled();

    await page.getByRole('button', { name: 'Send a gem reaction' }).click();
    const badge = page.getByTestId('reaction-badge');
    await expect(badge).toBeVisible();
    await expect(page.getByTestId('floating-reactions').locator('[data-reaction="gem"]')).toBeHidden();
    await expect(badge).toHaveCount(0, { timeout: 5000 });

    await page.getByRole('button', { name: "Today's Giveaway" }).click();
    const panel = page.getByRole('dialog', { name: "Today's Giveaway" });
    await expect(panel.getByText('A paraiba tourmaline ring').last()).toBeVisible();
    // The panel sits at the right edge, beside the video, not over it.
    const panelBox = await panel.boundingBox();
    const videoBox = await video.boundingBox();
    expect(panelBox && videoBox && panelBox.x >= videoBox.x + videoBox.width).toBe(true);
    expect(panelBox && Math.round(panelBox.x + panelBox.width)).toBe(1280);

    // Several giveaways may be open (other journeys'); this show's own comes first and is picked.
    await panel.getByRole('button', { name: `Enter ${giveaway.title}` }).click();
    await expect(panel.getByText('You have entered this giveaway. Good luck!')).toBeVisible();
    await panel.getByRole('button', { name: 'Spin the wheel' }).click();
    await expect(panel.getByTestId('spin-prize')).toHaveText(/^You won /);
    await expectSameVideoPlaying(page);
    await expectAccessible(page);
    await shot('stream-panel-laptop', { fullPage: false });

    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expectSameVideoPlaying(page);
    await shot('stream-live-laptop', { fullPage: false });
  });
});
