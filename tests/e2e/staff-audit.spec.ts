// Journey: staff rename a show through the staff API, open the audit log from the account menu,
// filter it to that show, open the row to see the title before and after, and download the
// filtered rows as CSV. A viewer's refused try at the same call is in the log too. Axe at 375 and 1280.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { AUDIT_CSV_COLUMNS } from '../../src/shared/contract/audit';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { createStaff, scheduleAsStaff } from './support/staff';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

test('staff find a show’s rename in the audit log, with before and after, and download it as CSV', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  const staff = await createStaff(request);
  const { user: viewer } = await registerViewer(request);
  const suffix = randomUUID().slice(0, 6);
  const show = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: `Opal Hour ${suffix}`,
    description: 'Australian opals, live.',
    startsInMinutes: 120,
    minutes: 60,
  });
  const renamed = await request.post(`/api/staff/events/${show.id}`, {
    data: { title: `Opal Night ${suffix}` },
    headers: { token: staff.tokenvalue },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const refused = await request.post(`/api/staff/events/${show.id}`, {
    data: { title: 'Not mine' },
    headers: { token: viewer.tokenvalue },
  });
  expect(refused.status()).toBe(403);

  await signInAs(page, staff, { clearFirst: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/home');
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/staff\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Target kind' }).fill('event');
  await page.getByRole('textbox', { name: 'Target number' }).fill(String(show.id));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`target_type=event&target_id=${show.id}`));
  await expect(page.getByRole('heading', { name: '2 actions' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  const staffName = `${staff.first_name} ${staff.last_name} <${staff.email}>`;
  const done = table.getByRole('row').filter({ hasText: staffName });
  await expect(done).toContainText('POST /api/staff/events/:id');
  await expect(done).toContainText(`event #${show.id}`);
  await expect(done).toContainText('Done (200)');
  await expect(table.getByRole('row').filter({ hasText: viewer.email })).toContainText('Refused (403)');

  await done.getByRole('button', { name: 'Show change' }).click();
  const change = page.getByRole('table', { name: 'What changed' });
  await expect(change.getByRole('row').filter({ hasText: 'title' })).toContainText(`Opal Hour ${suffix}`);
  await expect(change.getByRole('row').filter({ hasText: 'title' })).toContainText(`Opal Night ${suffix}`);
  await expect(done.getByRole('button', { name: 'Hide change' })).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, '/staff/audit at 375 px');
  await expectNoSidewaysScroll(page);
  await shot('staff-audit-375');

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, '/staff/audit at 1280 px');
  await shot('staff-audit-1280');

  // Only the staff member's rows: the viewer's refusal drops out.
  await page.getByRole('textbox', { name: 'Who' }).fill(staff.email);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('heading', { name: '1 action' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
  expect(csv[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`"${staffName}"`);
  expect(csv[1]).toContain('"POST /api/staff/events/:id"');
  expect(csv[1]).toContain(`Opal Night ${suffix}`);

  // The download itself is an audited read, and shows in the log.
  await page.getByRole('textbox', { name: 'Target kind' }).fill('');
  await page.getByRole('textbox', { name: 'Target number' }).fill('');
  await page.getByRole('textbox', { name: 'Action' }).fill('audit.csv');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'GET /api/staff/audit.csv' }),
  ).toHaveCount(1);
});
