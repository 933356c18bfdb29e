// Journey: staff draw a show's giveaway and the winner claims; until staff announce it, the past
// show says plainly that no winner was announced. Once announced, a visitor sees the winner (first
// name and last initial, which giveaway, when) on the past show and on the giveaway. Both sizes.
import { randomUUID } from 'node:crypto';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { SCREEN_SIZES } from './support/env';
import { createViewer, registerViewer } from './support/factories';
import { expect, test } from './support/fixtures';
import { announceWinners, closeGiveaway, createGiveaway, drawAndClaim, enterGiveaway } from './support/giveaways';
import { createStaff, scheduleAsStaff } from './support/staff';

const tag = () => randomUUID().slice(0, 6);

for (const [size, viewport] of SCREEN_SIZES) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test('announced winners show on the past show and on the giveaway', async ({ page, request, shot }) => {
      test.setTimeout(90_000);
      const staff = await createStaff(request);
      // Aired hours ago, so it does not lead the past-show lists other journeys read.
      const show = await scheduleAsStaff(request, staff, {
        type: 'show',
        title: `Garnet Gala ${tag()}`,
        description: 'Garnets of every colour.',
        startsInMinutes: -5 * 60 - 20,
        minutes: 60,
      });
      const giveaway = await createGiveaway(request, staff, {
        title: `Garnet Gala Giveaway ${tag()}`,
        show_id: show.id,
        prize: 'A rhodolite garnet ring',
        startsInMinutes: -5,
        minutes: 60,
      });
      const { user } = await registerViewer(request, createViewer({ first_name: 'Henrietta', last_name: 'Blackwood' }));
      await enterGiveaway(request, user, giveaway.id);
      await closeGiveaway(request, staff, giveaway.id);
      await drawAndClaim(request, staff, giveaway.id);

      // Claimed, not announced yet: the past show says so, and the giveaway keeps the name back.
      await page.goto(`/past/${show.id}`);
      await page.getByRole('button', { name: 'I agree' }).click();
      await expect(page.getByRole('heading', { level: 1, name: show.title })).toBeVisible();
      const winners = page.getByRole('region', { name: 'Giveaway winners' });
      await expect(winners).toHaveText(/No giveaway winners were announced for this show\./);
      await page.goto(`/giveaway/${giveaway.id}`);
      await expect(page.getByRole('region', { name: 'Winner' })).toContainText(
        'The winner is named here once they have claimed the prize.',
      );

      await announceWinners(request, staff, giveaway.id);
      await page.goto(`/past/${show.id}`);
      await expect(winners.getByRole('listitem')).toHaveCount(1);
      await expect(winners).toContainText('Henrietta B. won');
      await expect(winners).toContainText(
        /Drawn [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d [AP]M P[SD]T · entry \d+/,
      );
      await expect(winners).not.toContainText('Blackwood');
      await expectAccessible(page);
      if (size === 'phone') await expectNoSidewaysScroll(page);
      await winners.scrollIntoViewIfNeeded();
      await shot(`giveaway-winners-past-${size}`);

      await winners.getByRole('link', { name: giveaway.title }).click();
      await expect(page).toHaveURL(`/giveaway/${giveaway.id}`);
      const named = page.getByRole('region', { name: 'Winner' });
      await expect(named).toContainText('Henrietta B.');
      await expect(named).not.toContainText('Blackwood');
      await expect(page.getByText('This giveaway has closed and its winner has been drawn.')).toBeVisible();
      await expectAccessible(page);
      if (size === 'phone') await expectNoSidewaysScroll(page);
      await shot(`giveaway-winners-giveaway-${size}`);
    });
  });
}
