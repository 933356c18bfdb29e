// Journeys: a private giveaway refuses a viewer without its access code, says why, and lets them in
// with it; at an exhibition kiosk (/intergem/giveaway/{id}, outside the shell) a visitor logs in,
// enters, lands on the kiosk's success page and signs out for the next visitor. Axe on each page.
import { randomUUID } from 'node:crypto';
import type { StaffEntry } from '../../src/shared/contract/giveaways-staff';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { SCREEN_SIZES } from './support/env';
import { logInWithPassword, registerViewer } from './support/factories';
import { expect, test } from './support/fixtures';
import { createGiveaway } from './support/giveaways';
import { createStaff } from './support/staff';

const tag = () => randomUUID().slice(0, 6);

test('a private giveaway refuses a viewer without the access code and lets them in with it', async ({
  page,
  request,
  login,
  shot,
}) => {
  test.setTimeout(90_000);
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Booth Giveaway ${tag()}`,
    IS_Public: 0,
    access_code: 'BOOTH-42',
    startsInMinutes: -5,
    minutes: 60,
  });
  await login();
  await page.goto(`/giveaway/${giveaway.id}`);
  await page.getByRole('button', { name: 'I agree' }).click();
  await expect(page.getByRole('heading', { level: 1, name: giveaway.title })).toBeVisible();
  const enter = page.getByRole('button', { name: `Enter ${giveaway.title}` });
  const code = page.getByLabel('Access code');
  await expect(code).toBeVisible();

  // The refusal is said on the code field, which takes the focus so it is read out.
  await enter.click();
  await expect(code).toHaveAccessibleDescription(
    /^This giveaway is private\. Enter the access code you were given to take part\./,
  );
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill('BOOTH-24');
  await enter.click();
  await expect(code).toHaveAccessibleDescription(/^That access code is not right for this giveaway\./);
  await expect(page.getByText('That access code is not right for this giveaway.')).toBeVisible();
  await expect(page).toHaveURL(`/giveaway/${giveaway.id}`);
  await expectAccessible(page);
  await shot('giveaway-private-refused');

  // The code is not case-sensitive.
  await code.fill('booth-42');
  await enter.click();
  await expect(page).toHaveURL(`/giveaway/success/${giveaway.id}`);
  const response = await request.get(`/api/staff/giveaways/${giveaway.id}/entries`, {
    headers: { token: staff.tokenvalue },
  });
  const entries: StaffEntry[] = (await response.json()).data;
  expect(entries).toHaveLength(1);
});

for (const [size, viewport] of SCREEN_SIZES) {
  test(`at an exhibition kiosk a visitor logs in, enters, and signs out for the next visitor (${size})`, async ({
    page,
    request,
    shot,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const staff = await createStaff(request);
    const giveaway = await createGiveaway(request, staff, {
      title: `Kiosk Giveaway ${tag()}`,
      prize: 'A citrine pendant',
      startsInMinutes: -5,
      minutes: 60,
    });
    const { viewer } = await registerViewer(request);
    const kioskPath = `/intergem/giveaway/${giveaway.id}`;

    await page.goto(kioskPath);
    await page.getByRole('button', { name: 'I agree' }).click();
    await expect(page.getByRole('heading', { level: 1, name: giveaway.title })).toBeVisible();
    // Outside the shell: no site navigation and no footer to wander off to.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expectAccessible(page);
    if (size === 'phone') await expectNoSidewaysScroll(page);

    await page.getByRole('link', { name: 'Log in to enter' }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(kioskPath)}`);
    await logInWithPassword(page, viewer.email, viewer.password);
    await expect(page).toHaveURL(kioskPath);
    await expect(page.getByText(`Signed in as ${viewer.first_name}`)).toBeVisible();

    await page.getByRole('button', { name: `Enter ${giveaway.title}` }).click();
    await expect(page).toHaveURL(`/intergem/giveaway/success/${giveaway.id}`);
    await expect(page.getByRole('heading', { level: 1, name: giveaway.title })).toBeVisible();
    await expect(page.getByText('The winner is drawn at random when the giveaway closes.')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expectAccessible(page);
    if (size === 'phone') await expectNoSidewaysScroll(page);
    await shot(`giveaway-kiosk-success-${size}`);

    // Staff count it as a kiosk entry.
    const response = await request.get(`/api/staff/giveaways/${giveaway.id}/entries`, {
      headers: { token: staff.tokenvalue },
    });
    const entries: StaffEntry[] = (await response.json()).data;
    expect(entries.map((entry) => [entry.email, entry.entry_from])).toEqual([[viewer.email, 'intergem']]);

    // Done: the next visitor finds the kiosk signed out, on the same giveaway.
    await page.getByRole('button', { name: 'Done: sign out for the next visitor' }).click();
    await expect(page).toHaveURL(kioskPath);
    await expect(page.getByRole('link', { name: 'Log in to enter' })).toBeVisible();
    await expect(page.getByText(/Signed in as/)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shot(`giveaway-kiosk-next-visitor-${size}`);
  });
}
