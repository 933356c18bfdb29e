// Journey: a viewer edits the profile (details and dates), uploads a picture, shares the invite
// link, and meets the session-ended path when the token is no longer accepted.
import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { MESSAGES, SPEC_MESSAGES } from '../../src/shared/messages';

async function pictureFile() {
  const buffer = await sharp({ create: { width: 240, height: 240, channels: 3, background: { r: 70, g: 51, b: 137 } } })
    .composite([
      {
        input: Buffer.from('<svg width="240" height="240"><circle cx="120" cy="120" r="70" fill="#1f5d66"/></svg>'),
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
  return { name: 'gem.png', mimeType: 'image/png', buffer };
}

test('edits the details and dates, and uploads a picture', async ({ page, login, shot }) => {
  const { viewer, user } = await login();
  await page.goto('/profile');
  await expect(page).toHaveTitle('Profile Page - Gemcast');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(viewer.first_name);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  await page.getByLabel('Nickname').fill('Sparkle');
  await page.getByLabel('City').fill('Tucson');
  await page.getByLabel('Birthday').fill('1990-04-21');
  await page.getByLabel('Anniversary').fill('2999-01-01');
  await page.getByLabel('Birthday').focus();
  await expect(page.getByText('That date is in the future.')).toBeVisible();
  await page.getByLabel('Anniversary').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.profileUpdated })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Sparkle' })).toBeVisible();

  const sharePrefix = new URL('/register?refid=', page.url()).toString();
  await expect(page.getByTestId('invite-code')).toHaveText(user.myInviteCode);
  await expect(page.getByLabel('Share link')).toHaveValue(sharePrefix + user.myInviteCode);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sharePrefix + user.myInviteCode);

  // Choosing the file saves it: no second step.
  await expect(page.getByText('The picture you choose is saved straight away.')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(await pictureFile());
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.pictureUpdated })).toBeVisible();
  const avatar = page
    .locator('section', { has: page.getByRole('heading', { name: 'Profile picture' }) })
    .locator('img');
  await expect(avatar).toHaveAttribute('src', /^\/media\/avatars\/[0-9a-f]+\.webp$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
  await shot('profile-edited');

  await page.reload();
  await expect(page.getByLabel('Nickname')).toHaveValue('Sparkle');
  await expect(page.getByLabel('City')).toHaveValue('Tucson');
  await expect(page.getByLabel('Birthday')).toHaveValue('1990-04-21');
  await expect(page.getByLabel('Anniversary')).toHaveValue('');

  await page.getByLabel('Birthday').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.profileUpdated })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Birthday')).toHaveValue('');
});

/** A 24-bit BMP: browsers show it, the server does not take it. */
function bmpFile(width = 8, height = 8) {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const buffer = Buffer.alloc(54 + rowBytes * height, 0x66);
  buffer.write('BM', 0, 'latin1');
  buffer.writeUInt32LE(buffer.length, 2);
  buffer.writeUInt32LE(0, 6);
  buffer.writeUInt32LE(54, 10);
  buffer.writeUInt32LE(40, 14);
  buffer.writeInt32LE(width, 18);
  buffer.writeInt32LE(height, 22);
  buffer.writeUInt16LE(1, 26);
  buffer.writeUInt16LE(24, 28);
  buffer.writeUInt32LE(0, 30);
  buffer.writeUInt32LE(rowBytes * height, 34);
  buffer.fill(0, 38, 54);
  return { name: 'tile.bmp', mimeType: 'image/bmp', buffer };
}

test('explains a refused picture', async ({ page, login }) => {
  await login();
  await page.goto('/profile');
  const fileInput = page.locator('input[type="file"]');

  await fileInput.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are not pixels'),
  });
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.pictureNotImage);

  await fileInput.setInputFiles(bmpFile());
  await expect(page.getByRole('alert')).toHaveText(`${SPEC_MESSAGES.pictureUpdateFailed}. ${MESSAGES.pictureNotImage}`);

  // A good picture saves; a bad one chosen next replaces the "saved" line rather than sitting under it.
  await fileInput.setInputFiles(await pictureFile());
  const saved = page.getByRole('status').filter({ hasText: MESSAGES.pictureUpdated });
  await expect(saved).toBeVisible();
  await fileInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not pixels') });
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.pictureNotImage);
  await expect(saved).toHaveCount(0);
});

test('logs out from the profile page', async ({ page, login }) => {
  await login();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText(MESSAGES.loggedOut)).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirectTo=%2Fprofile');
});

test('a session the server no longer accepts ends with a message', async ({ page, login, request }) => {
  const { user } = await login();
  const revoked = await request.post('/api/logout', { headers: { token: user.tokenvalue } });
  expect(revoked.status()).toBe(200);

  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirectTo=%2Fprofile');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.sessionExpired);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});
