// Journey of issue 20's Now showing (decision 082): staff put a piece on air from the console and a
// viewer on /live sees its card within a second (over the player on a phone, beside it on a laptop),
// zooms its photos and closes them with Escape, presses "I want this" and still sees the confirmation
// after a reload; a viewer whose session ended is sent to sign in and back; a past show lists its
// pieces with their replay times, a time moving the replay there; staff add a piece with a photo on
// /staff/pieces. Chat: an announcement stands apart, clearing empties the list, pausing stops viewers.
// At 375 and 1280 px, axe-clean at each step.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { ConsoleAction } from '../../src/shared/contract/console';
import { CHAT_MESSAGES } from '../../src/shared/contract/chat';
import type { PieceInput, StaffPiece } from '../../src/shared/contract/pieces';
import type { AuthedUser } from '../../src/shared/contract/user';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { FIRST_CONNECT, chatPanel, composer, messageList } from './support/chat';
import { demoClip } from './support/demo-media';
import { createViewer, logInWithPassword, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { claimOnAir } from './support/on-air';
import { endEvent, scheduleEvent, setStream, type ScheduledEvent } from './support/site-data';
import { createStaff } from './support/staff';
import { currentTime } from './support/video';

const tag = () => randomUUID().slice(0, 6);

test.describe.configure({ timeout: 120_000 });

let release: (() => Promise<void>) | null = null;
const cleanups: (() => void)[] = [];

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await release?.();
  release = null;
});

/** A photo as staff would pick it: a PNG with a gem on a gradient. */
async function photo(name: string, from: string, to: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><defs><linearGradient id="g"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="1200" fill="url(#g)"/><polygon points="600,160 900,460 600,1040 300,460" fill="white" opacity="0.85"/></svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

async function uploadPhoto(request: APIRequestContext, staff: AuthedUser, from: string, to: string): Promise<string> {
  const response = await request.post('/api/staff/media', {
    headers: { token: staff.tokenvalue },
    multipart: { image: await photo('piece.png', from, to) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data[0].image;
}

async function createPiece(
  request: APIRequestContext,
  staff: AuthedUser,
  piece: Partial<PieceInput> & { name: string },
): Promise<StaffPiece> {
  const body: PieceInput = {
    gemstone: 'Boulder opal',
    carat: '2.15',
    metal: '14k yellow gold',
    size: '7',
    price_cents: 189_900,
    stock: 2,
    photos: [],
    active: true,
    ...piece,
  };
  const response = await request.post('/api/staff/pieces', { headers: { token: staff.tokenvalue }, data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data[0];
}

/** One console action, as the console's buttons send it. */
async function act(request: APIRequestContext, staff: AuthedUser, eventId: number, action: ConsoleAction) {
  const response = await request.post(`/api/staff/console/${eventId}/act`, {
    headers: { token: staff.tokenvalue },
    data: action,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A show on air streaming the clip, started before any other journey's, so /live plays it; the
 * journey holds the on-air lock until it ends.
 */
async function showOnAir(title: string, startedMinutesAgo = 6 * 60): Promise<ScheduledEvent> {
  release ??= await claimOnAir();
  const show = scheduleEvent({
    type: 'show',
    title,
    description: 'Australian opals, live from the studio.',
    startsInMinutes: -startedMinutesAgo,
    minutes: startedMinutesAgo + 60,
  });
  cleanups.push(() => endEvent(show.id));
  setStream(show.id, { platform: 'hls', stream_url: await demoClip(), replay_url: await demoClip() });
  return show;
}

/** /live with its chat joined, so frames reach the page. */
async function openLive(page: Page) {
  await page.goto('/live');
  await expect(chatPanel(page).getByText('Live', { exact: true })).toBeVisible(FIRST_CONNECT);
}

for (const width of [375, 1280]) {
  const isPhone = width === 375;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: isPhone ? 740 : 900 } });

    test('staff put a piece on air: the card appears within a second, zooms, takes "I want this" once and keeps it', async ({
      page,
      request,
      login,
      shot,
    }) => {
      const show = await showOnAir(`Opal Hour ${tag()}`);
      const staff = await createStaff(request);
      const photos = [
        await uploadPhoto(request, staff, '#0e7490', '#7c3aed'),
        await uploadPhoto(request, staff, '#be123c', '#f59e0b'),
      ];
      const piece = await createPiece(request, staff, { name: `Boulder opal halo ring ${tag()}`, photos });
      await login();
      await openLive(page);
      const card = page.getByTestId('now-showing');
      await expect(card).toHaveCount(0);
      await expectAccessible(page, '/live before a piece');

      await act(request, staff, show.id, { action: 'show_piece', pieceId: piece.id });
      await expect(card).toBeVisible({ timeout: 1_000 });
      await expect(card.getByRole('heading', { name: piece.name })).toBeVisible();
      await expect(card.getByText('$1,899')).toBeVisible();
      await expect(card.getByText('Only 2 left')).toBeVisible();
      // The card fades in; the picture is of it settled.
      await card.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await shot(`now-showing-card-${width}`, { fullPage: false });
      await expectAccessible(page, '/live with the card');

      const video = page.locator('video');
      if (isPhone) {
        // Over the player as a strip that leaves the video in sight; opened, it hangs under the video.
        const [strip, player] = [await card.boundingBox(), await video.boundingBox()];
        expect(strip && player && strip.height < player.height / 2).toBe(true);
        await card.getByRole('button', { name: 'Show the details' }).click();
        const [opened, stage] = [await card.boundingBox(), await video.boundingBox()];
        expect(opened && stage && opened.y >= stage.y + stage.height).toBe(true);
        await shot(`now-showing-card-open-${width}`, { fullPage: false });
        await expectAccessible(page, '/live with the card open');
      } else {
        // Beside the player, above the chat.
        const [box, player] = [await card.boundingBox(), await video.boundingBox()];
        expect(box && player && box.x >= player.x + player.width).toBe(true);
      }
      await expect(card.getByText('Boulder opal', { exact: true })).toBeVisible();
      await expect(card.getByText('2.15 ct')).toBeVisible();
      await expect(card.getByText('14k yellow gold')).toBeVisible();
      await expect(card.getByRole('link', { name: 'Call to buy' })).toHaveAttribute('href', /^tel:\d+$/);
      const text = await card.getByRole('link', { name: 'Text to buy' }).getAttribute('href');
      expect(decodeURIComponent(text ?? '')).toContain(piece.name);

      // The photos, large: next with the arrow key, closed with Escape, focus back on the photo.
      const zoom = card.getByRole('button', { name: /Zoom in on the 2 photos/ });
      await zoom.click();
      const dialog = page.getByRole('dialog', { name: piece.name });
      await expect(dialog.getByText('Photo 1 of 2')).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(dialog.getByText('Photo 2 of 2')).toBeVisible();
      await expect(dialog.getByRole('img', { name: `${piece.name}, photo 2 of 2` })).toBeVisible();
      await shot(`now-showing-zoom-${width}`, { fullPage: false });
      await expectAccessible(page, 'the zoomed photos');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(zoom).toBeFocused();

      await card.getByRole('button', { name: 'I want this' }).click();
      await expect(card.getByText('We’ll call you back')).toBeVisible();
      await expect(card.getByRole('button', { name: 'I want this' })).toHaveCount(0);
      await shot(`now-showing-wanted-${width}`, { fullPage: false });
      await expectAccessible(page, 'the card after I want this');

      await page.reload();
      await expect(card.getByText('We’ll call you back')).toBeVisible(FIRST_CONNECT);
      await expect(card.getByRole('button', { name: 'I want this' })).toHaveCount(0);
      if (isPhone) await expectNoSidewaysScroll(page);

      // Staff take it down: the card goes.
      await expect(chatPanel(page).getByText('Live', { exact: true })).toBeVisible(FIRST_CONNECT);
      await act(request, staff, show.id, { action: 'show_piece', pieceId: null });
      await expect(card).toHaveCount(0, { timeout: 1_000 });
    });

    test('a past show lists its pieces with their replay times; a time moves the replay there', async ({
      page,
      request,
      login,
      shot,
    }) => {
      const staff = await createStaff(request);
      const ring = await createPiece(request, staff, {
        name: `Opal ring ${tag()}`,
        photos: [await uploadPhoto(request, staff, '#0e7490', '#7c3aed')],
      });
      const pendant = await createPiece(request, staff, { name: `Opal pendant ${tag()}`, price_cents: 64_950 });
      // Started two seconds ago, so each piece's time falls inside the 16-second clip.
      const show = await showOnAir(`Opal Replay ${tag()}`, 2 / 60);
      await act(request, staff, show.id, { action: 'show_piece', pieceId: ring.id });
      await act(request, staff, show.id, { action: 'show_piece', pieceId: pendant.id });
      endEvent(show.id);

      await login();
      await page.goto(`/past/${show.id}`);
      const list = page.getByRole('region', { name: 'Pieces in this show' });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.getByText(ring.name)).toBeVisible();
      await expect(list.getByText('$649.50', { exact: false })).toBeVisible();
      const time = list.getByRole('link', { name: new RegExp(`Watch ${ring.name} in the replay at 0:\\d\\d`) });
      await expect(time).toBeVisible();
      await shot(`now-showing-past-${width}`);
      await expectAccessible(page, 'the past show with its pieces');
      if (isPhone) await expectNoSidewaysScroll(page);

      const label = (await time.textContent()) ?? '';
      const seconds = Number(label.split(':')[1]);
      expect(seconds).toBeLessThan(14);
      await time.click();
      await expect(page).toHaveURL(new RegExp(`[?&]t=${seconds}$`));
      const video = page.locator('video');
      await expect.poll(() => currentTime(video), { timeout: 15_000 }).toBeGreaterThanOrEqual(seconds - 0.5);

      // The same address opened afresh starts there too.
      await page.reload();
      await expect
        .poll(() => currentTime(page.locator('video')), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(seconds - 0.5);
    });

    test('staff add a piece with a photo on /staff/pieces, its errors beside its fields', async ({
      page,
      request,
      shot,
    }) => {
      const staff = await createStaff(request);
      await signInAs(page, staff, { clearFirst: true });
      await page.goto('/staff/pieces');
      await expect(page.getByRole('heading', { level: 1, name: 'Pieces' })).toBeVisible();
      await expectAccessible(page, '/staff/pieces');
      if (isPhone) await expectNoSidewaysScroll(page);

      await page.getByRole('button', { name: 'New piece' }).click();
      const form = page.getByRole('form', { name: 'New piece' });
      await form.getByLabel('Price in dollars').fill('12.345');
      await form.getByRole('button', { name: 'Add the piece' }).click();
      await expect(form.getByText('Give the name.')).toBeVisible();
      await expect(form.getByText('Type the price in dollars, such as 1250 or 1250.50.')).toBeVisible();
      await expect(form.getByLabel('Name')).toBeFocused();
      await expectAccessible(page, 'the piece form with its errors');

      const name = `Tanzanite drop earrings ${tag()}`;
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Gemstone').fill('Tanzanite');
      await form.getByLabel('Carat').fill('3.4');
      await form.getByLabel('Metal').fill('Platinum');
      await form.getByLabel('Price in dollars').fill('$2,450.50');
      await form.getByLabel('Stock').fill('4');
      await form.getByLabel('Upload photo').setInputFiles(await photo('tanzanite.png', '#312e81', '#a78bfa'));
      await expect(form.getByRole('img', { name: 'Photo 1' })).toBeVisible();
      await shot(`now-showing-staff-form-${width}`, { fullPage: false });
      await form.getByRole('button', { name: 'Add the piece' }).click();
      await expect(page.getByText('Piece saved.')).toBeVisible();
      const item = page.getByRole('list', { name: 'Pieces' }).getByRole('listitem').filter({ hasText: name });
      await expect(item.getByText('$2,450.50')).toBeVisible();
      await expect(item.getByText('Only 4 left')).toBeVisible();
      await expect(item.getByText('0 viewers interested')).toBeVisible();
      await expect(item.locator('img')).toHaveAttribute('src', /\/media\//);
      await shot(`now-showing-staff-list-${width}`);
      await expectAccessible(page, '/staff/pieces with the new piece');
    });
  });
}

test('a viewer whose session ends elsewhere is sent to sign in at once and comes back to the card', async ({
  page,
  request,
}) => {
  const show = await showOnAir(`Opal Night ${tag()}`);
  const staff = await createStaff(request);
  const piece = await createPiece(request, staff, { name: `Opal cufflinks ${tag()}` });
  await act(request, staff, show.id, { action: 'show_piece', pieceId: piece.id });
  const { viewer, user } = await registerViewer(request, createViewer());
  await signInAs(page, user);
  await openLive(page);
  const card = page.getByTestId('now-showing');
  await expect(card.getByRole('heading', { name: piece.name })).toBeVisible();

  // The session ends elsewhere (logged out on another device): every process tells the open page at
  // once through its chat socket (decision 089), and the page asks to sign in and come back.
  const logout = await request.post('/api/logout', { headers: { token: user.tokenvalue } });
  expect(logout.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Flive/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  await logInWithPassword(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(/\/live$/);
  await page.getByTestId('now-showing').getByRole('button', { name: 'I want this' }).click();
  await expect(page.getByTestId('now-showing').getByText('We’ll call you back')).toBeVisible();
});

test('chat: an announcement stands apart, clearing empties the list, and a pause stops viewers', async ({
  page,
  request,
  login,
  shot,
}) => {
  const show = await showOnAir(`Opal Chat ${tag()}`);
  const staff = await createStaff(request);
  await login();
  await openLive(page);
  const hello = `Hello from the front row ${tag()}`;
  await composer(page).fill(hello);
  await composer(page).press('Enter');
  await expect(messageList(page).getByText(hello)).toBeVisible();

  await act(request, staff, show.id, { action: 'chat_announce', text: 'Free shipping on every opal tonight!' });
  const announcement = messageList(page).locator('[data-kind="announcement"]');
  await expect(announcement).toContainText('Announcement');
  await expect(announcement).toContainText('Free shipping on every opal tonight!');
  await shot('now-showing-chat-announcement', { fullPage: false });
  await expectAccessible(page, 'the chat with an announcement');

  await act(request, staff, show.id, { action: 'chat_clear' });
  await expect(messageList(page).getByText(hello)).toHaveCount(0);
  await expect(chatPanel(page).getByText('The host cleared the chat.')).toBeVisible();

  await act(request, staff, show.id, { action: 'chat_pause', paused: true });
  await expect(composer(page)).toBeDisabled();
  await expect(chatPanel(page).getByText(CHAT_MESSAGES.paused).first()).toBeVisible();
  await shot('now-showing-chat-paused', { fullPage: false });
  await expectAccessible(page, 'the paused chat');
  await act(request, staff, show.id, { action: 'chat_pause', paused: false });
  await expect(composer(page)).toBeEnabled();
});
