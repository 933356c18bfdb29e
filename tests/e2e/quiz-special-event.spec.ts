// Journey: a viewer RSVPs to a special event through its quiz: the dialog opens on the first
// question, a missing answer is named in words, Escape keeps what was typed, complete answers
// are sent, the card shows the viewer is in, and staff read the stored answers.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './support/axe';
import { SCREEN_SIZES } from './support/env';
import { expect, test } from './support/fixtures';
import { mailsTo } from './support/outbox';
import { scheduleEvent } from './support/site-data';
import { answersTo, createStaff, setQuestions } from './support/staff';

const QUESTIONS = [
  {
    prompt: 'Which birthstone is yours?',
    choices: ['Garnet', 'Amethyst', 'Aquamarine', 'Diamond', 'Emerald', 'Pearl'],
  },
  { prompt: 'Rings, pendants or earrings?', choices: ['Rings', 'Pendants', 'Earrings'] },
  { prompt: 'What would you like our gemologists to talk about?', choices: [] },
];

async function specialEvent(page: Page) {
  const event = scheduleEvent({
    type: 'specialshow',
    title: `Birthstone Ball ${randomUUID().slice(0, 6)}`,
    description: 'An evening of birthstones with our gemologists.',
    startsInMinutes: 60 * 5,
    minutes: 120,
  });
  const staff = await createStaff(page.request);
  await setQuestions(page.request, staff.tokenvalue, event.id, QUESTIONS);
  return { event, staff };
}

function eventCard(page: Page, title: string) {
  return page.getByRole('region', { name: 'Special events' }).getByRole('article').filter({ hasText: title });
}

for (const [size, viewport] of SCREEN_SIZES) {
  test(`a viewer answers a special event's questions to RSVP (${size})`, async ({ page, login, shot }) => {
    // A long journey (two axe runs, a reload, two e-mails): more time than the default on a busy machine.
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const { event, staff } = await specialEvent(page);
    const { viewer, user } = await login();
    await page.goto('/home');
    const card = eventCard(page, event.title);
    await expect(card.getByText('A few quick questions first')).toBeVisible();
    const rsvp = card.getByRole('button', { name: `RSVP for ${event.title}` });
    await rsvp.click();

    const dialog = page.getByRole('dialog', { name: 'A few questions before you RSVP' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(event.title);
    const birthstone = dialog.getByLabel('1. Which birthstone is yours?');
    await expect(birthstone).toBeFocused();

    // Escape closes it, focus goes back to the button, and what was chosen stays.
    await birthstone.selectOption('Aquamarine');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rsvp).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(birthstone).toHaveValue('Aquamarine');

    await dialog.getByRole('radio', { name: 'Pendants' }).check();
    await dialog.getByRole('button', { name: 'Send answers and RSVP' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('One question still needs an answer.');
    const wish = dialog.getByLabel('3. What would you like our gemologists to talk about?');
    await expect(wish).toBeFocused();
    await expect(wish).toHaveAttribute('aria-invalid', 'true');
    await expect(wish).toHaveAccessibleDescription(/Please write an answer\./);
    await shot(`quiz-missing-answer-${size}`, { fullPage: false });
    await expectAccessible(page);
    expect(await answersTo(page.request, staff.tokenvalue, event.id)).toEqual([]);

    // The rest by keyboard: type the answer, Tab to the send button past Cancel, press Enter.
    await wish.fill('How opals get their fire');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send answers and RSVP' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(dialog).toBeHidden();
    await expect(card.getByText("You're in: answers received")).toBeVisible();
    await expect(card.getByRole('status').filter({ hasText: MESSAGES.quizSaved })).toContainText(
      `A confirmation e-mail with a calendar file for "${event.title}" is on its way`,
    );
    await expect(card.locator(':focus')).toContainText("You're in");
    await expect(rsvp).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await shot(`quiz-submitted-${size}`, { fullPage: false });

    const [submission] = await answersTo(page.request, staff.tokenvalue, event.id);
    expect(submission?.user_id).toBe(user.id);
    expect(submission?.answers.map(({ prompt, answer }) => ({ prompt, answer }))).toEqual([
      { prompt: QUESTIONS[0]?.prompt, answer: 'Aquamarine' },
      { prompt: QUESTIONS[1]?.prompt, answer: 'Pendants' },
      { prompt: QUESTIONS[2]?.prompt, answer: 'How opals get their fire' },
    ]);
    await expect
      .poll(
        async () =>
          (await mailsTo(viewer.email)).filter((mail) => mail.subject === `You're on the list: ${event.title}`).length,
      )
      .toBe(1);

    await page.reload();
    await expect(card.getByText("You're in: answers received")).toBeVisible();
    await expect(card.getByRole('button', { name: `RSVP for ${event.title}` })).toHaveCount(0);
    await card.getByRole('button', { name: 'E-mail me the details again' }).click();
    await expect(card.getByRole('status').filter({ hasText: MESSAGES.specialEmailSent })).toBeVisible();
    await expect
      .poll(
        async () =>
          (await mailsTo(viewer.email)).filter((mail) => mail.subject === `You're on the list: ${event.title}`).length,
      )
      .toBe(2);
  });
}

test('the open quiz dialog has no serious accessibility problems', async ({ page, login, shot }) => {
  const { event } = await specialEvent(page);
  await login();
  await page.goto('/home');
  await eventCard(page, event.title)
    .getByRole('button', { name: `RSVP for ${event.title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'A few questions before you RSVP' });
  await expect(dialog.getByLabel('1. Which birthstone is yours?')).toBeFocused();
  await shot('quiz-open', { fullPage: false });
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(eventCard(page, event.title).getByRole('button', { name: `RSVP for ${event.title}` })).toBeFocused();
});
