// Journeys of issue 14's pictures (decision 047): staff upload a show's image and a giveaway's prize
// image on the staff pages and pick the giveaway's show from the searchable list; a viewer sees the
// pictures (with their srcset) on the home cards, whose one link opens the show or giveaway, and on
// the giveaway page, at 375 and 1280 px. Then the spin wheel at 375 px: labels inside the wheel and
// upright, full names in the legend, and the result said once.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { createGiveaway, enterGiveaway, setSpinPrizes } from './support/giveaways';
import { createStaff, scheduleAsStaff } from './support/staff';

const tag = () => randomUUID().slice(0, 6);

/** A picture as staff would pick it: a PNG with a gem-like gradient. */
async function picture(name: string, from: string, to: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><defs><linearGradient id="g"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1600" height="900" fill="url(#g)"/><polygon points="800,150 1050,350 800,750 550,350" fill="white" opacity="0.8"/></svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

test('staff upload a show image and a prize image, pick the show by name, and a viewer sees them', async ({
  page,
  request,
  login,
  shot,
}) => {
  test.setTimeout(120_000);
  const staff = await createStaff(request);
  const show = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: `Opal Friday ${tag()}`,
    description: 'Australian opals with their play of colour.',
    startsInMinutes: 3 * 24 * 60,
    minutes: 60,
  });
  const giveaway = await createGiveaway(request, staff, {
    title: `Opal pendant giveaway ${tag()}`,
    prize: 'Boulder opal pendant',
    startsInMinutes: -5,
    minutes: 24 * 60,
  });

  // The show's image, uploaded on its staff page.
  await signInAs(page, staff, { clearFirst: true });
  await page.goto(`/staff/shows/${show.id}`);
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Upload show image').setInputFiles(await picture('opal.png', '#0e7490', '#7c3aed'));
  await expect(edit.getByLabel('Image address')).toHaveValue(/^\/media\/events\/[0-9a-f]{32}-1280w\.webp$/);
  await expect(edit.getByRole('img', { name: 'Show image: preview' })).toBeVisible();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();

  // The giveaway's prize image and its show, chosen by typing part of the title.
  await page.goto(`/staff/giveaways/${giveaway.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const details = page.getByRole('region', { name: 'Details and terms' });
  await details.getByLabel('Upload prize image').setInputFiles(await picture('pendant.png', '#be123c', '#f59e0b'));
  await expect(details.getByRole('img', { name: 'Prize image: preview' })).toBeVisible();
  const picker = details.getByRole('combobox', { name: 'Show (optional)' });
  await picker.fill(show.title.split(' ').slice(0, 2).join(' '));
  await expect(details.getByRole('listbox', { name: 'Shows' })).toBeVisible();
  await expect(details.getByRole('option', { name: new RegExp(show.title) })).toBeVisible();
  await expectAccessible(page);
  await shot('images-staff-giveaway-form');
  // The first match is ready; the arrows move through the list (and back).
  await picker.press('ArrowUp');
  await expect(picker).toHaveAttribute('aria-activedescendant', /option-0$/);
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(picker).toHaveValue(show.title);
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  const saved = await request.get(`/api/staff/giveaways/${giveaway.id}`, { headers: { token: staff.tokenvalue } });
  expect((await saved.json()).data[0]).toMatchObject({
    show_id: show.id,
    prize_image: expect.stringMatching(/^\/media\/events\/.*-1280w\.webp$/),
  });

  // A viewer, at both sizes.
  await login();
  for (const [size, viewport] of [
    ['phone', { width: 375, height: 812 }],
    ['laptop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/home');
    const card = page
      .getByRole('region', { name: 'Upcoming shows' })
      .getByRole('article')
      .filter({ hasText: show.title });
    const image = card.locator('img');
    await expect(image).toHaveAttribute('srcset', /-320w\.webp 320w, .*-640w\.webp 640w, .*-1280w\.webp 1280w/);
    await expect(image).toHaveAttribute('sizes', /100vw/);
    await expect(card.getByRole('link')).toHaveCount(1);
    await expect(card.getByRole('link')).toHaveAccessibleName(show.title);
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    await shot(`images-home-card-${size}`, { fullPage: false });

    await page.goto(`/giveaway/${giveaway.id}`);
    const prize = page.getByRole('region', { name: 'The prize' });
    await expect(prize.getByRole('img', { name: 'The prize: Boulder opal pendant' })).toHaveAttribute('srcset', /320w/);
    await expect
      .poll(() => prize.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    if (size === 'phone') await expectAccessible(page);
    await shot(`images-giveaway-page-${size}`);
  }

  // The card is one link: following it by keyboard opens the show's page, with its picture.
  await page.goto('/home');
  const link = page
    .getByRole('region', { name: 'Upcoming shows' })
    .getByRole('link', { name: show.title, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/show/${show.id}`);
  await expect(page.getByRole('img', { name: show.title })).toHaveAttribute('srcset', /1280w/);
});

test('the wheel at 375 px: labels fit inside and read upright, the legend names every prize, the result reads once', async ({
  page,
  request,
  login,
  shot,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Wheel labels ${tag()}`,
    startsInMinutes: -5,
    minutes: 60,
  });
  const prizes = [
    { label: '100 reward points', weight: 1, points: 100 },
    { label: 'A sterling silver chain with a lobster clasp', weight: 0, points: 0 },
    { label: 'Free shipping', weight: 0, points: 0 },
    { label: '10% off tonight', weight: 0, points: 0 },
    { label: 'Mystery gemstone from the vault', weight: 0, points: 0 },
    { label: 'Polishing cloth', weight: 0, points: 0 },
    { label: '25 reward points', weight: 0, points: 25 },
    { label: 'Ring sizing', weight: 0, points: 0 },
  ];
  await setSpinPrizes(request, staff, giveaway.id, prizes);
  const { user } = await login();
  await enterGiveaway(request, user, giveaway.id);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/giveaway/success/${giveaway.id}`);
  await page.getByRole('button', { name: 'I agree' }).click();
  const spin = page.getByRole('region', { name: 'Spin to win for entering' });
  const wheel = spin.getByRole('img', { name: /Prize wheel with 8 prizes/ });
  await expect(wheel).toBeVisible();

  /** Every label's box lies inside the wheel's circle, and none is drawn upside down. */
  async function expectLabelsReadable() {
    const problems = await wheel.evaluate((svg) => {
      const circle = svg.querySelector('path')!.ownerSVGElement!.getBoundingClientRect();
      const cx = circle.left + circle.width / 2;
      const r = circle.width / 2;
      const cy = circle.top + r * (100 / 100);
      const found: string[] = [];
      for (const text of svg.querySelectorAll('text')) {
        const box = text.getBoundingClientRect();
        for (const [x, y] of [
          [box.left, box.top],
          [box.right, box.top],
          [box.left, box.bottom],
          [box.right, box.bottom],
        ] as const) {
          // The rotated text's bounding box is larger than the text itself, so allow a little.
          if (Math.hypot(x - cx, y - cy) > r * 1.02) found.push(`${text.textContent} spills over the rim`);
        }
        const matrix = text.getScreenCTM()!;
        if (matrix.a < -0.001) found.push(`${text.textContent} is upside down`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  }
  await expectLabelsReadable();
  const legend = spin.getByRole('list', { name: 'The prizes on the wheel' });
  for (const prize of prizes) await expect(legend.getByText(prize.label, { exact: true })).toBeVisible();
  await expect(wheel.locator('text').filter({ hasText: '…' }).first()).toBeVisible();

  await spin.getByRole('button', { name: 'Spin the wheel' }).click();
  await expect(spin.getByTestId('spin-prize')).toHaveText('You won 100 reward points.', { timeout: 10_000 });
  await expectLabelsReadable();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot('images-wheel-phone');
});
