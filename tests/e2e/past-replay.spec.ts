// Journey: /past/{id} plays the show's replay in the live player (HLS test clip), with what the
// show was about; a show without a replay says so plainly. Anyone may watch, logged in or not.
import { randomUUID } from 'node:crypto';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { demoClip } from './support/demo-media';
import { expect, test } from './support/fixtures';
import { scheduleEvent, setStream } from './support/site-data';
import { expectPlaying } from './support/video';

const tag = () => randomUUID().slice(0, 6);

// Video journeys wait for real playback on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

for (const width of [1280, 375]) {
  test(`a past show's replay plays for a visitor, and a show without one says so (${width} px)`, async ({
    page,
    shot,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    // Ended four hours ago: older than the past shows other journeys rely on leading the lists.
    const past = scheduleEvent({
      type: 'show',
      title: `Peridot Replay ${tag()}`,
      description: 'Green peridot from Arizona, as it aired.',
      startsInMinutes: -5 * 60,
      minutes: 60,
    });
    setStream(past.id, { replay_url: await demoClip() });
    const silent = scheduleEvent({
      type: 'show',
      title: `Peridot Unrecorded ${tag()}`,
      startsInMinutes: -5 * 60 - 5,
      minutes: 60,
    });

    await page.goto(`/past/${past.id}`);
    await expect(page.getByRole('heading', { level: 1, name: past.title })).toBeVisible();
    await expect(page.getByText(/^Past show · aired /)).toBeVisible();
    await expect(page.getByText('Green peridot from Arizona, as it aired.')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText('EXPIRED');
    await expectPlaying(page.getByLabel(`Replay: ${past.title}`));
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await shot(`past-replay-${width}`, { fullPage: false });

    await page.goto(`/past/${silent.id}`);
    await expect(page.getByRole('heading', { level: 1, name: silent.title })).toBeVisible();
    await expect(page.getByText('There is no replay of this show.')).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
    await expectAccessible(page);
    await shot(`past-no-replay-${width}`);
  });
}

test("a replay kept on Facebook plays in Facebook's video player", async ({ page }) => {
  const past = scheduleEvent({
    type: 'show',
    title: `Peridot on Facebook ${tag()}`,
    startsInMinutes: -5 * 60 - 10,
    minutes: 60,
  });
  setStream(past.id, { replay_url: 'https://www.facebook.com/gemcast/videos/1234567890' });
  await page.route('https://www.facebook.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>video</title><p>Facebook video</p>' }),
  );
  await page.goto(`/past/${past.id}`);
  const frame = page.getByTitle(`Replay: ${past.title}`);
  const src = new URL((await frame.getAttribute('src')) ?? '');
  expect(src.origin + src.pathname).toBe('https://www.facebook.com/plugins/video.php');
  expect(src.searchParams.get('href')).toBe('https://www.facebook.com/gemcast/videos/1234567890');
  await expect(frame.contentFrame().getByText('Facebook video')).toBeVisible();
});
