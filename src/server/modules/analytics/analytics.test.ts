import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { PAGE_TIME_MAX_PATH, PAGE_TIME_MAX_SECONDS, type AnalyticsReport } from '../../../shared/contract/analytics';
import { MESSAGES } from '../../../shared/messages';
import type { SiteConfig } from '../../../shared/contract/site';
import { describeEachEngine } from '../../testing/harness';
import { referrerHost } from './analytics.service';

const visit = (overrides: Record<string, unknown> = {}) => ({
  session_id: randomUUID(),
  region: 'America/Los_Angeles | PDT',
  device_type: 'mobile',
  resolution: '390 * 844',
  route: '/giveaway/12',
  route_param: '12',
  invited_by: '',
  url_referrer: 'https://www.instagram.com/gemcast',
  ref_id: 'SPRING24',
  full_url: 'http://localhost:3000/giveaway/12?refid=SPRING24',
  ...overrides,
});

it('keeps only external referrer hosts, without www.', () => {
  expect(referrerHost('https://www.instagram.com/p/1', 'http://localhost:3000')).toBe('instagram.com');
  expect(referrerHost('http://localhost:3000/home', 'http://localhost:3000')).toBe('');
  expect(referrerHost('', 'http://localhost:3000')).toBe('');
  expect(referrerHost('not a url', 'http://localhost:3000')).toBe('');
});

describeEachEngine('analytics', (t) => {
  it('stores a visit with the IP taken from the request, not from the body', async () => {
    const res = await t().post(
      '/api/uservisit',
      { ...visit(), ip_address: '203.0.113.9' },
      { headers: { 'x-forwarded-for': '198.51.100.7' } },
    );
    expect(res.http).toBe(200);
    expect(res.body.status).toBe(1);
    const row = await t().db.selectFrom('visits').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      ip_address: '127.0.0.1',
      route: '/giveaway/12',
      route_param: '12',
      referrer_host: 'instagram.com',
      ref_id: 'SPRING24',
      device_type: 'mobile',
      resolution: '390 * 844',
      day: '2026-06-15',
      user_id: null,
    });
  });

  it('links a visit to the logged-in viewer who sent it', async () => {
    const viewer = await t().createViewer();
    await t().post('/api/uservisit', visit(), { token: viewer.tokenvalue });
    const row = await t().db.selectFrom('visits').select('user_id').executeTakeFirstOrThrow();
    expect(row.user_id).toBe(viewer.id);
  });

  it.each([
    ['a missing session id', { session_id: undefined }],
    ['a session id that is not a UUID', { session_id: 'abc' }],
    ['an unknown device type', { device_type: 'tablet' }],
    ['a malformed resolution', { resolution: 'big' }],
    ['a route without a leading slash', { route: 'home' }],
    ['a javascript: referrer', { url_referrer: 'javascript:alert(1)' }],
    ['a number where text belongs', { region: 42 }],
  ])('refuses a visit with %s and stores nothing', async (_label, overrides) => {
    const res = await t().post('/api/uservisit', visit(overrides));
    expect(res.http).toBe(400);
    expect(res.body.status).toBe(-1);
    expect(res.body.message).not.toBe('');
    expect(await t().db.selectFrom('visits').select('id').execute()).toHaveLength(0);
  });

  it('stores page views, events and time on page', async () => {
    const session_id = randomUUID();
    expect((await t().post('/api/pageview', { session_id, path: '/live', title: 'Live Page - Gemcast' })).http).toBe(
      200,
    );
    expect(
      (await t().post('/api/trackevent', { session_id, category: 'giveaway', action: 'enter', label: 'show 12' })).http,
    ).toBe(200);
    expect((await t().post('/api/ptvl', { session_id, route: '/live', seconds: 95 })).http).toBe(200);
    expect(await t().db.selectFrom('page_views').select(['path', 'title']).execute()).toEqual([
      { path: '/live', title: 'Live Page - Gemcast' },
    ]);
    expect(await t().db.selectFrom('analytics_events').select(['category', 'action', 'label']).execute()).toEqual([
      { category: 'giveaway', action: 'enter', label: 'show 12' },
    ]);
    expect(await t().db.selectFrom('page_times').select(['route', 'seconds']).execute()).toEqual([
      { route: '/live', seconds: 95 },
    ]);
  });

  it('refuses an event without a category or an action', async () => {
    const session_id = randomUUID();
    const noCategory = await t().post('/api/trackevent', { session_id, action: 'enter' });
    const noAction = await t().post('/api/trackevent', { session_id, category: 'giveaway', action: '  ' });
    expect([noCategory.http, noAction.http]).toEqual([400, 400]);
    expect(noCategory.body.message).toBe('An event needs a category.');
    expect(noAction.body.message).toBe('An event needs an action.');
    expect(await t().db.selectFrom('analytics_events').select('id').execute()).toHaveLength(0);
  });

  it('records 1 second to a day on one page', async () => {
    const session_id = randomUUID();
    const send = (seconds: number) => t().post('/api/ptvl', { session_id, route: '/live', seconds });
    expect(PAGE_TIME_MAX_SECONDS).toBe(86_400);
    expect([(await send(1)).http, (await send(86_400)).http]).toEqual([200, 200]);
    expect(await t().db.selectFrom('page_times').select('seconds').orderBy('id').execute()).toEqual([
      { seconds: 1 },
      { seconds: 86_400 },
    ]);
  });

  const wholeSeconds = 'seconds is a whole number from 1 to 86,400.';
  it.each([
    ['a path over 200 characters', { route: `/${'a'.repeat(PAGE_TIME_MAX_PATH)}` }, 'route is at most 200 characters.'],
    ['a path without a leading /', { route: 'live' }, 'route starts with /.'],
    ['no path', { route: undefined }, 'route is required: the page path, starting with /.'],
    ['0 seconds', { seconds: 0 }, wholeSeconds],
    ['86,401 seconds', { seconds: 86_401 }, wholeSeconds],
    ['a negative time', { seconds: -1 }, wholeSeconds],
    ['a fraction of a second', { seconds: 12.5 }, wholeSeconds],
    ['seconds as a string', { seconds: '12' }, wholeSeconds],
    ['no seconds', { seconds: undefined }, wholeSeconds],
    ['no session id', { session_id: undefined }, 'session_id is required.'],
  ])('refuses a page time with %s and stores nothing', async (_label, overrides, message) => {
    const res = await t().post('/api/ptvl', { session_id: randomUUID(), route: '/live', seconds: 30, ...overrides });
    expect({ http: res.http, status: res.body.status, message: res.body.message }).toEqual({
      http: 400,
      status: -1,
      message,
    });
    expect(await t().db.selectFrom('page_times').select('id').execute()).toHaveLength(0);
  });

  it('takes a path of exactly 200 characters', async () => {
    const route = `/${'a'.repeat(PAGE_TIME_MAX_PATH - 1)}`;
    expect((await t().post('/api/ptvl', { session_id: randomUUID(), route, seconds: 3 })).http).toBe(200);
    expect(await t().db.selectFrom('page_times').select('route').execute()).toEqual([{ route }]);
  });

  it('stores a logged-out page time without a viewer', async () => {
    const session_id = randomUUID();
    await t().post('/api/uservisit', visit({ session_id }));
    expect((await t().post('/api/ptvl', { session_id, route: '/live', seconds: 20 })).http).toBe(200);
    expect(await t().db.selectFrom('page_times').select(['session_id', 'user_id']).execute()).toEqual([
      { session_id, user_id: null },
    ]);
  });

  it("ties a tokenless page time (a beacon) to the viewer of the session's latest visit", async () => {
    const viewer = await t().createViewer();
    const other = await t().createViewer();
    const session_id = randomUUID();
    await t().post('/api/uservisit', visit({ session_id }));
    await t().post('/api/uservisit', visit({ session_id }), { token: viewer.tokenvalue });
    await t().post('/api/uservisit', visit(), { token: other.tokenvalue });
    expect((await t().post('/api/ptvl', { session_id, route: '/live', seconds: 20 })).http).toBe(200);
    // After logging out, the session's latest visit has no viewer, and neither has its page time.
    await t().post('/api/uservisit', visit({ session_id }));
    await t().post('/api/ptvl', { session_id, route: '/home', seconds: 7 });
    // With a token (the fetch fallback), the token's viewer.
    await t().post('/api/ptvl', { session_id, route: '/faq', seconds: 9 }, { token: other.tokenvalue });
    expect(await t().db.selectFrom('page_times').select(['route', 'user_id']).orderBy('id').execute()).toEqual([
      { route: '/live', user_id: viewer.id },
      { route: '/home', user_id: null },
      { route: '/faq', user_id: other.id },
    ]);
  });

  it('does not tie a page time to a visit older than yesterday', async () => {
    const viewer = await t().createViewer();
    const session_id = randomUUID();
    await t().post('/api/uservisit', visit({ session_id }), { token: viewer.tokenvalue });
    t().clock.advance(2 * 86_400_000);
    await t().post('/api/ptvl', { session_id, route: '/live', seconds: 20 });
    expect(await t().db.selectFrom('page_times').select('user_id').execute()).toEqual([{ user_id: null }]);
  });

  it('limits analytics writes per IP', async () => {
    const session_id = randomUUID();
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await t().post('/api/pageview', { session_id, path: '/home' })).http;
    expect(last).toBe(429);
    expect(await t().db.selectFrom('page_views').select('id').execute()).toHaveLength(120);
  });

  it('gives staff a report of the period', async () => {
    const staff = await t().createStaff();
    const a = randomUUID();
    const b = randomUUID();
    await t().post('/api/uservisit', visit({ session_id: a }));
    await t().post('/api/uservisit', visit({ session_id: a, route: '/live', route_param: '', url_referrer: '' }));
    await t().post(
      '/api/uservisit',
      visit({ session_id: b, device_type: 'desktop', ref_id: '', url_referrer: 'https://google.com/' }),
    );
    await t().post('/api/pageview', { session_id: a, path: '/live' });
    await t().post('/api/pageview', { session_id: b, path: '/live' });
    await t().post('/api/pageview', { session_id: b, path: '/home' });
    await t().post('/api/trackevent', { session_id: a, category: 'rsvp', action: 'click' });
    await t().post('/api/ptvl', { session_id: a, route: '/live', seconds: 100 });
    await t().post('/api/ptvl', { session_id: b, route: '/live', seconds: 50 });
    await t().createViewer({ refId: 'SPRING24' });

    const res = await t().get<AnalyticsReport>('/api/staff/analytics', {
      token: staff.tokenvalue,
      query: { days: '7' },
    });
    expect(res.http).toBe(200);
    const report = res.body.data[0]!;
    expect(report.totals).toEqual({ visits: 3, sessions: 2, pageViews: 3, signups: 2 });
    expect(report.byDay).toEqual([{ day: '2026-06-15', visits: 3, sessions: 2 }]);
    expect(report.topPages).toEqual([
      { key: '/live', count: 2 },
      { key: '/home', count: 1 },
    ]);
    expect(report.referrers).toEqual([
      { key: 'google.com', count: 1 },
      { key: 'instagram.com', count: 1 },
    ]);
    expect(report.refIds).toEqual([{ key: 'SPRING24', count: 2, signups: 1 }]);
    expect(report.devices).toEqual([
      { key: 'mobile', count: 2 },
      { key: 'desktop', count: 1 },
    ]);
    expect(report.events).toEqual([{ key: 'rsvp / click', count: 1 }]);
    expect(report.timeOnPage).toEqual([{ key: '/live', medianSeconds: 75, views: 2 }]);
  });

  it('reports the median time per page: the middle view, or the mean of the middle two', async () => {
    const staff = await t().createStaff();
    const session_id = randomUUID();
    const times: [string, number][] = [
      ['/live', 300],
      ['/live', 5],
      ['/live', 40],
      ['/live', 7],
      ['/live', 9000],
      ['/home', 10],
      ['/home', 31],
      ['/home', 2],
      ['/home', 20],
      ['/faq', 12],
    ];
    for (const [route, seconds] of times) await t().post('/api/ptvl', { session_id, route, seconds });
    const res = await t().get<AnalyticsReport>('/api/staff/analytics', {
      token: staff.tokenvalue,
      query: { days: '1' },
    });
    expect(res.body.data[0]?.timeOnPage).toEqual([
      { key: '/live', medianSeconds: 40, views: 5 },
      { key: '/home', medianSeconds: 15, views: 4 },
      { key: '/faq', medianSeconds: 12, views: 1 },
    ]);
  });

  it("takes the median over the report's days only, and keeps a half second of an even count", async () => {
    const staff = await t().createStaff();
    const session_id = randomUUID();
    const send = (seconds: number) => t().post('/api/ptvl', { session_id, route: '/live', seconds });
    t().clock.set(new Date('2026-06-10T19:00:00Z')); // Wednesday Jun 10 in Los Angeles
    await send(1000);
    await send(2000);
    await send(3000);
    t().clock.set(new Date('2026-06-15T19:00:00Z'));
    await send(4);
    await send(9);
    // The clock jumps days: the staff session passes its second factor again at each jump's time.
    const report = async (days: string) => {
      await t().passSecondFactor(staff.id);
      return (await t().get<AnalyticsReport>('/api/staff/analytics', { token: staff.tokenvalue, query: { days } })).body
        .data[0]?.timeOnPage;
    };
    expect(await report('1')).toEqual([{ key: '/live', medianSeconds: 6.5, views: 2 }]);
    expect(await report('7')).toEqual([{ key: '/live', medianSeconds: 1000, views: 5 }]);
    t().clock.set(new Date('2026-06-17T19:00:00Z'));
    expect(await report('1')).toEqual([]);
  });

  it('covers exactly the days asked for, across the night the clocks spring forward', async () => {
    const staff = await t().createStaff();
    // 00:30 on Tue Mar 10, 2026 in Los Angeles; Sunday Mar 8 was 23 hours long.
    t().clock.set(new Date('2026-03-10T07:30:00Z'));
    // The clock jumps months: the staff session passes its second factor again at each jump's time.
    const report = async (days: string) => {
      await t().passSecondFactor(staff.id);
      return (await t().get<AnalyticsReport>('/api/staff/analytics', { token: staff.tokenvalue, query: { days } })).body
        .data[0];
    };
    expect(await report('1')).toMatchObject({ from: '2026-03-10', to: '2026-03-10' });
    expect(await report('7')).toMatchObject({ from: '2026-03-04', to: '2026-03-10' });
    t().clock.set(new Date('2026-03-09T07:30:00Z')); // 00:30 on Mon Mar 9, just after the short day
    expect(await report('7')).toMatchObject({ from: '2026-03-03', to: '2026-03-09' });
  });

  it('keeps the report from viewers and visitors', async () => {
    const viewer = await t().createViewer();
    expect((await t().get('/api/staff/analytics', { token: viewer.tokenvalue })).http).toBe(403);
    expect((await t().get('/api/staff/analytics')).http).toBe(401);
  });

  it('refuses a report period it does not offer', async () => {
    const staff = await t().createStaff();
    const res = await t().get('/api/staff/analytics', { token: staff.tokenvalue, query: { days: '5' } });
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('days is 1, 7, 30 or 90.');
  });
});

describeEachEngine('site configuration', (t) => {
  it('exposes brand, contact details, asset hosts and third-party ids from configuration', async () => {
    const res = await t().get<SiteConfig>('/api/siteconfig');
    expect(res.http).toBe(200);
    expect(res.body.data[0]).toEqual({
      brand: 'Gemcast',
      tagline: 'where entertainment meets beautiful jewelry and amazing prices',
      phone: '(555) 010-4367',
      email: 'support@gemcast.example',
      target_cdn_url: '',
      source_cdn_url: '',
      app_assets_location: '',
      analytics: { ga: '', replay: '', pixel: '' },
    });
  });
});

describeEachEngine(
  'the analytics limit comes before the token lookup',
  (t) => {
    it('answers 429 with Retry-After past the limit, for every write, without looking the token up', async () => {
      const viewer = await t().createViewer();
      const session_id = randomUUID();
      for (let i = 0; i < 3; i++)
        expect((await t().post('/api/pageview', { session_id, path: '/home' })).http).toBe(200);
      // Without the sessions table a token lookup fails (500): a 429 shows that none was made.
      await sql`drop table sessions`.execute(t().db);
      const writes: [string, object][] = [
        ['/api/uservisit', visit({ session_id })],
        ['/api/pageview', { session_id, path: '/home' }],
        ['/api/trackevent', { session_id, category: 'giveaway', action: 'enter' }],
        ['/api/ptvl', { session_id, route: '/home', seconds: 5 }],
      ];
      for (const [url, body] of writes) {
        const res = await t().post(url, body, { token: viewer.tokenvalue });
        expect({ url, http: res.http, message: res.body.message }).toEqual({
          url,
          http: 429,
          message: MESSAGES.rateLimited,
        });
        expect(res.headers['retry-after']).toBe('60');
      }
      expect(await t().db.selectFrom('visits').select('id').execute()).toHaveLength(0);
      expect(await t().db.selectFrom('page_views').select('id').execute()).toHaveLength(3);
      expect(await t().db.selectFrom('analytics_events').select('id').execute()).toHaveLength(0);
      expect(await t().db.selectFrom('page_times').select('id').execute()).toHaveLength(0);

      // Inside the next minute's limit the same request does look the token up, and here that fails.
      t().clock.advance(60_000);
      expect((await t().post('/api/pageview', { session_id, path: '/home' }, { token: viewer.tokenvalue })).http).toBe(
        500,
      );
    });
  },
  { analyticsPerMinute: 3 },
);
