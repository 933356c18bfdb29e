// Journey: /test-live is for staff. A viewer is told so; staff pick a show that has not started
// and watch its stream play in the viewers' player before it goes on air.
import { randomUUID } from 'node:crypto';
import type { AuthedUser } from '../../src/shared/contract/user';
import { expectAccessible } from './support/axe';
import { demoClip } from './support/demo-media';
import { expect, test } from './support/fixtures';
import { grantStaff, passSecondFactor, removeEvent, scheduleEvent, setStream } from './support/site-data';
import { expectPlaying } from './support/video';

// Video journeys wait for real playback on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

test('a viewer is refused /test-live; staff preview a scheduled stream before it goes on air', async ({
  page,
  login,
  shot,
}) => {
  const show = scheduleEvent({
    type: 'show',
    title: `Tourmaline Preview ${randomUUID().slice(0, 6)}`,
    startsInMinutes: 60 * 24 * 4,
    minutes: 60,
  });
  setStream(show.id, { platform: 'hls', stream_url: await demoClip() });
  try {
    const { viewer } = await login();
    await page.goto('/test-live');
    await expect(page.getByRole('heading', { level: 1, name: 'This page is for the Gemcast team' })).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
    await shot('test-live-viewer-refused');

    grantStaff(viewer.email);
    const response = await page.request.post('/api/login_v1', {
      data: { email: viewer.email, password: viewer.password },
    });
    expect(response.status()).toBe(200);
    const staff: AuthedUser = (await response.json()).data[0];
    passSecondFactor(viewer.email);
    await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), staff);

    await page.goto('/test-live');
    await expect(page.getByRole('heading', { level: 1, name: 'Live page check' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: show.title });
    await expect(row.getByRole('cell', { name: 'set', exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Preview ${show.title}` }).click();
    await expect(row.getByRole('button', { name: `Preview ${show.title}` })).toHaveAttribute('aria-pressed', 'true');
    await expectPlaying(page.getByLabel(`Stream preview: ${show.title}`));
    await expect(page.getByRole('heading', { level: 2, name: 'What viewers see now' })).toBeVisible();
    await expectAccessible(page);
    await shot('test-live-staff-preview');
  } finally {
    removeEvent(show.id);
  }
});
