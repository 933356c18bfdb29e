// Journey: logging in with a 6-digit code read from the e-mail (the default login).
import { expectNoSidewaysScroll } from './support/axe';
import { expect, test } from './support/fixtures';
import { registerViewer } from './support/factories';
import { readCode } from './support/outbox';
import { MESSAGES } from '../../src/shared/messages';

test('logs in with an e-mailed code after a wrong one', async ({ page, request, shot }) => {
  const { viewer } = await registerViewer(request);
  await page.goto('/login');
  await expect(page).toHaveTitle('Login Page - Gemcast');
  await expect(page.getByRole('heading', { name: 'Log in to Gemcast' })).toBeVisible();

  await page.getByLabel('E-mail').fill(viewer.email);
  const sentAfter = new Date();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(MESSAGES.codeSent)).toBeVisible();
  // Said once: no second sentence about the same code.
  await expect(page.getByText(/code is on its way|e-mailed a 6-digit code/)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  const code = await readCode(viewer.email, { since: sentAfter });

  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('6-digit code').fill(wrong);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.codeWrong);
  await page.getByLabel('6-digit code').fill('12ab');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('The code is 6 digits.')).toBeVisible();
  await shot('login-code-step');

  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { name: `Welcome, ${viewer.first_name}!` })).toBeVisible();
});

test('goes straight to the code step when a code was sent moments ago', async ({ page, request }) => {
  const { viewer } = await registerViewer(request);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(viewer.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('6-digit code')).toBeVisible();

  await page.getByRole('button', { name: 'Use a different e-mail' }).click();
  await page.getByLabel('E-mail').fill(viewer.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(MESSAGES.codeSendWait)).toBeVisible();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
});

test('a long e-mail address wraps between its parts on a phone, not mid-word', async ({ page, shot }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = `amethyst.collector.${Date.now()}@longjewelrymail.example.com`;
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const address = page.locator('strong').filter({ hasText: email });
  await expect(address).toBeVisible();
  // Each piece between break points (after the @, before each dot) sits on one line.
  const linesPerPiece = await address.evaluate((element) =>
    [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
  );
  expect(linesPerPiece.length).toBeGreaterThan(2);
  expect(linesPerPiece.every((lines) => lines === 1)).toBe(true);
  await expectNoSidewaysScroll(page);
  await shot('login-code-long-email-375', { fullPage: false });
});

test('the onboarding pages skip to the form, and focus shows clearly on buttons and links', async ({ page, shot }) => {
  for (const [path, title] of [
    ['/forgot-password', 'Forgot password Page - Gemcast'],
    ['/register', 'Register Page - Gemcast'],
    ['/login', 'Login Page - Gemcast'],
  ] as const) {
    await page.goto(path);
    // Tab only once the screen has drawn: pressed during the loading screen, it would land nowhere.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  }

  // Still on /login: the focus ring on a button and on a link.
  const button = page.getByRole('button', { name: 'Send code' });
  await page.getByLabel('E-mail').fill('ruby@example.com');
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  const ring = await button.evaluate((el) => {
    const style = getComputedStyle(el);
    return { width: style.outlineWidth, offset: style.outlineOffset, style: style.outlineStyle };
  });
  expect(ring).toEqual({ width: '3px', offset: '2px', style: 'solid' });
  await shot('focus-ring-button', { fullPage: false });
  // The passkey button comes between the code and the password (decision 087).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Log in with your password' })).toBeFocused();
  await shot('focus-ring-link', { fullPage: false });
});
