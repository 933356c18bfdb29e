// The staff show reports on both engines: every funnel number equals what the rows say (viewers who
// skip a step, watch times either side of N, staff and rehearsal viewers left out), range totals,
// the viewers list and its CSV, viewers over time, traffic by LA day, and each call's refusals.
import { expect, it } from 'vitest';
import type {
  Audience,
  FunnelStep,
  FunnelViewerPage,
  RangeFunnel,
  ReportShow,
  ShowFunnel,
  Traffic,
} from '../../../shared/contract/staff-reports';
import { STEP_UP_MINUTES } from '../../../shared/second-factor';
import { createGiveawayDetails, PLAIN_GIVEAWAY } from '../giveaways/giveaway-details';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { funnelSteps, shareOf } from './staff-reports.service';

const MINUTE = 60_000;
// The harness clock is 2026-06-15T18:00Z. 02:00Z on the 14th is 7 pm on the 13th in Los Angeles.
const SHOW_START = '2026-06-14T02:00:00.000Z';
const SHOW_END = '2026-06-14T03:00:00.000Z';
const SECOND_SHOW_START = '2026-06-15T02:00:00.000Z';

const at = (minutes: number) => new Date(Date.parse(SHOW_START) + minutes * MINUTE).toISOString();

type Steps = { rsvp?: boolean; checkin?: boolean; watchSeconds?: number; entered?: boolean; spun?: boolean };

async function giveawayOf(t: TestApp, showId: number, title = 'Studs giveaway') {
  const giveaway = await t.createEvent({ type: 'giveaway', title, cust_start: SHOW_START, cust_end: SHOW_END });
  await createGiveawayDetails(t.db, t.app.ctx, giveaway.id, null, { ...PLAIN_GIVEAWAY, show_id: showId });
  return giveaway.id;
}

/** Writes the rows of one viewer's evening, as the calls that take each step would. */
async function took(t: TestApp, userId: number, showId: number, giveawayId: number, steps: Steps) {
  if (steps.rsvp)
    await t.db
      .insertInto('rsvps')
      .values({ user_id: userId, event_id: showId, rsvp_type: 'new', created_at: at(-60 - userId) })
      .execute();
  if (steps.checkin)
    await t.db
      .insertInto('live_checkins')
      .values({ user_id: userId, event_id: showId, reachby: 'web', created_at: at(1) })
      .execute();
  if (steps.watchSeconds !== undefined)
    await t.db
      .insertInto('watch_logs')
      .values({
        user_id: userId,
        event_id: showId,
        reachby: 'web',
        seconds: steps.watchSeconds,
        watching: 0,
        started_at: at(1),
        last_seen_at: at(40),
      })
      .execute();
  if (steps.entered)
    await t.db
      .insertInto('giveaway_entries')
      .values({
        giveaway_id: giveawayId,
        user_id: userId,
        entry_from: 'web',
        whatnot_username: null,
        created_at: at(20),
      })
      .execute();
  if (steps.spun)
    await t.db
      .insertInto('spins')
      .values({
        event_id: showId,
        user_id: userId,
        kind: 'rsvp',
        prize_id: null,
        label: '50 points',
        points: 50,
        created_at: at(25),
      })
      .execute();
}

/**
 * The seeded show: who did what. At N = 10 the funnel is 6 → 4 → 3 → 2 → 1; the raw counts are
 * 6, 5, 5, 5, 4. Staff and a rehearsal's synthetic viewer take every step and must not count.
 */
const EVENING: Record<string, Steps> = {
  Amber: { rsvp: true, checkin: true, watchSeconds: 900, entered: true, spun: true },
  Beryl: { rsvp: true, checkin: true, watchSeconds: 600, entered: true },
  Coral: { rsvp: true, checkin: true, watchSeconds: 599, entered: true, spun: true },
  Diamond: { rsvp: true, watchSeconds: 1200, entered: true },
  Emerald: { checkin: true, watchSeconds: 1800, entered: true, spun: true },
  Fluorite: { rsvp: true },
  Garnet: { rsvp: true, checkin: true, watchSeconds: 720, spun: true },
};
const EVERYTHING: Steps = { rsvp: true, checkin: true, watchSeconds: 3000, entered: true, spun: true };

async function seedEvening(t: TestApp) {
  const staff = await t.createStaff({ first_name: 'Host' });
  const show = await t.createEvent({ title: 'Tanzanite Tuesday', cust_start: SHOW_START, cust_end: SHOW_END });
  const giveawayId = await giveawayOf(t, show.id);
  const ids: Record<string, number> = {};
  for (const [name, steps] of Object.entries(EVENING)) {
    const viewer = await t.createViewer({
      first_name: name,
      last_name: 'Stone',
      email: `${name.toLowerCase()}@example.com`,
    });
    ids[name] = viewer.id;
    await took(t, viewer.id, show.id, giveawayId, steps);
  }
  await took(t, staff.id, show.id, giveawayId, EVERYTHING);
  const synthetic = await t.createViewer({ first_name: 'Synthetic' });
  await t.db.updateTable('users').set({ rehearsal_id: 1 }).where('id', '=', synthetic.id).execute();
  await took(t, synthetic.id, show.id, giveawayId, EVERYTHING);
  // An entry into another show's giveaway is not this show's.
  const other = await t.createEvent({ title: 'Opal Hour', cust_start: SECOND_SHOW_START, cust_end: SHOW_END });
  const otherGiveaway = await giveawayOf(t, other.id, 'Opal giveaway');
  await took(t, ids.Fluorite ?? 0, other.id, otherGiveaway, { rsvp: true, checkin: true, entered: true });
  return { staff, show, other, ids };
}

const numbers = (steps: FunnelStep[]) => steps.map((s) => [s.step, s.count, s.raw]);

it('takes shares to one decimal and leaves them out of an empty step', () => {
  expect(shareOf(2, 3)).toBe(66.7);
  expect(shareOf(0, 0)).toBeNull();
  expect(
    funnelSteps([
      { step: 'rsvp', count: 0, raw: 0 },
      { step: 'checkin', count: 0, raw: 2 },
    ]).map((s) => [s.fromPrevious, s.fromFirst]),
  ).toEqual([
    [null, null],
    [null, null],
  ]);
});

describeEachEngine('staff show reports', (t) => {
  it('counts each funnel step from the rows: a true funnel beside the raw counts', async () => {
    const { staff, show } = await seedEvening(t());
    const res = await t().get<ShowFunnel>(`/api/staff/reports/funnel/${show.id}`, { token: staff.tokenvalue });
    expect(res.http).toBe(200);
    const funnel = res.body.data[0];
    expect(funnel?.minutes).toBe(10);
    expect(funnel?.show).toMatchObject({ eventid: show.id, title: 'Tanzanite Tuesday', starts_at: SHOW_START });
    expect(numbers(funnel?.steps ?? [])).toEqual([
      ['rsvp', 6, 6],
      ['checkin', 4, 5],
      ['watched', 3, 5],
      ['entered', 2, 5],
      ['spun', 1, 4],
    ]);
    expect(funnel?.steps.map((s) => [s.fromPrevious, s.fromFirst])).toEqual([
      [null, 100],
      [66.7, 66.7],
      [75, 50],
      [66.7, 33.3],
      [50, 16.7],
    ]);
  });

  it('moves the watched step with N: 15 minutes keeps only those who watched 900 s or more', async () => {
    const { staff, show } = await seedEvening(t());
    const res = await t().get<ShowFunnel>(`/api/staff/reports/funnel/${show.id}?minutes=15`, {
      token: staff.tokenvalue,
    });
    expect(numbers(res.body.data[0]?.steps ?? [])).toEqual([
      ['rsvp', 6, 6],
      ['checkin', 4, 5],
      ['watched', 1, 3],
      ['entered', 1, 5],
      ['spun', 1, 4],
    ]);
  });

  it('lists the viewers at a step with their step times, and nobody who skipped an earlier step', async () => {
    const { staff, show, ids } = await seedEvening(t());
    const res = await t().get<FunnelViewerPage>(`/api/staff/reports/funnel/${show.id}/viewers?step=watched`, {
      token: staff.tokenvalue,
    });
    expect(res.http).toBe(200);
    const page = res.body.data[0];
    expect(page).toMatchObject({ step: 'watched', minutes: 10, page: 1, total: 3 });
    expect(page?.viewers.map((v) => v.name).sort()).toEqual(['Amber Stone', 'Beryl Stone', 'Garnet Stone']);
    expect(page?.viewers.find((v) => v.user_id === ids.Beryl)).toEqual({
      user_id: ids.Beryl,
      name: 'Beryl Stone',
      email: 'beryl@example.com',
      rsvp_at: at(-60 - (ids.Beryl ?? 0)),
      checked_in_at: at(1),
      watched_minutes: 10,
      entered_at: at(20),
      spun_at: null,
    });
    const second = await t().get<FunnelViewerPage>(`/api/staff/reports/funnel/${show.id}/viewers?step=watched&page=2`, {
      token: staff.tokenvalue,
    });
    expect(second.body.data[0]).toMatchObject({ total: 3, viewers: [] });
  });

  it('exports the viewers at a step as CSV with formula-like cells defused', async () => {
    const { staff, show, ids } = await seedEvening(t());
    await t()
      .db.updateTable('users')
      .set({ last_name: '=HYPERLINK("x")' })
      .where('id', '=', ids.Amber ?? 0)
      .execute();
    const res = await t().app.inject({
      method: 'GET',
      url: `/api/staff/reports/funnel/${show.id}/viewers.csv?step=spun`,
      headers: { token: staff.tokenvalue },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`show-${show.id}-spun-viewers.csv`);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('user_id,name,email,rsvp_at,checked_in_at,watched_minutes,entered_at,spun_at');
    expect(lines.slice(1)).toEqual([
      [ids.Amber, 'Amber =HYPERLINK(""x"")', 'amber@example.com', at(-60 - (ids.Amber ?? 0)), at(1), 15, at(20), at(25)]
        .map((v) => `"${v}"`)
        .join(','),
    ]);
    const defused = await t().app.inject({
      method: 'GET',
      url: `/api/staff/reports/funnel/${show.id}/viewers.csv?step=rsvp`,
      headers: { token: staff.tokenvalue },
    });
    expect(defused.body.split('\r\n')).toHaveLength(1 + 6 + 1);
  });

  it('asks for the second factor again before the viewers CSV once it is more than 10 minutes old', async () => {
    const { staff, show } = await seedEvening(t());
    t().clock.advance((STEP_UP_MINUTES + 1) * MINUTE);
    const res = await t().app.inject({
      method: 'GET',
      url: `/api/staff/reports/funnel/${show.id}/viewers.csv?step=rsvp`,
      headers: { token: staff.tokenvalue },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0, data: [{ second_factor: 'step_up' }] });
    // The list on screen stays open: the export is what takes personal data away.
    const list = await t().get(`/api/staff/reports/funnel/${show.id}/viewers?step=rsvp`, { token: staff.tokenvalue });
    expect(list.http).toBe(200);
  });

  it('adds the shows of a range of Los Angeles days, with totals, leaving rehearsal copies out', async () => {
    const { staff, show, other } = await seedEvening(t());
    await t().createEvent({
      title: 'Rehearsal copy',
      cust_start: SHOW_START,
      cust_end: SHOW_END,
      rehearsal_of: show.id,
    });
    const both = await t().get<RangeFunnel>('/api/staff/reports/funnels?from=2026-06-13&to=2026-06-14', {
      token: staff.tokenvalue,
    });
    expect(both.http).toBe(200);
    const range = both.body.data[0];
    expect(range?.shows.map((s) => s.show.eventid)).toEqual([show.id, other.id]);
    expect(numbers(range?.shows[1]?.steps ?? [])).toEqual([
      ['rsvp', 1, 1],
      ['checkin', 1, 1],
      ['watched', 0, 0],
      ['entered', 0, 1],
      ['spun', 0, 0],
    ]);
    expect(numbers(range?.totals ?? [])).toEqual([
      ['rsvp', 7, 7],
      ['checkin', 5, 6],
      ['watched', 3, 5],
      ['entered', 2, 6],
      ['spun', 1, 4],
    ]);
    expect(range?.totals[1]?.fromPrevious).toBe(71.4);
    // 7 pm on the 13th in Los Angeles is already the 14th in UTC: the LA day decides.
    const first = await t().get<RangeFunnel>('/api/staff/reports/funnels?from=2026-06-13&to=2026-06-13', {
      token: staff.tokenvalue,
    });
    expect(first.body.data[0]?.shows.map((s) => s.show.eventid)).toEqual([show.id]);
  });

  it('lists started shows for the picker, newest first, without rehearsal copies or future shows', async () => {
    const { staff, show, other } = await seedEvening(t());
    await t().createEvent({
      title: 'Rehearsal copy',
      cust_start: SHOW_START,
      cust_end: SHOW_END,
      rehearsal_of: show.id,
    });
    await t().createEvent({ title: 'Next week' });
    const res = await t().get<ReportShow>('/api/staff/reports/shows', { token: staff.tokenvalue });
    expect(res.body.data.map((s) => s.eventid)).toEqual([other.id, show.id]);
  });

  it('gives viewers over time with the on-air marks, and says so when a show has no samples', async () => {
    const { staff, show, other } = await seedEvening(t());
    await t()
      .db.insertInto('viewer_samples')
      .values([
        { event_id: show.id, at: at(0), viewers: 3 },
        { event_id: show.id, at: at(0.25), viewers: 9 },
        { event_id: show.id, at: at(0.5), viewers: 7 },
      ])
      .execute();
    await t()
      .db.insertInto('console_actions')
      .values([
        { event_id: show.id, staff_id: staff.id, action: 'go_live', detail: 'Went live', created_at: at(0) },
        {
          event_id: show.id,
          staff_id: staff.id,
          action: 'chat_clear',
          detail: 'Cleared the chat',
          created_at: at(0.1),
        },
        { event_id: show.id, staff_id: staff.id, action: 'draw', detail: 'Drew a winner', created_at: at(0.3) },
      ])
      .execute();
    const res = await t().get<Audience>(`/api/staff/reports/audience/${show.id}`, { token: staff.tokenvalue });
    expect(res.body.data[0]).toMatchObject({
      sampled: true,
      peak: 9,
      samples: [
        { at: at(0), viewers: 3 },
        { at: at(0.25), viewers: 9 },
        { at: at(0.5), viewers: 7 },
      ],
      marks: [
        { at: at(0), action: 'go_live', detail: 'Went live' },
        { at: at(0.3), action: 'draw', detail: 'Drew a winner' },
      ],
    });
    const none = await t().get<Audience>(`/api/staff/reports/audience/${other.id}`, { token: staff.tokenvalue });
    expect(none.body.data[0]).toMatchObject({ sampled: false, peak: 0, samples: [], marks: [] });
  });

  it('reports traffic over Los Angeles days: every day, referrers, campaigns with sign-ups, devices, page time', async () => {
    const staff = await t().createStaff();
    const visit = (day: string, fields: Record<string, string>) => ({
      session_id: `s-${day}-${Object.values(fields).join('-')}`,
      user_id: null,
      day,
      created_at: `${day}T20:00:00.000Z`,
      region: '',
      ip_address: '127.0.0.1',
      device_type: 'mobile',
      resolution: '390 * 844',
      route: '/',
      route_param: '',
      invited_by: '',
      url_referrer: '',
      referrer_host: '',
      ref_id: '',
      full_url: 'http://localhost/',
      ...fields,
    });
    await t()
      .db.insertInto('visits')
      .values([
        visit('2026-06-10', { referrer_host: 'instagram.com', ref_id: 'JUNE' }),
        visit('2026-06-12', { referrer_host: 'instagram.com', device_type: 'desktop' }),
        visit('2026-06-12', { ref_id: 'JUNE' }),
        visit('2026-06-14', { referrer_host: 'pinterest.com' }),
      ])
      .execute();
    await t()
      .db.insertInto('page_times')
      .values(
        [30, 60, 90].map((seconds) => ({
          session_id: 's',
          user_id: null,
          day: '2026-06-11',
          created_at: '2026-06-11T20:00:00.000Z',
          route: '/shows',
          seconds,
        })),
      )
      .execute();
    const res = await t().get<Traffic>('/api/staff/reports/traffic?from=2026-06-10&to=2026-06-13', {
      token: staff.tokenvalue,
    });
    expect(res.http).toBe(200);
    const traffic = res.body.data[0];
    expect(traffic?.byDay.map((d) => [d.day, d.visits])).toEqual([
      ['2026-06-10', 1],
      ['2026-06-11', 0],
      ['2026-06-12', 2],
      ['2026-06-13', 0],
    ]);
    expect(traffic?.referrers).toEqual([{ key: 'instagram.com', count: 2 }]);
    expect(traffic?.campaigns).toEqual([{ key: 'JUNE', count: 2, signups: 0 }]);
    expect(traffic?.devices).toEqual([
      { key: 'mobile', count: 2 },
      { key: 'desktop', count: 1 },
    ]);
    expect(traffic?.timeOnPage).toEqual([{ key: '/shows', medianSeconds: 60, views: 3 }]);
  });

  it('refuses bad dates, N out of range, an unknown step and an unknown show', async () => {
    const staff = await t().createStaff();
    const show = await t().createEvent({ cust_start: SHOW_START, cust_end: SHOW_END });
    const giveaway = await t().createEvent({ type: 'giveaway', title: 'Not a show' });
    const get = (url: string) => t().get(url, { token: staff.tokenvalue });
    for (const url of [
      `/api/staff/reports/funnel/${show.id}?minutes=0`,
      `/api/staff/reports/funnel/${show.id}?minutes=241`,
      `/api/staff/reports/funnel/${show.id}?minutes=ten`,
      `/api/staff/reports/funnel/abc`,
      `/api/staff/reports/funnel/${show.id}/viewers?step=bought`,
      `/api/staff/reports/funnel/${show.id}/viewers?step=rsvp&page=0`,
      '/api/staff/reports/funnels?from=2026-06-14&to=2026-06-13',
      '/api/staff/reports/funnels?from=2026-02-30&to=2026-03-01',
      '/api/staff/reports/funnels?from=2025-01-01&to=2026-06-13',
      '/api/staff/reports/funnels?from=2026-06-01',
      '/api/staff/reports/traffic?from=June&to=2026-06-13',
      '/api/staff/reports/audience/0',
    ]) {
      const res = await get(url);
      expect([url, res.http, res.body.status]).toEqual([url, 400, -1]);
    }
    for (const url of [
      '/api/staff/reports/funnel/999999',
      `/api/staff/reports/funnel/${giveaway.id}`,
      '/api/staff/reports/funnel/999999/viewers?step=rsvp',
      '/api/staff/reports/audience/999999',
    ]) {
      const res = await get(url);
      expect([url, res.http, res.body.message]).toEqual([url, 404, 'We could not find that show.']);
    }
    const csv = await t().app.inject({
      method: 'GET',
      url: '/api/staff/reports/funnel/999999/viewers.csv?step=rsvp',
      headers: { token: staff.tokenvalue },
    });
    expect(csv.statusCode).toBe(404);
  });

  it('is for staff only: 401 without a token, 403 for a viewer', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent({ cust_start: SHOW_START, cust_end: SHOW_END });
    for (const url of [
      '/api/staff/reports/shows',
      `/api/staff/reports/funnel/${show.id}`,
      `/api/staff/reports/funnel/${show.id}/viewers?step=rsvp`,
      `/api/staff/reports/funnel/${show.id}/viewers.csv?step=rsvp`,
      '/api/staff/reports/funnels?from=2026-06-13&to=2026-06-14',
      `/api/staff/reports/audience/${show.id}`,
      '/api/staff/reports/traffic?from=2026-06-13&to=2026-06-14',
    ]) {
      expect([url, (await t().app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 401]);
      const forbidden = await t().app.inject({ method: 'GET', url, headers: { token: viewer.tokenvalue } });
      expect([url, forbidden.statusCode]).toEqual([url, 403]);
    }
  });
});
