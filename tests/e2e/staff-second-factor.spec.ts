// Journey: a staff member signs in with a password, sets up an authenticator app from the second-
// factor page (the key read from its manual-entry text, codes computed with otplib), saves the
// recovery codes and reaches the staff desk; the next sign-in takes the next code, and a recovery
// code signs in once (decision 086).
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { registerViewer, signInAs } from './support/factories';
import { grantStaff } from './support/site-data';
import { createStaff } from './support/staff';

const codeAt = (secret: string, step: number) => generateSync({ secret, epoch: step * 30 });
const stepNow = () => Math.floor(Date.now() / 30_000);

async function passwordLogin(page: Page, email: string, password: string) {
  await page.goto('/login/password?redirectTo=%2Fstaff');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('staff enrol an authenticator app, sign in with it, and use a recovery code once', async ({
  page,
  request,
  shot,
}) => {
  // Four sign-ins, an enrolment and three axe passes: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const { viewer } = await registerViewer(request);
  grantStaff(viewer.email);
  await passwordLogin(page, viewer.email, viewer.password);
  await expect(page).toHaveURL('/staff/second-factor?next=%2Fstaff');
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await page.getByRole('button', { name: 'Show my QR code' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Gemcast to your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'enrol');
  await shot('second-factor-enrol');
  const enrolStep = stepNow();
  const field = page.getByLabel('6-digit code from your app');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await field.fill(codeAt(secret, enrolStep));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  await expectAccessible(page, 'recovery codes');
  await shot('second-factor-codes');
  await page.getByRole('button', { name: 'I have saved them, continue' }).click();
  await expect(page).toHaveURL('/staff');

  // A new sign-in: the ±1 window takes the next step's code, which no sign-in has used.
  await page.evaluate(() => localStorage.clear());
  await passwordLogin(page, viewer.email, viewer.password);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await expectAccessible(page, 'verify');
  await shot('second-factor-verify');
  await page.getByLabel('6-digit code from your app').fill(codeAt(secret, Math.max(stepNow(), enrolStep) + 1));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL('/staff');

  // A recovery code signs in once.
  for (const outcome of ['in', 'refused'] as const) {
    await page.evaluate(() => localStorage.clear());
    await passwordLogin(page, viewer.email, viewer.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    if (outcome === 'in') await expect(page).toHaveURL('/staff');
    else await expect(page.getByText('That recovery code is not right, or it has been used.')).toBeVisible();
  }
});

test('a colleague resets a second factor locked after five wrong codes, from the staff account page', async ({
  page,
  request,
  shot,
}) => {
  // A staff member sets up an authenticator app through the API, then types five wrong codes.
  const { viewer: member } = await registerViewer(request);
  grantStaff(member.email);
  const login = await request.post('/api/login_v1', { data: { email: member.email, password: member.password } });
  const { id: memberId, tokenvalue: token } = (await login.json()).data[0] as { id: number; tokenvalue: string };
  const enrol = await request.post('/api/staff/second-factor/enrol', { headers: { token } });
  const secret: string = (await enrol.json()).data[0].secret;
  const confirmed = await request.post('/api/staff/second-factor/enrol/confirm', {
    headers: { token },
    data: { code: codeAt(secret, stepNow()) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const wrong = codeAt(secret, stepNow() + 5);
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1)
    statuses.push(
      (await request.post('/api/staff/second-factor/verify', { headers: { token }, data: { code: wrong } })).status(),
    );
  expect(statuses).toEqual([400, 400, 400, 400, 423]);

  // Another staff member opens their account and resets it: a second press confirms.
  const colleague = await createStaff(request);
  await signInAs(page, colleague);
  await page.goto(`/staff/users/${memberId}`);
  const section = page.getByRole('region', { name: 'Second factor' });
  await expect(section.getByText('Locked after 5 wrong codes.')).toBeVisible();
  await section.getByRole('button', { name: 'Reset second factor' }).click();
  await section.getByRole('button', { name: 'Press again to reset' }).click();
  await expect(
    section.getByText('Reset. They set up their authenticator app again when they next sign in.'),
  ).toBeVisible();
  await expectAccessible(page, 'reset');
  await shot('second-factor-reset');

  // The member sets up the app anew, and the reset is in the audit log under the colleague's name.
  const status = await request.get('/api/staff/second-factor', { headers: { token } });
  expect((await status.json()).data[0]).toMatchObject({ enrolled: false, locked: false });
  const audit = await request.get('/api/staff/audit', {
    headers: { token: colleague.tokenvalue },
    params: { action: 'reset' },
  });
  expect(JSON.stringify((await audit.json()).data)).toContain(`"target_id":"${memberId}"`);
});
