// Journey: staff run the schedule at /staff/shows. They create a show for later today (typing Los
// Angeles time on a computer set to Tokyo), a viewer finds it on the home page, and a new title
// reaches viewers; bad input is refused with words under the fields; a live show is ended after a
// confirmation and moves to the past; they read a show's RSVP list, write a special event's quiz
// and read a viewer's answers. A viewer is kept out. Phone (375 px) and desktop, axe throughout.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Question } from '../../src/shared/contract/quiz';
import type { RewardDetails } from '../../src/shared/contract/rewards';
import type { StaffEventRecord } from '../../src/shared/contract/staff-events';
import type { AuthedUser } from '../../src/shared/contract/user';
import { toLaInput } from '../../src/web/features/staff/shows/la-time';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { createStaff, scheduleAsStaff, staffEvents } from './support/staff';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

// The cookie notice is the shell's journey; here it would only cover the text in the screenshots.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

/** What a datetime-local input holds for `at` on a Los Angeles clock (the stored instant is checked below). */
const laInput = (at: Date) => toLaInput(at.toISOString());

const title = (words: string) => `${words} ${randomUUID().slice(0, 6)}`;

async function openStaffShows(page: Page, query = '') {
  await page.goto(`/staff/shows${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shows and events' })).toBeVisible();
}

async function viewerRsvp(request: APIRequestContext, viewer: AuthedUser, eventId: number) {
  const response = await request.post('/api/rsvpdata_v1', {
    data: { eventid: eventId },
    headers: { token: viewer.tokenvalue },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('on a computer set to Tokyo time', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('staff schedule a show for later today, a viewer sees it on home, and a new title reaches them', async ({
    page,
    request,
    shot,
  }) => {
    test.setTimeout(90_000);
    const staff = await createStaff(request);
    const { user: viewer } = await registerViewer(request);
    // Twenty minutes from now, to the minute: later today, unless Los Angeles is about to reach midnight.
    const startsAt = new Date(Math.ceil((Date.now() + 20 * 60_000) / 60_000) * 60_000);
    const endsAt = new Date(startsAt.getTime() + 90 * 60_000);
    const showTitle = title('Tanzanite Tuesday');

    await signInAs(page, staff, { clearFirst: true });
    await page.setViewportSize(PHONE);
    await page.goto('/home');
    // Staff reach the page from the account menu.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await expect(page.getByRole('menuitem', { name: 'Analytics' })).toBeVisible();
    await expectAccessible(page, 'the staff account menu');
    await shot('staff-shows-menu-375', { fullPage: false });
    await page.getByRole('menuitem', { name: 'Shows' }).click();
    await expect(page).toHaveURL(/\/staff\/shows$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shows and events' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Upcoming' })).toBeChecked();
    await expectAccessible(page, '/staff/shows');
    await expectNoSidewaysScroll(page);
    await shot('staff-shows-list-375');

    await page.getByRole('button', { name: 'New event' }).click();
    const dialog = page.getByRole('dialog', { name: 'New event' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Type')).toHaveValue('show');
    await shot('staff-shows-new-top-375', { fullPage: false });
    await dialog.getByLabel('Title').fill(showTitle);
    await dialog.getByLabel('Description').fill('Blue-violet tanzanite from Merelani, cut for rings and pendants.');
    await dialog.getByLabel('Starts').fill(laInput(startsAt));
    await dialog.getByLabel('Ends').fill(laInput(endsAt));
    // The hint spells out the Los Angeles time and the same moment on this computer's clock.
    await expect(dialog.getByText(/^Los Angeles time: .+ P[DS]T\. On your clock: .+ GMT\+9\.$/).first()).toBeVisible();
    await dialog.getByLabel('Stream').fill('https://stream.example.com/live/tanzanite.m3u8');
    await expectAccessible(page, 'the new event form');
    await expectNoSidewaysScroll(page);
    await shot('staff-shows-new-375', { fullPage: false });
    await dialog.getByRole('button', { name: 'Schedule the show' }).click();

    await expect(page).toHaveURL(/\/staff\/shows\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(page.getByRole('heading', { level: 1, name: showTitle })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved. Viewers see the change right away.' }),
    ).toBeVisible();
    await expect(page.getByText('Upcoming', { exact: true }).first()).toBeVisible();
    const stored = (await staffEvents(request, staff)).find((event) => event.id === id);
    expect(stored, 'the stored show').toMatchObject({
      title: showTitle,
      cust_start: startsAt.toISOString(),
      cust_end: endsAt.toISOString(),
      IS_Public: 1,
      platform: 'hls',
      status: 'upcoming',
    });
    await expectAccessible(page, 'the new show');
    await expectNoSidewaysScroll(page);
    await shot('staff-shows-created-375');

    await signInAs(page, viewer, { clearFirst: true });
    await page.goto('/home');
    const upcoming = page.getByRole('region', { name: 'Upcoming shows' });
    await expect(upcoming.getByRole('heading', { name: showTitle })).toBeVisible();

    const newTitle = title('Tanzanite and Tsavorite');
    await signInAs(page, staff, { clearFirst: true });
    await page.setViewportSize(DESKTOP);
    await page.goto(`/staff/shows/${id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the show' });
    await expect(edit.getByLabel('Starts')).toHaveValue(laInput(startsAt));
    await edit.getByLabel('Title').fill(newTitle);
    await expectAccessible(page, 'the edit form');
    await shot('staff-shows-edit-1280', { fullPage: false });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
    await shot('staff-shows-detail-1280');
    await openStaffShows(page);
    await expect(page.getByRole('link', { name: newTitle, exact: true })).toBeVisible();
    await expectAccessible(page, '/staff/shows on a desktop');
    await shot('staff-shows-list-1280');

    await signInAs(page, viewer, { clearFirst: true });
    await page.goto('/home');
    await expect(upcoming.getByRole('heading', { name: newTitle })).toBeVisible();
    await expect(upcoming.getByRole('heading', { name: showTitle })).toHaveCount(0);
    await shot('staff-shows-home-viewer-1280', { fullPage: false });
  });
});

test('an end before the start and a stream that is not one are refused, and nothing is created', async ({
  page,
  request,
  shot,
}) => {
  const staff = await createStaff(request);
  const badTitle = title('Backwards Beryl');
  await signInAs(page, staff, { clearFirst: true });
  await page.setViewportSize(PHONE);
  await openStaffShows(page);
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title').fill(badTitle);
  await dialog.getByLabel('Starts').fill('2030-06-20T19:00');
  await dialog.getByLabel('Ends').fill('2030-06-20T18:00');
  await dialog.getByLabel('Stream').fill('https://stream.example.com/live/beryl.mp4');
  await dialog.getByRole('button', { name: 'Schedule the show' }).click();

  await expect(dialog.getByLabel('Ends')).toHaveAccessibleDescription(/The end must come after the start\./);
  await expect(dialog.getByLabel('Stream')).toHaveAccessibleDescription(/That is not a hls stream address\./);
  await expect(dialog.getByLabel('Ends')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the form with its errors');
  await shot('staff-shows-errors-375', { fullPage: false });

  // Fixing one leaves the other in place; the show is still not sent.
  await dialog.getByLabel('Ends').fill('2030-06-20T20:00');
  await dialog.getByRole('button', { name: 'Schedule the show' }).click();
  await expect(dialog.getByText('The end must come after the start.')).toHaveCount(0);
  await expect(dialog.getByText('That is not a hls stream address.')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/shows$/);
  expect((await staffEvents(request, staff)).filter((event) => event.title === badTitle)).toEqual([]);

  // The server says the same to anyone who skips the form.
  const direct = await request.post('/api/staff/events', {
    headers: { token: staff.tokenvalue },
    data: {
      type: 'show',
      title: badTitle,
      cust_start: '2030-06-20T19:00:00-07:00',
      cust_end: '2030-06-20T18:00:00-07:00',
      stream_url: 'https://stream.example.com/live/beryl.mp4',
    },
  });
  expect(direct.status()).toBe(400);
  expect((await staffEvents(request, staff)).filter((event) => event.title === badTitle)).toEqual([]);
});

test('staff end a live show after confirming, and it moves to the past', async ({ page, request, shot }) => {
  const staff = await createStaff(request);
  const live = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: title('Ruby Rush'),
    startsInMinutes: -10,
    minutes: 60,
    stream_url: 'https://stream.example.com/live/ruby.m3u8',
  });
  await signInAs(page, staff, { clearFirst: true });
  await page.setViewportSize(PHONE);
  await openStaffShows(page, '?on=live');
  await expect(page.getByRole('radio', { name: 'Live now' })).toBeChecked();
  await page.getByRole('link', { name: live.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: live.title })).toBeVisible();
  await expect(page.getByText('Live now', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'End now' }).click();
  const confirm = page.getByRole('dialog', { name: 'End this show now?' });
  await expect(confirm).toContainText(live.title);
  await expectAccessible(page, 'the end-show confirmation');
  await shot('staff-shows-end-confirm-375', { fullPage: false });
  // Changing one's mind changes nothing.
  await confirm.getByRole('button', { name: 'Keep it live' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Live now', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'End now' }).click();
  await confirm.getByRole('button', { name: 'End it now' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'The event has ended.' })).toBeVisible();
  await expect(page.getByText('Ended', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'End now' })).toHaveCount(0);
  await shot('staff-shows-ended-375');

  await page.getByRole('link', { name: 'All shows and events' }).click();
  await page.getByText('Live now', { exact: true }).click();
  await expect(page.getByRole('link', { name: live.title, exact: true })).toHaveCount(0);
  await page.getByText('Past', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Past' })).toBeChecked();
  await expect(page.getByRole('link', { name: live.title, exact: true })).toBeVisible();
  const ended = (await staffEvents(request, staff)).find((event) => event.id === live.id);
  expect(ended?.status).toBe('past');
  await shot('staff-shows-past-375');
});

test('staff read who RSVPed, write a special event’s questions and read a viewer’s answers', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(60_000);
  const staff = await createStaff(request);
  const { user: viewer } = await registerViewer(request);
  const show = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: title('Opal Evening'),
    startsInMinutes: 120,
    minutes: 60,
  });
  const special = await scheduleAsStaff(request, staff, {
    type: 'specialshow',
    title: title('Collectors’ Night'),
    startsInMinutes: 180,
    minutes: 90,
  });
  await viewerRsvp(request, viewer, show.id);

  await signInAs(page, staff, { clearFirst: true });
  await page.setViewportSize(PHONE);
  await openStaffShows(page);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: show.title, exact: true }) });
  await expect(row).toContainText('1RSVP');
  await row.getByRole('link', { name: show.title, exact: true }).click();
  const rsvps = page.getByRole('table', { name: 'Viewers who RSVPed, with their e-mail and when' });
  await expect(
    rsvps.getByRole('row', {
      name: new RegExp(`^${viewer.first_name} ${viewer.last_name} ${viewer.email.replace(/[.+]/g, '\\$&')} `),
    }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'RSVPs, scrollable' })).toBeVisible();
  await expectAccessible(page, 'a show with its RSVPs');
  await expectNoSidewaysScroll(page);
  await shot('staff-shows-rsvps-375');

  await page.goto(`/staff/shows/${special.id}`);
  await expect(page.getByRole('heading', { level: 1, name: special.title })).toBeVisible();
  const quiz = page.getByRole('region', { name: 'Quiz questions' });
  const first = quiz.getByRole('group', { name: 'Question 1' });
  await first.getByLabel('Question').fill('Which stone should we bring out first?');
  await first.getByLabel('Choices').fill('Ruby\nSapphire\nEmerald');
  // The right answer is picked from the choices typed above it; a free answer offers none.
  await first.getByLabel('Right answer').selectOption('Sapphire');
  await quiz.getByRole('button', { name: 'Add a question' }).click();
  const second = quiz.getByRole('group', { name: 'Question 2' });
  // One choice is not a choice: the contract's rule shows under the box.
  await second.getByLabel('Question').fill('What is your ring size?');
  await second.getByLabel('Choices').fill('7');
  await quiz.getByRole('button', { name: 'Save questions' }).click();
  await expect(second.getByLabel('Choices')).toHaveAccessibleDescription(
    /Give at least two choices, or none for a free answer\./,
  );
  await second.getByLabel('Choices').fill('');
  await expect(second.getByLabel('Right answer')).toHaveCount(0);
  await quiz.getByRole('button', { name: 'Save questions' }).click();
  await expect(quiz.getByRole('status')).toHaveText('The questions have been saved.');
  await expectAccessible(page, 'the quiz editor');
  await shot('staff-shows-quiz-375');

  const asked = await request.get(`/api/eventquestions?eventid=${special.id}`);
  const questions: Question[] = (await asked.json()).data;
  expect(questions.map((q) => [q.prompt, q.choices])).toEqual([
    ['Which stone should we bring out first?', ['Ruby', 'Sapphire', 'Emerald']],
    ['What is your ring size?', []],
  ]);
  const answered = await request.post('/api/rsvpquiz_v1', {
    headers: { token: viewer.tokenvalue },
    data: {
      eventid: special.id,
      answers: [
        { question_id: questions[0]!.id, answer: 'Sapphire' },
        { question_id: questions[1]!.id, answer: '6 and a half' },
      ],
    },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  // Every right answer given: the quiz points are on the viewer's ledger (the rules: quiz-points.test.ts).
  const details = await request.get('/api/rewarddetails', { headers: { token: viewer.tokenvalue } });
  const [summary] = (await details.json()).data as RewardDetails[];
  const quizRows = summary?.ledger.rows.filter((row) => row.reason === 'quiz');
  expect(quizRows?.map((row) => [row.points, row.source_id])).toEqual([[50, `event:${special.id}`]]);

  // The editor was opened before the viewer answered: the server refuses the change, in words.
  await first.getByLabel('Question').fill('Which stone should we show first?');
  await quiz.getByRole('button', { name: 'Save questions' }).click();
  await expect(quiz.getByRole('alert')).toHaveText(
    'Viewers have already answered these questions, so they can no longer change.',
  );

  await page.setViewportSize(DESKTOP);
  await page.reload();
  const answers = page.getByRole('region', { name: 'Answers' });
  const submission = answers
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${viewer.first_name} ${viewer.last_name}` }) });
  await expect(submission).toContainText(viewer.email);
  await expect(submission.getByRole('definition')).toHaveText(['Sapphire', '6 and a half']);
  // Answered questions stay as they were asked.
  await expect(quiz.getByRole('button', { name: 'Save questions' })).toHaveCount(0);
  await expect(quiz).toContainText('Choices: Ruby, Sapphire, Emerald');
  await expect(quiz).toContainText('Right answer: Sapphire');
  await expect(page.getByRole('table', { name: 'Viewers who RSVPed, with their e-mail and when' })).toContainText(
    viewer.email,
  );
  await expectAccessible(page, 'a special event with answers');
  await shot('staff-shows-answers-1280');
});

test('a viewer is told /staff/shows is for staff, and its calls stay closed to them', async ({
  page,
  request,
  login,
  shot,
}) => {
  const staff = await createStaff(request);
  const show: StaffEventRecord = await scheduleAsStaff(request, staff, {
    type: 'show',
    title: title('Staff Only Spinel'),
    startsInMinutes: 60,
    minutes: 60,
  });
  const { user } = await login();
  for (const path of ['/staff/shows', `/staff/shows/${show.id}`]) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: /^This page is for (the )?Gemcast (staff|team)/ }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shows and events' })).toHaveCount(0);
  }
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Shows' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await shot('staff-shows-refused');
  for (const path of ['/api/staff/events', `/api/staff/events/${show.id}`, `/api/staff/events/${show.id}/rsvps`]) {
    expect((await request.get(path, { headers: { token: user.tokenvalue } })).status(), path).toBe(403);
  }
});
