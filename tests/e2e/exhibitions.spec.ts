// Journey: exhibitions and product registration (issue 19, decision 075). A visitor opens a booth's
// link on a phone, registers a piece with a receipt photo (a date outside the exhibition is refused
// beside its field, and everything typed stays), lands on the thanks page and reads the
// confirmation e-mail; staff find the registration, open it, verify it and export the CSV; the
// booth tablet shows the number, clears itself for the next visitor and clears a form left
// half-filled. Exhibitions are set up through the staff API; axe-clean on each page.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  KIOSK_IDLE_SECONDS,
  REGISTRATION_CSV_COLUMNS,
  type ExhibitionInput,
  type StaffExhibition,
  type StaffRegistrationPage,
} from '../../src/shared/contract/exhibitions';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { contestPhoto } from './support/contests-staff';
import { createViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { mailsTo, type OutboxMail } from './support/outbox';
import { createStaff } from './support/staff';

test.describe.configure({ timeout: 90_000 });

/** A page's code loads on its first visit; a busy machine can take a while to serve it. */
const FIRST_LOAD = 20_000;
const PHONE = { width: 375, height: 740 };
const DAY_MS = 24 * 60 * 60 * 1000;

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

/** A Los Angeles calendar day, `offset` days from today. */
function laDay(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
    new Date(Date.now() + offset * DAY_MS),
  );
}

/** An active exhibition that opened two days ago and ends today, made through the staff API. */
async function createExhibition(request: APIRequestContext, token: string, name: string): Promise<StaffExhibition> {
  const body: ExhibitionInput = {
    name,
    slug: `booth-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`,
    venue: 'Convention Hall B',
    city: 'Tucson',
    starts_on: laDay(-2),
    ends_on: laDay(0),
    active: true,
    kinds: ['Ring', 'Pendant', 'Loose stone'],
  };
  const response = await request.post('/api/staff/exhibitions', { headers: { token }, data: body });
  expect(response.status(), await response.text()).toBe(200);
  const exhibition: StaffExhibition | undefined = (await response.json()).data[0];
  if (!exhibition) throw new Error('the exhibition was not answered');
  return exhibition;
}

async function confirmationTo(address: string, number: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(address)).find((mail) => mail.text.includes(number));
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error('no confirmation e-mail');
  return found;
}

async function fillPiece(page: Page, receipt: string, purchaseDate: string) {
  await page.getByLabel('Kind of piece').selectOption({ label: 'Pendant' });
  await page.getByLabel('Description').fill('Pear-cut tanzanite pendant in yellow gold');
  await page.getByLabel('Price paid (US dollars)').fill('1,250');
  await page.getByLabel('Receipt number').fill(receipt);
  await page.getByLabel('Date of purchase').fill(purchaseDate);
}

async function fillPerson(page: Page, person: { name: string; email: string; phone: string }) {
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByLabel('Phone', { exact: true }).fill(person.phone);
  await page.getByLabel('You may contact me about this piece').check();
}

test('a visitor registers a piece from the booth link on a phone; staff verify it and export the CSV', async ({
  page,
  request,
  shot,
}) => {
  const staff = await createStaff(request);
  const exhibition = await createExhibition(request, staff.tokenvalue, `Desert Gem Show ${Date.now()}`);
  const visitor = createViewer();
  const receipt = `R-${Date.now()}`;

  // A link to an exhibition not taking registrations says so and leaves the choice open.
  await page.setViewportSize(PHONE);
  await page.goto('/product-register?exhibition=no-such-show');
  await expect(
    page.getByText(/^The link you followed is for an exhibition that is not taking registrations/),
  ).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(page.getByLabel('Exhibition')).toHaveValue('');

  // The booth's link on a phone: the exhibition is chosen, its days bound the purchase date.
  await page.goto(`/product-register?exhibition=${exhibition.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Register a product' })).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(page.getByLabel('Exhibition')).toHaveValue(String(exhibition.id));
  await expect(page.getByLabel('Date of purchase')).toHaveAttribute('min', exhibition.starts_on);
  const newsletter = page.getByRole('main').getByRole('checkbox', { name: /Send me the Gemcast newsletter/ });
  await expect(newsletter).not.toBeChecked();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the registration form at 375 px');

  // A date before the exhibition is refused beside the date; the rest, photo included, stays.
  await fillPiece(page, receipt, laDay(-5));
  await page.getByLabel('Photo of the receipt').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: await contestPhoto(19),
  });
  await expect(page.getByRole('img', { name: 'Preview of your receipt photo' })).toBeVisible();
  await fillPerson(page, {
    name: `${visitor.first_name} ${visitor.last_name}`,
    email: visitor.email,
    phone: visitor.phone,
  });
  await page.getByRole('button', { name: 'Register my piece' }).click();
  const dateField = page.getByLabel('Date of purchase');
  await expect(page.getByText(/^The exhibition ran from .*; enter a date within those days\.$/)).toBeVisible();
  await expect(dateField).toBeFocused();
  await expect(dateField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Description')).toHaveValue('Pear-cut tanzanite pendant in yellow gold');
  await expect(page.getByLabel('Receipt number')).toHaveValue(receipt);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(visitor.email);
  await expect(page.getByRole('img', { name: 'Preview of your receipt photo' })).toBeVisible();
  await expectAccessible(page, 'the form with an error at 375 px');
  await shot('exhibition-register-error-375');

  // Within the exhibition's days it is registered and the thanks page sums it up.
  await dateField.fill(exhibition.starts_on);
  await page.getByRole('button', { name: 'Register my piece' }).click();
  await expect(page).toHaveURL(/\/exhibition-thanks\/GX-[0-9A-Z]{4}-[0-9A-Z]{4}$/, { timeout: FIRST_LOAD });
  const number = page.url().split('/').at(-1) ?? '';
  await expect(
    page.getByRole('heading', { level: 1, name: `Thank you, ${visitor.first_name}: your piece is registered` }),
  ).toBeVisible();
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  await expect(page.getByText('$1,250.00')).toBeVisible();
  await expect(page.getByText(`${exhibition.name}, Convention Hall B, Tucson`)).toBeVisible();
  await expect(page.getByText('Received')).toBeVisible();
  await expect(page.getByRole('link', { name: 'create one' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the thanks page at 375 px');
  await shot('exhibition-thanks-375');
  const mail = await confirmationTo(visitor.email, number);
  expect(mail.text).toContain('Pear-cut tanzanite pendant in yellow gold');

  // The same receipt again is refused beside the receipt number.
  await page.goto(`/product-register?exhibition=${exhibition.slug}`);
  await fillPiece(page, receipt.toLowerCase(), exhibition.ends_on);
  await fillPerson(page, { name: 'Someone Else', email: createViewer().email, phone: visitor.phone });
  await page.getByRole('button', { name: 'Register my piece' }).click();
  await expect(page.getByText(/^This receipt is already registered for this exhibition/)).toBeVisible();
  await expect(page.getByLabel('Receipt number')).toBeFocused();

  // Staff: the exhibition's registrations, the registration with its photo, verified.
  await signInAs(page, staff);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/staff/exhibitions');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: exhibition.name }) });
  await expect(row).toBeVisible({ timeout: FIRST_LOAD });
  await expect(row.getByRole('list', { name: `Counts of ${exhibition.name}` })).toContainText('1registration');
  await expectAccessible(page, 'the staff exhibitions list');

  // Staff put Pendant first with the keyboard and save.
  await row.getByRole('button', { name: `Edit ${exhibition.name}` }).click();
  const editForm = page.getByRole('form', { name: `Edit ${exhibition.name}` });
  await editForm.getByRole('button', { name: 'Move Pendant up' }).focus();
  await page.keyboard.press('Enter');
  await expect(editForm.getByRole('textbox', { name: 'Product kind 1' })).toHaveValue('Pendant');
  await expect(editForm.getByRole('textbox', { name: 'Product kind 1' })).toBeFocused();
  await expectAccessible(page, 'the exhibition form');
  await shot('exhibition-staff-form-1280');
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The exhibition is updated.')).toBeVisible();
  await expect(row).toContainText('Pendant · Ring · Loose stone');
  await row.getByRole('link', { name: `Registrations at ${exhibition.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Product registrations' })).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(page.getByRole('heading', { name: '1 registration' })).toBeVisible();
  await expectAccessible(page, 'the staff registrations list');
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Registration ${number}` })).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(
    page.getByRole('img', { name: new RegExp(`^Receipt .* sent with registration ${number}$`) }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Mark as verified' }).click();
  await expect(page.getByText(/^Verified by /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as not verified' })).toBeVisible();
  await expectAccessible(page, 'a registration for staff');
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await shot('exhibition-staff-registration-375');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The verified ones of this exhibition, and their CSV.
  await page.getByRole('link', { name: `Registrations at ${exhibition.name}` }).click();
  await page.getByLabel('Verified').selectOption('yes');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/verified=yes/);
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export these registrations (CSV)' }).click();
  const download = await downloading;
  const csv = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe(REGISTRATION_CSV_COLUMNS.join(','));
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(number);
  expect(csv[1]).toContain(visitor.email);

  // The booth's printable QR code.
  await page.goto(`/staff/exhibitions/${exhibition.id}/qr`);
  await expect(page.getByRole('img', { name: /^QR code of the link / })).toBeVisible({ timeout: FIRST_LOAD });
  await expect(page.getByText(exhibition.link, { exact: true })).toBeVisible();
  await expectAccessible(page, 'the QR page');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await shot('exhibition-qr-print', { fullPage: false });
  await page.emulateMedia({ media: 'screen' });
});

test('the booth tablet takes no account details, shows the number, and clears itself for the next visitor', async ({
  page,
  request,
  login,
  shot,
}) => {
  const staff = await createStaff(request);
  const exhibition = await createExhibition(request, staff.tokenvalue, `Booth Show ${Date.now()}`);
  // The tablet happens to be signed in: the kiosk still fills in nothing.
  await login();
  await page.clock.install();
  await page.setViewportSize(PHONE);
  await page.goto(`/product-register?exhibition=${exhibition.slug}&kiosk=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Register a product' })).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByText('This tablet is signed in to an account.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the kiosk form at 375 px');

  const visitor = createViewer();
  await fillPiece(page, `K-${Date.now()}`, exhibition.ends_on);
  await fillPerson(page, {
    name: `${visitor.first_name} ${visitor.last_name}`,
    email: visitor.email,
    phone: visitor.phone,
  });
  await page.getByRole('button', { name: 'Register my piece' }).click();
  await expect(
    page.getByRole('heading', { name: `Thank you, ${visitor.first_name}! Your piece is registered.` }),
  ).toBeVisible();
  const number = (await page.getByText(/^GX-[0-9A-Z]{4}-[0-9A-Z]{4}$/).textContent()) ?? '';
  expect(number).toMatch(/^GX-/);
  await expectAccessible(page, 'the kiosk thanks at 375 px');
  await shot('exhibition-kiosk-thanks-375');

  // Next visitor: an empty form for the same exhibition.
  await page.getByRole('button', { name: 'Next visitor' }).click();
  await expect(page.getByLabel('Exhibition')).toHaveValue(String(exhibition.id));
  await expect(page.getByLabel('Description')).toHaveValue('');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('');

  // A form left half-filled clears itself.
  await page.getByLabel('Description').fill('Half-typed and walked away');
  await page.clock.fastForward((KIOSK_IDLE_SECONDS + 1) * 1000);
  await expect(page.getByText('The form was cleared for the next visitor.')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('');

  // Registered as a kiosk registration.
  const listed = await request.get(`/api/staff/productregistrations?exhibition_id=${exhibition.id}`, {
    headers: { token: staff.tokenvalue },
  });
  expect(listed.status()).toBe(200);
  const page1: StaffRegistrationPage | undefined = (await listed.json()).data[0];
  expect(page1?.registrations.map((one) => [one.number, one.source])).toEqual([[number, 'kiosk']]);
});
