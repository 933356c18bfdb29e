// Journeys: a private giveaway's page without its code says not found and offers a code field; the
// right code (any case) opens it, the link keeps the code through logging in and entering; a kiosk
// keeps it for the next visitor; staff give a private giveaway a hard code, share its link and read
// paused code tries in the audit log (decision 051). At an exhibition kiosk (/intergem/giveaway/{id},
// outside the shell) a visitor logs in, enters, lands on the kiosk's success page and signs out for
// the next visitor. Axe on each page.
import { randomUUID } from 'node:crypto';
import type { StaffEntry } from '../../src/shared/contract/giveaways-staff';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { SCREEN_SIZES } from './support/env';
import { logInWithPassword, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { createGiveaway } from './support/giveaways';
import { createStaff } from './support/staff';

const tag = () => randomUUID().slice(0, 6);

test('a private giveaway is not found without its code, opens with it, and keeps it through logging in and entering', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Booth Giveaway ${tag()}`,
    IS_Public: 0,
    access_code: 'BOOTH-4242',
    startsInMinutes: -5,
    minutes: 60,
  });
  const { viewer } = await registerViewer(request);
  const path = `/giveaway/${giveaway.id}`;
  await page.goto(path);
  await page.getByRole('button', { name: 'I agree' }).click();

  // Without the code the page says what it says for a giveaway that does not exist, and asks for one.
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find that giveaway' })).toBeVisible();
  await expect(page.getByText(giveaway.title)).toHaveCount(0);
  const code = page.getByLabel('Access code');
  const open = page.getByRole('button', { name: 'Open with this code' });
  await open.click();
  await expect(code).toHaveAccessibleDescription(/^Enter the access code you were given\./);
  await expect(code).toBeFocused();
  await code.fill('BOOTH-2424');
  await open.click();
  await expect(page).toHaveURL(`${path}?code=BOOTH-2424`);
  await expect(code).toHaveAccessibleDescription(/^That code does not open a giveaway at this link\./);
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await shot('giveaway-private-not-found');

  // The code is not case-sensitive. The page opens, and its links keep the code.
  await code.fill('booth-4242');
  await open.click();
  const opened = `${path}?code=booth-4242`;
  await expect(page).toHaveURL(opened);
  await expect(page.getByRole('heading', { level: 1, name: giveaway.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Official rules of this giveaway' })).toHaveAttribute(
    'href',
    `/giveaway-terms/${giveaway.id}?code=booth-4242`,
  );
  await page.getByRole('link', { name: 'Log in to enter' }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(opened)}`);
  await logInWithPassword(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(opened);

  // The link's code opened the page, so entering asks for nothing more.
  const enter = page.getByRole('button', { name: `Enter ${giveaway.title}` });
  await expect(enter).toBeVisible();
  await expect(page.getByLabel('Access code')).toHaveCount(0);
  await expectAccessible(page);
  await shot('giveaway-private-opened');
  await enter.click();
  await expect(page).toHaveURL(`/giveaway/success/${giveaway.id}`);
  await expect(page.getByRole('heading', { level: 1, name: giveaway.title })).toBeVisible();
  const response = await request.get(`/api/staff/giveaways/${giveaway.id}/entries`, {
    headers: { token: staff.tokenvalue },
  });
  const entries: StaffEntry[] = (await response.json()).data;
  expect(entries.map((entry) => entry.email)).toEqual([viewer.email]);

  // Entered, the viewer sees the giveaway without the code.
  await page.goto(path);
  await expect(page.getByText('You have entered this giveaway. Good luck!')).toBeVisible();
});

test('a private giveaway at a kiosk keeps its code for the next visitor', async ({ page, request }) => {
  test.setTimeout(90_000);
  const staff = await createStaff(request);
  const giveaway = await createGiveaway(request, staff, {
    title: `Kiosk Booth Giveaway ${tag()}`,
    IS_Public: 0,
    access_code: 'KIOSK-7Q3M',
    startsInMinutes: -5,
    minutes: 60,
  });
  const { viewer } = await registerViewer(request);
  const kioskPath = `/intergem/giveaway/${giveaway.id}?code=KIOSK-7Q3M`;
  await page.goto(kioskPath);
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByRole('link', { name: 'Log in to enter' }).click();
  await logInWithPassword(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(kioskPath);
  await page.getByRole('button', { name: `Enter ${giveaway.title}` }).click();
  await expect(page).toHaveURL(`/intergem/giveaway/success/${giveaway.id}?code=KIOSK-7Q3M`);
  await page.getByRole('button', { name: 'Done: sign out for the next visitor' }).click();
  await expect(page).toHaveURL(kioskPath);
  await expect(page.getByRole('heading', { level: 1, name: giveaway.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to enter' })).toBeVisible();
});

test('staff give a private giveaway a hard code, share its link, and read paused code tries in the audit log', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  const staff = await createStaff(request);
  await signInAs(page, staff, { clearFirst: true });
  await page.goto('/staff/giveaways');
  await page.getByRole('button', { name: 'New giveaway' }).click();
  const dialog = page.getByRole('dialog', { name: 'New giveaway' });
  const title = `Vault Giveaway ${tag()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Visibility').selectOption('0');
  const code = dialog.getByLabel('Access code');
  await expect(code).toHaveAccessibleDescription(/At least 6 letters or digits/);
  await code.fill('BOOTH');
  await dialog.getByRole('button', { name: 'Create giveaway' }).click();
  await expect(code).toHaveAccessibleDescription(/^Make the access code at least 6 letters or digits long\./);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await shot('giveaway-staff-weak-code');
  await dialog.getByRole('button', { name: 'Make a code' }).click();
  await expect(code).toHaveValue(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const made = await code.inputValue();
  await dialog.getByRole('button', { name: 'Create giveaway' }).click();
  await expect(page).toHaveURL(/\/staff\/giveaways\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())?.[1]);
  const link = page.getByRole('link', { name: new RegExp(`/giveaway/${id}\\?code=${made}$`) });
  await expect(link).toBeVisible();

  // A viewer guessing codes is paused after ten wrong ones, and the log says so once.
  const { user } = await registerViewer(request);
  for (let i = 0; i < 12; i++)
    await request.post('/api/giveawaydata_v1', {
      data: { eventid: id, code: `GUESS-${i}X` },
      headers: { token: user.tokenvalue },
    });
  await page.reload();
  await page.getByText(/^Audit log/).click();
  const paused = page.getByRole('listitem').filter({ hasText: 'Wrong access codes' });
  await expect(paused).toHaveCount(1);
  await expect(paused).toContainText(`Paused access-code tries for the viewer ${user.first_name} ${user.last_name}`);
  await expectAccessible(page);
  await shot('giveaway-staff-code-limit');
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
