// Journey: a staff member opens the attendance funnel of a show that has aired (RSVPs, check-ins,
// watch logs, a giveaway's entries, spins, viewer samples and its on-air log, written as the server
// would), reads each step's numbers, exports the funnel and a step's viewers as CSV, sees the
// viewers-over-time chart drawn, and the page passes axe on a phone and a desktop (decision 090).
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll } from './support/axe';
import { createViewer, registerViewer, signInAs } from './support/factories';
import { expect, test } from './support/fixtures';
import { scheduleEvent, withDatabase } from './support/site-data';
import { createStaff } from './support/staff';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookies_consent', value: 'true', url: baseURL ?? '' }]);
});

const MINUTE = 60_000;

type Evening = { rsvp: boolean; checkin: boolean; watchSeconds?: number; entered: boolean; spun: boolean };

/** At 10 minutes the funnel is 4 → 2 → 1 → 1 → 1; everyone who took each step: 4, 2, 2, 3, 1. */
const EVENINGS: Evening[] = [
  { rsvp: true, checkin: true, watchSeconds: 900, entered: true, spun: true },
  { rsvp: true, checkin: true, watchSeconds: 300, entered: true, spun: false },
  { rsvp: true, checkin: false, watchSeconds: 1200, entered: true, spun: false },
  { rsvp: true, checkin: false, entered: false, spun: false },
];

/** A show that aired three hours ago with its rows, written straight into the e2e database. */
function airShow(title: string, userIds: number[]) {
  const show = scheduleEvent({ type: 'show', title, startsInMinutes: -180, minutes: 60 });
  const giveaway = scheduleEvent({ type: 'giveaway', title: `${title} giveaway`, startsInMinutes: -180, minutes: 60 });
  const start = Date.now() - 180 * MINUTE;
  const at = (minutes: number) => new Date(start + minutes * MINUTE).toISOString();
  withDatabase(false, (db) =>
    db.transaction(() => {
      db.prepare('update giveaways set show_id = ? where event_id = ?').run(show.id, giveaway.id);
      userIds.forEach((userId, i) => {
        const evening = EVENINGS[i];
        if (!evening) return;
        if (evening.rsvp)
          db.prepare("insert into rsvps (user_id, event_id, rsvp_type, created_at) values (?, ?, 'new', ?)").run(
            userId,
            show.id,
            at(-60 + i),
          );
        if (evening.checkin)
          db.prepare("insert into live_checkins (event_id, user_id, reachby, created_at) values (?, ?, 'web', ?)").run(
            show.id,
            userId,
            at(1),
          );
        if (evening.watchSeconds !== undefined)
          db.prepare(
            "insert into watch_logs (event_id, user_id, reachby, seconds, watching, started_at, last_seen_at) values (?, ?, 'web', ?, 0, ?, ?)",
          ).run(show.id, userId, evening.watchSeconds, at(1), at(1 + evening.watchSeconds / 60));
        if (evening.entered)
          db.prepare(
            "insert into giveaway_entries (giveaway_id, user_id, entry_from, whatnot_username, created_at) values (?, ?, 'web', null, ?)",
          ).run(giveaway.id, userId, at(20));
        if (evening.spun)
          db.prepare(
            "insert into spins (event_id, user_id, kind, prize_id, label, points, created_at) values (?, ?, 'rsvp', null, 'Free shipping', 0, ?)",
          ).run(show.id, userId, at(30));
      });
      const sample = db.prepare('insert into viewer_samples (event_id, at, viewers) values (?, ?, ?)');
      for (let s = 0; s <= 240; s++) sample.run(show.id, at(s / 4), Math.round(3 + 2 * Math.sin(s / 30)));
      const action = db.prepare(
        'insert into console_actions (event_id, staff_id, action, detail, created_at) values (?, null, ?, ?, ?)',
      );
      action.run(show.id, 'go_live', 'Went live', at(0));
      action.run(show.id, 'draw', 'Drew the giveaway', at(25));
      action.run(show.id, 'end', 'Ended the show', at(60));
    })(),
  );
  return show;
}

async function csvOf(download: Download): Promise<string[][]> {
  const text = await readFile((await download.path()) ?? '', 'utf8');
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((m) => (m[1] ?? m[2] ?? '').replaceAll('""', '"')),
    );
}

async function exported(page: Page, name: string | RegExp): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return csvOf(download);
}

test('staff open a show’s funnel, export it and a step’s viewers, and see viewers over time', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  const people = [];
  for (const name of ['Amber', 'Beryl', 'Coral', 'Dolomite'])
    people.push(await registerViewer(request, createViewer({ first_name: name, last_name: 'Funnel' })));
  const title = `Funnel night ${Date.now()}`;
  const show = airShow(
    title,
    people.map((p) => p.user.id),
  );
  const staff = await createStaff(request);
  await signInAs(page, staff);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/staff/reports?show=${show.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Show reports' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue(String(show.id));

  const funnel = page.getByRole('table', { name: `The attendance funnel of ${title}` });
  const rows = funnel.getByRole('row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(1)).toHaveText(/RSVPed\s*4\s*4\s*—\s*100%/);
  await expect(rows.nth(2)).toHaveText(/Checked in\s*2\s*2\s*50%\s*50%/);
  await expect(rows.nth(3)).toHaveText(/Watched 10\+ minutes\s*1\s*2\s*50%\s*25%/);
  await expect(rows.nth(4)).toHaveText(/Entered the giveaway\s*1\s*3\s*100%\s*25%/);
  await expect(rows.nth(5)).toHaveText(/Spun the wheel\s*1\s*1\s*100%\s*25%/);

  const chart = page.getByTestId('audience-chart');
  await expect(chart).toHaveAttribute('data-ready', 'true');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByText(/The peak was 5 viewers/)).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: 'Giveaway draw' })).toContainText('Ended');

  expect(await exported(page, 'Export the funnel (CSV)')).toEqual([
    ['step', 'viewers', 'took_the_step', 'from_previous_percent', 'from_first_percent'],
    ['RSVPed', '4', '4', '', '100'],
    ['Checked in', '2', '2', '50', '50'],
    ['Watched 10+ minutes', '1', '2', '50', '25'],
    ['Entered the giveaway', '1', '3', '100', '25'],
    ['Spun the wheel', '1', '1', '100', '25'],
  ]);

  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'staff reports at 375 px');
  await shot('staff-reports-375');

  // The viewers counted at a step, and their CSV from the server.
  // The steps are a radio group: the keyboard moves from one to the next.
  await page.getByRole('radio', { name: 'RSVPed' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Checked in' })).toBeChecked();
  const viewers = page.getByRole('table', { name: /^Viewers counted at the step Checked in/ });
  await expect(viewers.getByRole('row')).toHaveCount(3);
  await expect(viewers).toContainText('Amber Funnel');
  await expect(viewers).toContainText('Beryl Funnel');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export these viewers (CSV)' }).click(),
  ]);
  const lines = await csvOf(download);
  expect(lines[0]).toEqual([
    'user_id',
    'name',
    'email',
    'rsvp_at',
    'checked_in_at',
    'watched_minutes',
    'entered_at',
    'spun_at',
  ]);
  expect(lines.slice(1).map((line) => [line[1], line[2], line[5]])).toEqual([
    ['Amber Funnel', people[0]?.viewer.email, '15'],
    ['Beryl Funnel', people[1]?.viewer.email, '5'],
  ]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, 'staff reports at 1280 px');
  await shot('staff-reports-1280');
});

test('staff read the funnel over a range of days and the traffic tables', async ({ page, request, shot }) => {
  test.setTimeout(60_000);
  const staff = await createStaff(request);
  await signInAs(page, staff);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/staff/reports?mode=range');
  await expect(page.getByRole('radio', { name: 'A range of days' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Visits by day' })).toBeVisible();
  await expect(page.getByTestId('visits-chart')).toHaveAttribute('data-ready', 'true');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'staff reports, a range of days, at 375 px');
  await shot('staff-reports-range-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, 'staff reports, a range of days, at 1280 px');
});
