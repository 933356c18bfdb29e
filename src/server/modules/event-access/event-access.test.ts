import { expect, it } from 'vitest';
import type { EventRecord } from '../../../shared/contract/events';
import type { GiveawayInfo } from '../../../shared/contract/giveaways';
import type { StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { createGiveaway, giveawayFields } from '../giveaways/giveaway-factories';
import { WRONG_CODE_WINDOW_MS, WRONG_CODES_PER_IP, WRONG_CODES_PER_VIEWER } from './event-access.service';

const CODE = 'TUCSON-2026';

async function privateGiveaway(t: TestApp) {
  const staff = await t.createStaff();
  const giveaway = await createGiveaway(t, staff.tokenvalue, { IS_Public: 0, access_code: CODE });
  return { staff, giveaway };
}

function enterWith(t: TestApp, token: string, eventid: number, code?: string) {
  return t.post('/api/giveawaydata_v1', { eventid, ...(code === undefined ? {} : { code }) }, { token });
}

function infoWith(t: TestApp, eventid: number, code: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'GET',
    url: '/api/giveawayinfo_v1',
    query: { eventid: String(eventid), code },
    remoteAddress: ip,
  });
}

const auditLines = (t: TestApp, giveawayId: number) =>
  t.db
    .selectFrom('giveaway_audit')
    .select(['action', 'actor_name', 'detail'])
    .where('giveaway_id', '=', giveawayId)
    .where('action', '=', 'code-limit')
    .orderBy('id')
    .execute();

describeEachEngine('wrong access codes', (t) => {
  it('counts only wrong codes: a right code after a few typos still enters', async () => {
    const { giveaway } = await privateGiveaway(t());
    const viewer = await t().createViewer();
    for (let i = 0; i < WRONG_CODES_PER_VIEWER - 1; i++) {
      const wrong = await enterWith(t(), viewer.tokenvalue, giveaway.id, `PHOENIX-${i}`);
      expect([wrong.http, wrong.body.message]).toEqual([404, GIVEAWAY_MESSAGES.notFound]);
    }
    const right = await enterWith(t(), viewer.tokenvalue, giveaway.id, 'tucson-2026');
    expect([right.http, right.body.message]).toEqual([200, GIVEAWAY_MESSAGES.entered]);
    expect(await auditLines(t(), giveaway.id)).toEqual([]);
  });

  it('refuses every code with 429 and Retry-After once a viewer is past the limit, until the window ends', async () => {
    const { giveaway } = await privateGiveaway(t());
    const viewer = await t().createViewer();
    for (let i = 0; i < WRONG_CODES_PER_VIEWER; i++)
      expect((await enterWith(t(), viewer.tokenvalue, giveaway.id, `PHOENIX-${i}`)).http).toBe(404);

    // The kiosk and Whatnot entries and the reads share the count: the right code is refused too.
    const right = await enterWith(t(), viewer.tokenvalue, giveaway.id, CODE);
    expect([right.http, right.body.status, right.body.message]).toEqual([429, 0, GIVEAWAY_MESSAGES.codeTriesPaused]);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(WRONG_CODE_WINDOW_MS / 1000);
    const kiosk = await t().post(
      '/api/giveawaydata_new',
      { eventid: giveaway.id, code: CODE, entry_from: 'intergem' },
      { token: viewer.tokenvalue },
    );
    expect(kiosk.http).toBe(429);
    const read = await t().get('/api/checkifgiveawayenroll_v1', {
      token: viewer.tokenvalue,
      query: { eventid: String(giveaway.id), code: CODE },
    });
    expect(read.http).toBe(429);
    expect(await t().db.selectFrom('giveaway_entries').select('id').execute()).toEqual([]);

    // Another viewer on the same address is not held back by this one.
    const other = await t().createViewer();
    expect((await enterWith(t(), other.tokenvalue, giveaway.id, CODE)).http).toBe(200);

    t().clock.advance(WRONG_CODE_WINDOW_MS);
    expect((await enterWith(t(), viewer.tokenvalue, giveaway.id, CODE)).http).toBe(200);
  });

  it('writes one audit line per window when a viewer trips the limit, which staff read in the log', async () => {
    const { staff, giveaway } = await privateGiveaway(t());
    const viewer = await t().createViewer({ first_name: 'Ruby', last_name: 'Adams', email: 'ruby@example.com' });
    for (let i = 0; i < WRONG_CODES_PER_VIEWER + 5; i++)
      await enterWith(t(), viewer.tokenvalue, giveaway.id, 'WRONG-1');
    const lines = await auditLines(t(), giveaway.id);
    expect(lines).toEqual([
      {
        action: 'code-limit',
        actor_name: 'system',
        detail: `Paused access-code tries for the viewer Ruby Adams (ruby@example.com, user ${viewer.id}): 10 wrong codes within 15 minutes. Their codes are refused for up to 15 minutes.`,
      },
    ]);
    const detail = await t().get<StaffGiveawayDetail>(`/api/staff/giveaways/${giveaway.id}`, {
      token: staff.tokenvalue,
    });
    expect(detail.body.data[0]?.log.filter((line) => line.action === 'code-limit')).toHaveLength(1);

    // The next window starts a new count, and a second trip a second line.
    t().clock.advance(WRONG_CODE_WINDOW_MS);
    for (let i = 0; i < WRONG_CODES_PER_VIEWER; i++) await enterWith(t(), viewer.tokenvalue, giveaway.id, 'WRONG-2');
    expect(await auditLines(t(), giveaway.id)).toHaveLength(2);
  });

  it('limits wrong codes per address for visitors too, logs the address once, and spares other addresses', async () => {
    const { giveaway } = await privateGiveaway(t());
    for (let i = 0; i < WRONG_CODES_PER_IP; i++) {
      const wrong = await infoWith(t(), giveaway.id, `GUESS-${i}`, '203.0.113.7');
      expect(wrong.statusCode).toBe(404);
    }
    const paused = await infoWith(t(), giveaway.id, CODE, '203.0.113.7');
    expect([paused.statusCode, paused.json().message]).toEqual([429, GIVEAWAY_MESSAGES.codeTriesPaused]);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
    await infoWith(t(), giveaway.id, 'GUESS-X', '203.0.113.7');
    expect((await auditLines(t(), giveaway.id)).map((line) => line.detail)).toEqual([
      'Paused access-code tries from the address 203.0.113.7: 50 wrong codes within 15 minutes. Codes from that address are refused for up to 15 minutes.',
    ]);
    const elsewhere = await infoWith(t(), giveaway.id, CODE, '198.51.100.4');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts codes given for an unknown id alike, so a private id cannot be told from an unused one', async () => {
    const viewer = await t().createViewer();
    const answers = [];
    for (let i = 0; i <= WRONG_CODES_PER_VIEWER; i++)
      answers.push((await enterWith(t(), viewer.tokenvalue, 9999, `GUESS-${i}`)).http);
    expect(answers).toEqual([...Array<number>(WRONG_CODES_PER_VIEWER).fill(404), 429]);
  });

  it('refuses a malformed code with a field error, without counting it', async () => {
    const { giveaway } = await privateGiveaway(t());
    const viewer = await t().createViewer();
    for (let i = 0; i < WRONG_CODES_PER_VIEWER + 2; i++) {
      const bad = await enterWith(t(), viewer.tokenvalue, giveaway.id, 'a b');
      expect([bad.http, bad.body.status, bad.body.message, bad.body.data]).toEqual([
        400,
        -1,
        'The access code is 4 to 32 letters, digits or dashes.',
        [{ field: 'code', message: 'The access code is 4 to 32 letters, digits or dashes.' }],
      ]);
    }
    const read = await t().get('/api/eventdata_v1', { query: { eventid: String(giveaway.id), code: 'x' } });
    expect(read.http).toBe(400);
    expect((await enterWith(t(), viewer.tokenvalue, giveaway.id, CODE)).http).toBe(200);
  });
});

describeEachEngine(
  'wrong access codes where many share one address',
  (t) => {
    it('scales the per-address limit by PER_IP_LIMIT_SCALE', async () => {
      const { giveaway } = await privateGiveaway(t());
      for (let i = 0; i < WRONG_CODES_PER_IP * 2; i++)
        expect((await infoWith(t(), giveaway.id, `GUESS-${i}`)).statusCode).toBe(404);
      expect((await infoWith(t(), giveaway.id, CODE)).statusCode).toBe(429);
    });
  },
  { perIpLimitScale: 2 },
);

describeEachEngine('access codes staff set', (t) => {
  it('refuses weak new codes with the field named, and creates nothing', async () => {
    const staff = await t().createStaff();
    const cases: [string, string][] = [
      ['AB12', 'Make the access code at least 6 letters or digits long.'],
      ['AB-12-C', 'Make the access code at least 6 letters or digits long.'],
      ['777777', 'The access code cannot be one character repeated. Choose a harder one to guess.'],
      ['123456', 'The access code cannot be a run such as 123456 or ABCDEF. Choose a harder one to guess.'],
      ['fedcba', 'The access code cannot be a run such as 123456 or ABCDEF. Choose a harder one to guess.'],
      ['booth 42', 'The access code is letters, digits and dashes, 32 characters at most.'],
      ['A'.repeat(33), 'The access code is letters, digits and dashes, 32 characters at most.'],
    ];
    for (const [code, message] of cases) {
      const res = await t().post('/api/staff/giveaways', giveawayFields(t(), { IS_Public: 0, access_code: code }), {
        token: staff.tokenvalue,
      });
      expect([code, res.http, res.body.status, res.body.message, res.body.data]).toEqual([
        code,
        400,
        -1,
        message,
        [{ field: 'access_code', message }],
      ]);
    }
    expect(await t().db.selectFrom('events').select('id').execute()).toEqual([]);
    const good = await t().post(
      '/api/staff/giveaways',
      giveawayFields(t(), { IS_Public: 0, access_code: 'K7QH-M3XP' }),
      {
        token: staff.tokenvalue,
      },
    );
    expect(good.http).toBe(200);
  });

  it('keeps a code saved before the rule working, and checks a code staff change', async () => {
    const { staff, giveaway } = await privateGiveaway(t());
    // A code from before the rule: five symbols.
    await t().db.updateTable('giveaways').set({ access_code: 'BOOTH' }).where('event_id', '=', giveaway.id).execute();
    const kept = await t().post(
      `/api/staff/giveaways/${giveaway.id}`,
      { access_code: 'BOOTH', prize: 'A citrine pendant' },
      { token: staff.tokenvalue },
    );
    expect([kept.http, kept.body.data[0]]).toMatchObject([200, { access_code: 'BOOTH', prize: 'A citrine pendant' }]);
    const weak = await t().post(
      `/api/staff/giveaways/${giveaway.id}`,
      { access_code: 'BTH-42', prize: 'Not saved' },
      { token: staff.tokenvalue },
    );
    expect([weak.http, weak.body.data]).toEqual([
      400,
      [{ field: 'access_code', message: 'Make the access code at least 6 letters or digits long.' }],
    ]);
    const details = await t()
      .db.selectFrom('giveaways')
      .select(['access_code', 'prize'])
      .where('event_id', '=', giveaway.id)
      .executeTakeFirst();
    expect(details).toEqual({ access_code: 'BOOTH', prize: 'A citrine pendant' });
    const viewer = await t().createViewer();
    expect((await enterWith(t(), viewer.tokenvalue, giveaway.id, 'booth')).http).toBe(200);
  });
});

describeEachEngine('private events', (t) => {
  /** A private show, a private special event and a private giveaway, with staff and a viewer. */
  async function privateEvents() {
    const { staff, giveaway } = await privateGiveaway(t());
    const show = await t().createEvent({ is_public: 0, title: 'Collectors only' });
    const now = t().clock.now().getTime();
    const liveShow = await t().createEvent({
      is_public: 0,
      title: 'Private live show',
      cust_start: new Date(now - 10 * 60_000).toISOString(),
      cust_end: new Date(now + 50 * 60_000).toISOString(),
    });
    const special = await t().createEvent({ is_public: 0, type: 'specialshow', title: 'Vault night' });
    const viewer = await t().createViewer();
    return { staff, giveaway, show, liveShow, special, viewer };
  }

  /** Every call that answers about one event by id, for `id`. */
  function callsAbout(id: number, token: string): [string, () => ReturnType<TestApp['get']>][] {
    const q = String(id);
    return [
      ['eventdata_v1', () => t().get('/api/eventdata_v1', { query: { eventid: q } })],
      ['giveawayinfo_v1', () => t().get('/api/giveawayinfo_v1', { query: { eventid: q } })],
      ['giveawayterms_v1', () => t().get('/api/giveawayterms_v1', { query: { id: q } })],
      ['giveawaywinners_v1', () => t().get('/api/giveawaywinners_v1', { query: { eventid: q } })],
      ['giveawayproof_v1', () => t().get('/api/giveawayproof_v1', { query: { eventid: q } })],
      ['fbbannerclick', () => t().get('/api/fbbannerclick', { query: { id: q } })],
      ['checkifgiveawayenroll_v1', () => t().get('/api/checkifgiveawayenroll_v1', { token, query: { eventid: q } })],
      ['giveawaydata_v1', () => t().post('/api/giveawaydata_v1', { eventid: id }, { token })],
      [
        'socialgiveawayentries',
        () => t().post('/api/socialgiveawayentries', { eventid: id }, { token, query: { clickType: 'facebook' } }),
      ],
      ['CheckIfGiveawaySpin', () => t().get('/api/CheckIfGiveawaySpin', { token, query: { eventId: q } })],
      ['spingiveawayinfo', () => t().post('/api/spingiveawayinfo', { eventId: id }, { token })],
      ['giveawaydraw_v1', () => t().get('/api/giveawaydraw_v1', { token, query: { eventid: q } })],
      ['giveawayclaim_v1', () => t().post('/api/giveawayclaim_v1', { eventid: id }, { token })],
    ];
  }

  it('answers every giveaway call about a private giveaway exactly as about an unknown id', async () => {
    const { giveaway, viewer } = await privateEvents();
    const missing = callsAbout(9999, viewer.tokenvalue);
    for (const [name, call] of callsAbout(giveaway.id, viewer.tokenvalue)) {
      const unknown = await missing.find(([other]) => other === name)?.[1]();
      const hidden = await call();
      expect([name, hidden.http, hidden.body]).toEqual([name, unknown?.http, unknown?.body]);
      expect([name, hidden.http]).toEqual([name, 404]);
    }
    expect(await t().db.selectFrom('giveaway_entries').select('id').execute()).toEqual([]);
    expect(await t().db.selectFrom('giveaway_banner_clicks').selectAll().execute()).toEqual([]);
  });

  it('answers the show, RSVP, quiz and live calls about a private show or special event as about an unknown id', async () => {
    const { show, liveShow, special, viewer } = await privateEvents();
    const token = viewer.tokenvalue;
    const calls: [string, (id: number) => ReturnType<TestApp['get']>][] = [
      ['eventdata_v1', (id) => t().get('/api/eventdata_v1', { query: { eventid: String(id) } })],
      ['rsvpdata_v1', (id) => t().post('/api/rsvpdata_v1', { eventid: id }, { token })],
      ['checkifrsvpspin', (id) => t().get('/api/checkifrsvpspin', { token, query: { eventId: String(id) } })],
      ['eventstream_v1', (id) => t().get('/api/eventstream_v1', { token, query: { eventid: String(id) } })],
      ['iamatlive_v1', (id) => t().get('/api/iamatlive_v1', { token, query: { eventid: String(id), reachby: 'web' } })],
      [
        'userlivelog',
        (id) =>
          t().get('/api/userlivelog', { token, query: { eventid: String(id), watch_stream: 'start', reachby: 'web' } }),
      ],
      ['giveawaywinners_v1?showid', (id) => t().get('/api/giveawaywinners_v1', { query: { showid: String(id) } })],
    ];
    for (const [name, call] of calls) {
      const unknown = await call(9999);
      for (const hidden of [show, liveShow]) {
        const res = await call(hidden.id);
        expect([name, res.http, res.body]).toEqual([name, unknown.http, unknown.body]);
      }
    }
    const specialCalls: [string, (id: number) => ReturnType<TestApp['get']>][] = [
      ['eventquestions', (id) => t().get('/api/eventquestions', { query: { eventid: String(id) } })],
      ['rsvpquiz_v1', (id) => t().post('/api/rsvpquiz_v1', { eventid: id, answers: [] }, { token })],
      ['specialeventemail', (id) => t().post('/api/specialeventemail', { eventid: id }, { token })],
    ];
    for (const [name, call] of specialCalls) {
      const unknown = await call(9999);
      const res = await call(special.id);
      expect([name, res.http, res.body]).toEqual([name, unknown.http, unknown.body]);
      expect([name, res.http]).toEqual([name, 404]);
    }
    expect(await t().db.selectFrom('rsvps').select('id').execute()).toEqual([]);
    expect(await t().db.selectFrom('live_checkins').select('event_id').execute()).toEqual([]);
  });

  it('lists no private event, in any list or as the event live now', async () => {
    const { giveaway, liveShow } = await privateEvents();
    for (const type of ['show', 'giveaway', 'specialshow'])
      for (const on of ['upcoming', 'live', 'past', 'all']) {
        const list = await t().get<EventRecord>('/api/eventlist_v1', { query: { type, on } });
        expect([type, on, list.body.data]).toEqual([type, on, []]);
      }
    for (const type of ['show', 'giveaway']) {
      const live = await t().get<EventRecord>('/api/liveevent_v1', { query: { type } });
      expect(live.body.data).toEqual([]);
    }
    expect([giveaway.IS_Public, liveShow.is_public]).toEqual([0, 0]);
  });

  it('shows a private giveaway to whoever gives its code, to staff, and to a viewer who has entered', async () => {
    const { staff, giveaway, viewer } = await privateEvents();
    const eventid = String(giveaway.id);

    const withCode = await t().get<EventRecord>('/api/eventdata_v1', { query: { eventid, code: 'tucson-2026' } });
    expect([withCode.http, withCode.body.data[0]]).toMatchObject([200, { id: giveaway.id, IS_Public: 0 }]);
    const info = await t().get<GiveawayInfo>('/api/giveawayinfo_v1', { query: { eventid, code: CODE } });
    expect([info.http, info.body.data[0]]).toMatchObject([200, { id: giveaway.id, needs_code: true }]);
    expect(JSON.stringify(info.body)).not.toContain('TUCSON');
    for (const [url, query] of [
      ['/api/giveawayterms_v1', { id: eventid, code: CODE }],
      ['/api/giveawayproof_v1', { eventid, code: CODE }],
      ['/api/giveawaywinners_v1', { eventid, code: CODE }],
    ] as const)
      expect([url, (await t().get(url, { query })).http]).toEqual([url, 200]);
    const enrollment = await t().get('/api/checkifgiveawayenroll_v1', {
      token: viewer.tokenvalue,
      query: { eventid, code: CODE },
    });
    expect([enrollment.http, enrollment.body.data]).toMatchObject([200, [{ exists: false }]]);

    for (const [url, query] of [
      ['/api/eventdata_v1', { eventid }],
      ['/api/giveawayinfo_v1', { eventid }],
      ['/api/giveawayterms_v1', { id: eventid }],
    ] as const)
      expect([url, (await t().get(url, { token: staff.tokenvalue, query })).http]).toEqual([url, 200]);
    const staffEntry = await enterWith(t(), staff.tokenvalue, giveaway.id);
    expect([staffEntry.http, staffEntry.body.message]).toEqual([403, GIVEAWAY_MESSAGES.privateGiveaway]);

    expect((await enterWith(t(), viewer.tokenvalue, giveaway.id, CODE)).http).toBe(200);
    // Entered: every read works without the code, and a second entry says they are in.
    const token = viewer.tokenvalue;
    expect((await t().get('/api/giveawayinfo_v1', { token, query: { eventid } })).http).toBe(200);
    expect((await t().get('/api/eventdata_v1', { token, query: { eventid } })).http).toBe(200);
    expect((await t().get('/api/checkifgiveawayenroll_v1', { token, query: { eventid } })).body.data).toMatchObject([
      { exists: true },
    ]);
    expect((await t().get('/api/CheckIfGiveawaySpin', { token, query: { eventId: eventid } })).http).toBe(200);
    expect((await t().get('/api/giveawaydraw_v1', { token, query: { eventid } })).http).toBe(200);
    const social = await t().post(
      '/api/socialgiveawayentries',
      { eventid: giveaway.id },
      { token, query: { clickType: 'facebook' } },
    );
    expect(social.http).toBe(200);
    expect((await enterWith(t(), token, giveaway.id)).http).toBe(409);
  });

  it('shows a private show to staff and to a viewer who RSVPed to it', async () => {
    const { staff, show, viewer } = await privateEvents();
    const eventid = String(show.id);
    const byStaff = await t().get<EventRecord>('/api/eventdata_v1', { token: staff.tokenvalue, query: { eventid } });
    expect([byStaff.http, byStaff.body.data[0]]).toMatchObject([200, { id: show.id, title: 'Collectors only' }]);
    // An RSVP from before the show was made private still lets its viewer in.
    await t()
      .db.insertInto('rsvps')
      .values({ user_id: viewer.id, event_id: show.id, rsvp_type: 'new', created_at: t().clock.now().toISOString() })
      .execute();
    const byGuest = await t().get('/api/eventdata_v1', { token: viewer.tokenvalue, query: { eventid } });
    expect(byGuest.http).toBe(200);
    const again = await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    expect(again.http).toBe(409);
    // A code never opens a show, and counts as a wrong one.
    expect((await t().get('/api/eventdata_v1', { query: { eventid, code: CODE } })).http).toBe(404);
  });

  it('needs a token for the viewer-only calls, private or not', async () => {
    const { giveaway } = await privateEvents();
    for (const res of [
      await t().get('/api/checkifgiveawayenroll_v1', { query: { eventid: String(giveaway.id), code: CODE } }),
      await t().post('/api/giveawaydata_v1', { eventid: giveaway.id, code: CODE }),
      await t().get('/api/giveawaydraw_v1', { query: { eventid: String(giveaway.id) } }),
    ])
      expect([res.http, res.body.status]).toEqual([401, 0]);
  });
});
