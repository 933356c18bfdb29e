// Journey: a viewer opens /live while a show streams the test clip. The video plays by itself,
// muted, until they turn the sound on; the time left to the end of the show ticks; the viewer
// count includes them; they are checked in with how they came and the watch log runs until they
// leave; 'Today's Giveaway' opens the show's giveaways over the page. At 1280 and 375 px, axe-clean.
import { randomUUID } from 'node:crypto';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { demoClip } from './support/demo-media';
import { expect, test } from './support/fixtures';
import { claimOnAir } from './support/on-air';
import {
  checkinsOf,
  endEvent,
  removeEvent,
  scheduleEvent,
  setStream,
  watchLogOf,
  type ScheduledEvent,
} from './support/site-data';
import { currentTime, expectPlaying, expectStartsOverAtEnd } from './support/video';

const tag = () => randomUUID().slice(0, 6);

// Video journeys wait for real playback on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

let release: () => Promise<void> = async () => undefined;
const cleanups: (() => void)[] = [];

test.beforeEach(async () => {
  release = await claimOnAir();
});

test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await release();
});

/**
 * A show on air streaming the clip. It started six hours ago, before any show another journey left
 * on air, so /live (which plays the earliest-started show on air) plays this one; it ends in an hour.
 */
async function showOnAir(title: string): Promise<ScheduledEvent> {
  const show = scheduleEvent({
    type: 'show',
    title,
    description: 'Sea-blue aquamarines from Brazil, live from the studio.',
    startsInMinutes: -6 * 60,
    minutes: 7 * 60,
  });
  cleanups.push(() => endEvent(show.id));
  setStream(show.id, { platform: 'hls', stream_url: await demoClip() });
  return show;
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 800 } });

    test('a viewer watches the show on air: it plays, the countdown ticks, they are counted and logged', async ({
      page,
      login,
      shot,
    }) => {
      const show = await showOnAir(`Aquamarine Live ${tag()}`);
      const giveaway = scheduleEvent({
        type: 'giveaway',
        title: `Aquamarine Giveaway ${tag()}`,
        startsInMinutes: -1,
        minutes: 30,
      });
      cleanups.push(() => removeEvent(giveaway.id));
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(req.url());
      });
      const { user } = await login();

      await page.goto('/live/facebook');
      await expect(page).toHaveTitle('Live Page - Gemcast');
      await expect(page.getByRole('heading', { level: 1, name: show.title })).toBeVisible();
      await expect(page.getByText('Sea-blue aquamarines from Brazil, live from the studio.')).toBeVisible();

      const video = page.getByLabel(`Live video: ${show.title}`);
      await expectPlaying(video);
      expect(
        await video.evaluate((element) => element instanceof HTMLVideoElement && element.muted && element.playsInline),
      ).toBe(true);
      // Chromium plays HLS natively now, so hls.js is never downloaded here.
      await expect(video).toHaveAttribute('data-engine', 'native');
      expect(scripts.filter((url) => /\/hls[-.]/.test(url))).toEqual([]);

      const timer = page.getByRole('timer');
      await expect(timer).toHaveAttribute('aria-label', /^Ends in 0 days, 0 hours, (59|60) minutes and \d+ seconds?$/);
      const shown = await timer.innerText();
      await expect.poll(() => timer.innerText(), { timeout: 2500 }).not.toBe(shown);

      await expect(page.getByText(/^\d+ viewers? watching now$/)).toBeVisible();
      const viewers = Number((await page.getByText(/^\d+ viewers? watching now$/).innerText()).split(' ')[0]);
      expect(viewers).toBeGreaterThanOrEqual(1);
      await expect
        .poll(() => watchLogOf(show.id))
        .toEqual([expect.objectContaining({ user_id: user.id, reachby: 'facebook', watching: 1 })]);
      await expect.poll(() => checkinsOf(show.id)).toEqual([{ user_id: user.id, reachby: 'facebook' }]);

      const giveawayButton = page.getByRole('button', { name: "Today's Giveaway" });
      await expect(giveawayButton).toBeVisible();

      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await shot(`live-playing-${width}`, { fullPage: false });

      await page.getByRole('button', { name: 'Turn sound on' }).click();
      await expect(page.getByRole('button', { name: 'Turn sound on' })).toHaveCount(0);
      expect(await video.evaluate((element) => element instanceof HTMLVideoElement && element.muted)).toBe(false);
      const afterUnmute = await currentTime(video);
      await expect.poll(() => currentTime(video)).toBeGreaterThan(afterUnmute);
      await shot(`live-sound-on-${width}`);

      await expectStartsOverAtEnd(video);

      // The sheet opens over the page; its details link is the way to the giveaway's own page.
      await giveawayButton.click();
      await page
        .getByRole('dialog', { name: "Today's Giveaway" })
        .getByRole('link', { name: 'Giveaway details' })
        .click();
      await expect(page).toHaveURL(/\/giveaway\/\d+$/);
      // Leaving the page closes the watch log.
      await expect
        .poll(() => watchLogOf(show.id))
        .toEqual([expect.objectContaining({ user_id: user.id, watching: 0 })]);
    });
  });
}

test('browsers without native HLS play the show with hls.js, loaded only then', async ({ page, login }) => {
  const show = await showOnAir(`Aquamarine Encore ${tag()}`);
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return type.includes('mpegurl') ? '' : canPlayType.call(this, type);
    };
  });
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  const { user } = await login();
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(
    scripts.filter((url) => /\/hls[-.]/.test(url)),
    'hls.js is not part of the first load',
  ).toEqual([]);

  await page.goto('/live');
  const video = page.getByLabel(`Live video: ${show.title}`);
  await expect(video).toHaveAttribute('data-engine', 'hls.js');
  await expectPlaying(video);
  await expectStartsOverAtEnd(video);
  expect(scripts.filter((url) => /\/hls[-.]/.test(url))).toHaveLength(1);

  // Leaving the site (pagehide, not an in-app route change) still closes the watch log.
  await expect.poll(() => watchLogOf(show.id)).toEqual([expect.objectContaining({ user_id: user.id, watching: 1 })]);
  await page.goto('/favicon.svg');
  await expect.poll(() => watchLogOf(show.id)).toEqual([expect.objectContaining({ user_id: user.id, watching: 0 })]);
});

for (const width of [1280, 375]) {
  test(`with nothing on air, /live shows the next show and its countdown (${width} px)`, async ({
    page,
    login,
    shot,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    endEvent();
    const next = scheduleEvent({
      type: 'show',
      title: `Spinel Sunrise ${tag()}`,
      description: 'Red and pink spinels, first thing in the morning.',
      startsInMinutes: 3,
      minutes: 60,
    });
    cleanups.push(() => removeEvent(next.id));
    await login();
    await page.goto('/live');
    await expect(page.getByText('Next show', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: next.title })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveAttribute(
      'aria-label',
      /^Starts in 0 days, 0 hours, [23] minutes and \d+ seconds?$/,
    );
    await expect(page.locator('video')).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await shot(`live-next-show-${width}`);
  });
}

test('a show streamed on YouTube plays in the no-cookie embed, muted, and the sound button unmutes it', async ({
  page,
  login,
  shot,
}) => {
  const show = await showOnAir(`Aquamarine on YouTube ${tag()}`);
  setStream(show.id, { platform: 'youtube', stream_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  // No network here: a stand-in player page records the commands it is sent, as YouTube's would obey them.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>player</title><ol id="log"></ol><script>addEventListener("message", (e) => { const li = document.createElement("li"); li.textContent = JSON.parse(e.data).func; document.getElementById("log").append(li); });</script>',
    }),
  );
  await login();
  await page.goto('/live');
  const frame = page.getByTitle(`Live video: ${show.title}`);
  const src = new URL((await frame.getAttribute('src')) ?? '');
  expect(src.origin + src.pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  expect(Object.fromEntries(src.searchParams)).toMatchObject({
    autoplay: '1',
    mute: '1',
    playsinline: '1',
    enablejsapi: '1',
  });
  await expect(frame.contentFrame().getByRole('listitem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Turn sound on' }).click();
  await expect(frame.contentFrame().getByRole('listitem')).toHaveText(['unMute', 'playVideo']);
  await expect(page.getByRole('button', { name: 'Turn sound on' })).toHaveCount(0);
  await shot('live-youtube-embed', { fullPage: false });
});
