// Journey: staff open a giveaway from /staff/giveaways and edit its spin-to-win wheel: a blank label
// and an empty weight are refused with a clear message naming the prize, and nothing is saved; the
// corrected table (old prizes at weight 0, a new prize with a stock of 5) saves, and a viewer who
// enters and spins lands on the new prize, which then has 4 left. Axe on the editor.
import { randomUUID } from 'node:crypto';
import type { SpinCheck, SpinPrizeTable } from '../../src/shared/contract/spin';
import { expectAccessible } from './support/axe';
import { registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { createGiveaway, setSpinPrizes } from './support/giveaways';
import { createStaff } from './support/staff';

const tag = () => randomUUID().slice(0, 6);

test('staff edit the prize wheel, bad input is refused clearly, and a viewer spins onto the new table', async ({
  page,
  request,
  shot,
}) => {
  // A long journey on a busy machine: two people, a save and a spin.
  test.setTimeout(120_000);
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Wheel Giveaway ${tag()}`,
    startsInMinutes: -5,
    minutes: 60,
  });
  await setSpinPrizes(request, staff, giveaway.id, [
    { label: '10 points', weight: 5, points: 10 },
    { label: 'Free shipping', weight: 3, points: 0 },
    { label: 'Polishing cloth', weight: 2, points: 0 },
  ]);
  const savedTable = async (): Promise<SpinPrizeTable> => {
    const response = await request.get(`/api/staff/giveaways/spin-prizes/${giveaway.id}`, {
      headers: { token: staff.tokenvalue },
    });
    return (await response.json()).data[0];
  };

  await signInAs(page, staff, { clearFirst: true });
  await page.goto('/staff/giveaways');
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByRole('link', { name: giveaway.title }).click();
  await expect(page).toHaveURL(`/staff/giveaways/${giveaway.id}`);
  const wheel = page.getByRole('region', { name: 'Spin-to-win wheel' });
  await expect(wheel.getByLabel('Prize 1', { exact: true })).toHaveValue('10 points');
  await expect(wheel.getByRole('row').nth(1)).toContainText('50%');

  // Bad input: a prize without a label and a weight left empty.
  await wheel.getByLabel('Prize 2', { exact: true }).fill('');
  await wheel.getByLabel('Weight of prize 3').fill('');
  await wheel.getByRole('button', { name: 'Save the wheel' }).click();
  const problem = wheel.getByRole('alert');
  await expect(problem).toContainText('The wheel was not saved:');
  await expect(problem).toContainText('Prize 2: Every prize needs a label.');
  await expect(problem).toContainText('Prize 3: weight is a whole number from 0 to 1,000,000.');
  await expect(wheel.getByLabel('Prize 2', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(wheel.getByLabel('Weight of prize 3')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await wheel.scrollIntoViewIfNeeded();
  await shot('giveaway-prize-table-refused', { fullPage: false });
  expect((await savedTable()).prizes.map((p) => p.label)).toEqual(['10 points', 'Free shipping', 'Polishing cloth']);

  // Every weight at 0 is refused too: the wheel would have nothing to land on.
  await wheel.getByLabel('Prize 2', { exact: true }).fill('Free shipping');
  for (const n of [1, 2, 3]) await wheel.getByLabel(`Weight of prize ${n}`).fill('0');
  await wheel.getByRole('button', { name: 'Save the wheel' }).click();
  await expect(problem).toContainText('At least one prize needs a weight above 0.');

  // The corrected table: the old prizes stay on the wheel at weight 0, a new prize takes every spin.
  await wheel.getByRole('button', { name: 'Add a prize' }).click();
  await wheel.getByLabel('Prize 4', { exact: true }).fill('Sapphire charm');
  await wheel.getByLabel('Weight of prize 4').fill('7');
  await wheel.getByLabel('Points of prize 4').fill('75');
  await expect(wheel.getByLabel('Stock of prize 1')).toHaveValue('');
  await wheel.getByLabel('Stock of prize 4').fill('5');
  await expect(wheel.getByRole('row').filter({ hasText: '100%' })).toHaveCount(1);
  await wheel.getByRole('button', { name: 'Save the wheel' }).click();
  await expect(wheel.getByRole('status')).toHaveText('The prize wheel has been saved.');
  await expect(problem).toHaveCount(0);
  expect((await savedTable()).prizes.map((p) => [p.label, p.weight, p.points, p.stock])).toEqual([
    ['10 points', 0, 10, null],
    ['Free shipping', 0, 0, null],
    ['Polishing cloth', 0, 0, null],
    ['Sapphire charm', 7, 75, 5],
  ]);
  await expectAccessible(page);
  await shot('giveaway-prize-table-saved', { fullPage: false });

  // A viewer enters and spins: the server can only choose the new prize.
  const { user } = await registerViewer(request);
  await signInAs(page, user, { clearFirst: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/giveaway/${giveaway.id}`);
  await page.getByRole('button', { name: `Enter ${giveaway.title}` }).click();
  await expect(page).toHaveURL(`/giveaway/success/${giveaway.id}`);
  const spin = page.getByRole('region', { name: 'Spin to win for entering' });
  await expect(spin.getByRole('img', { name: /Prize wheel with 4 prizes/ })).toBeVisible();
  await spin.getByRole('button', { name: 'Spin the wheel' }).click();
  await expect(spin.getByTestId('spin-prize')).toHaveText('You won Sapphire charm, plus 75 reward points.');
  const stored = await request.get(`/api/CheckIfGiveawaySpin?eventId=${giveaway.id}`, {
    headers: { token: user.tokenvalue },
  });
  const check: SpinCheck = (await stored.json()).data[0];
  expect(check.result).toMatchObject({ label: 'Sapphire charm', points: 75, segment: 3 });
  expect((await savedTable()).prizes.find((p) => p.label === 'Sapphire charm')).toMatchObject({ won: 1, stock: 4 });
});
