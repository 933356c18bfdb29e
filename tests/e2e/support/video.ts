// Reading a <video> the way a viewer notices it: is it playing (the time moves), and with what.
import { expect, type Locator } from '@playwright/test';

export function currentTime(video: Locator): Promise<number> {
  return video.evaluate((element) => (element instanceof HTMLVideoElement ? element.currentTime : -1));
}

/** The video's time moves forward by at least `seconds` (it plays, not just loads). */
export async function expectPlaying(video: Locator, seconds = 1): Promise<void> {
  await expect.poll(() => currentTime(video), { message: 'the video starts', timeout: 15_000 }).toBeGreaterThan(0.2);
  const first = await currentTime(video);
  await expect
    .poll(() => currentTime(video), { message: 'the video keeps playing', timeout: 10_000 })
    .toBeGreaterThan(first + seconds);
}

/** Jumps to just before the end: a live show's finished recording starts over and keeps playing. */
export async function expectStartsOverAtEnd(video: Locator): Promise<void> {
  await video.evaluate((element) => {
    if (element instanceof HTMLVideoElement) element.currentTime = element.duration - 0.3;
  });
  await expect.poll(() => currentTime(video), { message: 'the video starts over', timeout: 10_000 }).toBeLessThan(3);
  await expectPlaying(video, 0.5);
}
