// GetSPData (decision 076) on both engines: each named report's rows from seeded data, its bad
// parameters and its audience; the whitelist's refusals; paging; nothing written; the OpenAPI list.
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, REPORT_NAMES, type ReportName, type ReportPage } from '../../../shared/contract/reports';
import { insertViewers } from '../../testing/bulk-viewers';
import { insertContest, insertSubmission } from '../../testing/contests';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { createRewardsService } from '../rewards/rewards.service';
import { laDateTime, laDayStart } from './reports.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const URL = '/api/GetSPData';

type T = () => TestApp;
type Page<N extends ReportName> = Extract<ReportPage, { name: N }>;

const iso = (t: T, offsetMs: number) => new Date(t().clock.now().getTime() + offsetMs).toISOString();

async function run<N extends ReportName>(t: T, token: string | undefined, body: { name: N } & Record<string, unknown>) {
  const res = await t().post<Page<N>>(URL, body, token ? { token } : {});
  return { ...res, page: res.body.data[0] };
}

/** A show (or other event) starting `startInMs` from now, lasting an hour. */
function event(
  t: T,
  fields: { title: string; startInMs: number; type?: 'show' | 'specialshow' | 'giveaway'; isPublic?: boolean },
) {
  return t().createEvent({
    title: fields.title,
    type: fields.type ?? 'show',
    is_public: fields.isPublic === false ? 0 : 1,
    cust_start: iso(t, fields.startInMs),
    cust_end: iso(t, fields.startInMs + HOUR),
  });
}

/** A giveaway event with its details row; announced unless said otherwise. */
async function giveaway(
  t: T,
  fields: { title: string; prize: string; startInMs: number; showId?: number; isPublic?: boolean; announced?: boolean },
) {
  const ev = await event(t, {
    title: fields.title,
    startInMs: fields.startInMs,
    type: 'giveaway',
    isPublic: fields.isPublic,
  });
  const now = t().clock.now().toISOString();
  await t()
    .db.insertInto('giveaways')
    .values({
      event_id: ev.id,
      show_id: fields.showId ?? null,
      prize: fields.prize,
      prize_image: null,
      tnc: '',
      tnc_prices: '',
      winner_count: 1,
      access_code: null,
      seed: 'ab'.repeat(32),
      seed_hash: 'cd'.repeat(32),
      seed_revealed_at: null,
      announced_at: fields.announced === false ? null : now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return ev;
}

async function entry(t: T, giveawayId: number, userId: number, createdAt: string) {
  return t()
    .db.insertInto('giveaway_entries')
    .values({
      giveaway_id: giveawayId,
      user_id: userId,
      entry_from: 'web',
      whatnot_username: null,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function pick(
  t: T,
  giveawayId: number,
  entryId: number,
  userId: number,
  fields: { sequence: number; drawnAt: string; status: 'pending' | 'claimed' | 'forfeited' },
) {
  await t()
    .db.insertInto('giveaway_picks')
    .values({
      giveaway_id: giveawayId,
      sequence: fields.sequence,
      entry_id: entryId,
      user_id: userId,
      ticket: '7',
      total_weight: 1,
      weight: 1,
      status: fields.status,
      repeat_of: null,
      drawn_by: null,
      drawn_at: fields.drawnAt,
      claim_by: null,
      resolved_by: null,
      resolved_at: null,
    })
    .execute();
}

let voteSeq = 0;
async function votes(t: T, contestId: number, submissionId: number, count: number, voided = 0) {
  const voters = await insertViewers(t().db, count + voided, `v${(voteSeq += 1)}`, t().clock.now());
  const now = t().clock.now().toISOString();
  await t()
    .db.insertInto('contest_votes')
    .values(
      voters.map((voter, i) => ({
        contest_id: contestId,
        submission_id: submissionId,
        user_id: voter.id,
        vote_day: '',
        ip: '198.51.100.7',
        network: '198.51.100.7',
        visitor: '',
        created_at: now,
        cast_at: now,
        voided_at: i < voided ? now : null,
        voided_by: null,
        void_reason: i < voided ? 'a test void' : '',
      })),
    )
    .execute();
}

async function exhibition(t: T, slug: string, name: string) {
  const now = t().clock.now().toISOString();
  const ex = await t()
    .db.insertInto('exhibitions')
    .values({
      slug,
      name,
      venue: 'Hall B',
      city: 'Tucson',
      starts_on: '2026-02-01',
      ends_on: '2026-02-28',
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const kind = await t()
    .db.insertInto('exhibition_product_kinds')
    .values({ exhibition_id: ex.id, name: 'Ring', position: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: ex.id, kindId: kind.id };
}

let receiptSeq = 0;
async function registration(t: T, ex: { id: number; kindId: number }, day: string) {
  receiptSeq += 1;
  await t()
    .db.insertInto('product_registrations')
    .values({
      number: `GX-TEST-${String(receiptSeq).padStart(4, '0')}`,
      exhibition_id: ex.id,
      product_kind_id: ex.kindId,
      description: 'Opal ring',
      price_cents: 12_000,
      receipt_number: `R-${receiptSeq}`,
      receipt_key: `R${receiptSeq}`,
      purchase_date: day,
      receipt_photo: null,
      name: 'Ruby Alvarez',
      email: 'ruby@example.com',
      phone: '+15550101234',
      contact_consent: 1,
      marketing_opt_in: 0,
      user_id: null,
      source: 'web',
      verified_at: null,
      verified_by: null,
      day,
      created_at: `${day}T20:00:00.000Z`,
    })
    .execute();
}

/** Every row of the tables any report reads (and the ones a careless read could write), in order. */
async function fingerprint(t: T) {
  const tables = [
    'users',
    'events',
    'rsvps',
    'live_checkins',
    'giveaways',
    'giveaway_entries',
    'giveaway_social_entries',
    'giveaway_picks',
    'giveaway_audit',
    'contests',
    'contest_submissions',
    'contest_votes',
    'contest_results',
    'contest_audit',
    'reward_ledger',
    'reward_ledger_heads',
    'exhibitions',
    'exhibition_product_kinds',
    'product_registrations',
    'notifications',
    'notification_deliveries',
  ] as const;
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await t().db.selectFrom(table).selectAll().execute();
  for (const rows of Object.values(out))
    rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0));
  return out;
}

describeEachEngine('Named reports (GetSPData)', (t) => {
  it('lists the shows and special events ahead in LA time, a private one only to those on its list', async () => {
    const insider = await t().createViewer();
    const outsider = await t().createViewer();
    const staff = await t().createStaff();
    const opal = await event(t, { title: 'Opal Hour', startInMs: HOUR });
    const sapphire = await event(t, { title: 'Sapphire Night', startInMs: 26 * HOUR, type: 'specialshow' });
    const vip = await event(t, { title: 'Collectors Only', startInMs: 5 * HOUR, isPublic: false });
    await event(t, { title: 'Garnet Giveaway', startInMs: 2 * HOUR, type: 'giveaway' });
    await event(t, { title: 'Yesterday', startInMs: -3 * HOUR });
    await event(t, { title: 'Far Ahead', startInMs: 40 * DAY });
    await t()
      .db.insertInto('rsvps')
      .values({ user_id: insider.id, event_id: vip.id, rsvp_type: 'new', created_at: iso(t, 0) })
      .execute();

    const row = (ev: typeof opal, type: 'show' | 'specialshow', startsLa: string, endsLa: string) => ({
      eventid: ev.id,
      type,
      title: ev.title,
      cust_start: ev.cust_start,
      cust_end: ev.cust_end,
      starts_la: startsLa,
      ends_la: endsLa,
    });
    const opalRow = row(opal, 'show', '2026-06-15 12:00', '2026-06-15 13:00');
    const vipRow = row(vip, 'show', '2026-06-15 16:00', '2026-06-15 17:00');
    const sapphireRow = row(sapphire, 'specialshow', '2026-06-16 13:00', '2026-06-16 14:00');

    const mine = await run(t, insider.tokenvalue, { name: 'upcoming_shows' });
    expect(mine.http).toBe(200);
    expect(mine.body).toMatchObject({ status: 1, message: REPORT_MESSAGES.done });
    expect(mine.page).toEqual({
      name: 'upcoming_shows',
      columns: ['eventid', 'type', 'title', 'cust_start', 'cust_end', 'starts_la', 'ends_la'],
      rows: [opalRow, vipRow, sapphireRow],
      page: 1,
      per_page: 50,
      total: 3,
      has_more: false,
    });
    expect((await run(t, outsider.tokenvalue, { name: 'upcoming_shows' })).page?.rows).toEqual([opalRow, sapphireRow]);
    expect((await run(t, staff.tokenvalue, { name: 'upcoming_shows' })).page?.rows).toEqual([
      opalRow,
      vipRow,
      sapphireRow,
    ]);
    const special = await run(t, outsider.tokenvalue, { name: 'upcoming_shows', params: { type: 'specialshow' } });
    expect(special.page?.rows).toEqual([sapphireRow]);
    const today = await run(t, outsider.tokenvalue, { name: 'upcoming_shows', params: { days: 1 } });
    expect(today.page?.rows).toEqual([opalRow]);
  });

  it('lists announced winners by first name and initial only, newest first, within the range asked', async () => {
    const viewer = await t().createViewer();
    const ruby = await t().createViewer({ first_name: 'Ruby', last_name: 'alvarez', email: 'ruby@example.com' });
    const jade = await t().createViewer({ first_name: 'Jade', last_name: 'Brook', email: 'jade@example.com' });
    const staff = await t().createStaff();
    const first = await giveaway(t, { title: 'Opal Giveaway', prize: 'Opal pendant', startInMs: -10 * DAY });
    const second = await giveaway(t, { title: 'Topaz Giveaway', prize: 'Topaz ring', startInMs: -3 * DAY });
    const quiet = await giveaway(t, { title: 'Not yet told', prize: 'Pearl', startInMs: -2 * DAY, announced: false });
    const hidden = await giveaway(t, {
      title: 'Members Giveaway',
      prize: 'Ruby',
      startInMs: -2 * DAY,
      isPublic: false,
    });
    const drawn1 = '2026-06-05T19:30:00.000Z';
    const drawn2 = '2026-06-12T03:15:00.000Z';
    await pick(t, first.id, (await entry(t, first.id, ruby.id, iso(t, -11 * DAY))).id, ruby.id, {
      sequence: 1,
      drawnAt: drawn1,
      status: 'claimed',
    });
    const jadeEntry = await entry(t, first.id, jade.id, iso(t, -11 * DAY));
    await pick(t, first.id, jadeEntry.id, jade.id, { sequence: 2, drawnAt: drawn1, status: 'forfeited' });
    await pick(t, second.id, (await entry(t, second.id, jade.id, iso(t, -4 * DAY))).id, jade.id, {
      sequence: 1,
      drawnAt: drawn2,
      status: 'claimed',
    });
    await pick(t, quiet.id, (await entry(t, quiet.id, ruby.id, iso(t, -3 * DAY))).id, ruby.id, {
      sequence: 1,
      drawnAt: drawn2,
      status: 'claimed',
    });
    await pick(t, hidden.id, (await entry(t, hidden.id, ruby.id, iso(t, -3 * DAY))).id, ruby.id, {
      sequence: 1,
      drawnAt: drawn2,
      status: 'claimed',
    });

    const topaz = {
      eventid: second.id,
      giveaway_title: 'Topaz Giveaway',
      prize: 'Topaz ring',
      winner: 'Jade B.',
      drawn_at: drawn2,
      drawn_la: '2026-06-11 20:15',
    };
    const opal = {
      eventid: first.id,
      giveaway_title: 'Opal Giveaway',
      prize: 'Opal pendant',
      winner: 'Ruby A.',
      drawn_at: drawn1,
      drawn_la: '2026-06-05 12:30',
    };
    const all = await run(t, viewer.tokenvalue, { name: 'past_giveaway_winners' });
    expect(all.http).toBe(200);
    expect(all.page?.rows).toEqual([topaz, opal]);
    expect(all.page?.total).toBe(2);
    const text = JSON.stringify(all.body);
    for (const secret of ['@', 'ruby@example.com', ruby.phone, 'alvarez', 'Brook']) expect(text).not.toContain(secret);

    // Drawn at 03:15 UTC on the 12th is the 11th in Los Angeles.
    const eleventh = await run(t, viewer.tokenvalue, {
      name: 'past_giveaway_winners',
      params: { from: '2026-06-11', to: '2026-06-11' },
    });
    expect(eleventh.page?.rows).toEqual([topaz]);
    const one = await run(t, viewer.tokenvalue, { name: 'past_giveaway_winners', params: { eventid: first.id } });
    expect(one.page?.rows).toEqual([opal]);
    // The private giveaway's winner is shown to the one who entered it and to staff.
    expect((await run(t, ruby.tokenvalue, { name: 'past_giveaway_winners' })).page?.total).toBe(3);
    expect((await run(t, staff.tokenvalue, { name: 'past_giveaway_winners' })).page?.total).toBe(3);
  });

  it('hides a contest leaderboard’s counts and places from viewers until the close; staff see them', async () => {
    const viewer = await t().createViewer();
    const staff = await t().createStaff();
    const [amber, beryl, coral] = await insertViewers(t().db, 3, 'entrant', t().clock.now());
    if (!amber || !beryl || !coral) throw new Error('three entrants');
    await t()
      .db.updateTable('users')
      .set({ first_name: 'Amber', last_name: 'Stone' })
      .where('id', '=', amber.id)
      .execute();
    const now = t().clock.now();
    const contest = await insertContest(t().db, now, { show_counts: 0 });
    const a = await insertSubmission(t().db, contest.id, amber.id, now, { caption: 'Morning light' });
    const b = await insertSubmission(t().db, contest.id, beryl.id, now, { caption: 'Blue hour' });
    const c = await insertSubmission(t().db, contest.id, coral.id, now, { caption: 'Tie breaker' });
    await insertSubmission(t().db, contest.id, viewer.id, now, { caption: 'Waiting', state: 'pending' });
    await votes(t, contest.id, a.id, 2, 3);
    await votes(t, contest.id, b.id, 5);
    await votes(t, contest.id, c.id, 2);

    const hidden = await run(t, viewer.tokenvalue, { name: 'contest_leaderboard', params: { contest_id: contest.id } });
    expect(hidden.http).toBe(200);
    expect(hidden.page?.rows).toEqual([
      { place: null, submission_id: a.id, entrant: 'Amber S.', caption: 'Morning light', votes: null },
      { place: null, submission_id: b.id, entrant: 'entrant V.', caption: 'Blue hour', votes: null },
      { place: null, submission_id: c.id, entrant: 'entrant V.', caption: 'Tie breaker', votes: null },
    ]);
    const ranked = [
      { place: 1, submission_id: b.id, entrant: 'entrant V.', caption: 'Blue hour', votes: 5 },
      { place: 2, submission_id: a.id, entrant: 'Amber S.', caption: 'Morning light', votes: 2 },
      { place: 3, submission_id: c.id, entrant: 'entrant V.', caption: 'Tie breaker', votes: 2 },
    ];
    const forStaff = await run(t, staff.tokenvalue, {
      name: 'contest_leaderboard',
      params: { contest_id: contest.id },
    });
    expect(forStaff.page?.rows).toEqual(ranked);
    // Places continue across pages.
    const second = await run(t, staff.tokenvalue, {
      name: 'contest_leaderboard',
      params: { contest_id: contest.id },
      page: 2,
      per_page: 2,
    });
    expect(second.page?.rows).toEqual([ranked[2]]);

    t().clock.advance(2 * DAY);
    const closed = await run(t, viewer.tokenvalue, { name: 'contest_leaderboard', params: { contest_id: contest.id } });
    expect(closed.page?.rows).toEqual(ranked);

    const missing = await run(t, viewer.tokenvalue, { name: 'contest_leaderboard', params: { contest_id: 999 } });
    expect(missing.http).toBe(404);
    expect(missing.body).toMatchObject({ status: 0, message: REPORT_MESSAGES.contestNotFound, data: [] });
  });

  it('shows counts to viewers while voting when the contest says so', async () => {
    const viewer = await t().createViewer();
    const [amber] = await insertViewers(t().db, 1, 'open', t().clock.now());
    if (!amber) throw new Error('an entrant');
    const contest = await insertContest(t().db, t().clock.now(), { show_counts: 1 });
    const a = await insertSubmission(t().db, contest.id, amber.id, t().clock.now(), { caption: 'Glow' });
    await votes(t, contest.id, a.id, 4);
    const res = await run(t, viewer.tokenvalue, { name: 'contest_leaderboard', params: { contest_id: contest.id } });
    expect(res.page?.rows).toEqual([{ place: 1, submission_id: a.id, entrant: 'open V.', caption: 'Glow', votes: 4 }]);
  });

  it('gives a viewer their own activity only, newest first, whatever else is in the tables', async () => {
    const me = await t().createViewer();
    const other = await t().createViewer();
    const show = await event(t, { title: 'Opal Hour', startInMs: -2 * HOUR });
    const gw = await giveaway(t, { title: 'Opal Giveaway', prize: 'Opal pendant', startInMs: -2 * HOUR });
    const rewards = createRewardsService({ db: t().db, clock: t().clock, dialect: t().engine });
    for (const user of [me, other]) {
      await t()
        .db.insertInto('rsvps')
        .values({ user_id: user.id, event_id: show.id, rsvp_type: 'new', created_at: iso(t, -5 * HOUR) })
        .execute();
      await t()
        .db.insertInto('live_checkins')
        .values({ event_id: show.id, user_id: user.id, reachby: 'email', created_at: iso(t, -2 * HOUR) })
        .execute();
    }
    const mine = await entry(t, gw.id, me.id, iso(t, -90 * 60_000));
    await entry(t, gw.id, other.id, iso(t, -80 * 60_000));
    await pick(t, gw.id, mine.id, me.id, { sequence: 1, drawnAt: iso(t, -30 * 60_000), status: 'claimed' });
    t().clock.set(new Date(iso(t, -HOUR)));
    await rewards.credit(me.id, 25, 'checkin', `event:${show.id}`);
    await rewards.credit(other.id, 40, 'checkin', `event:${show.id}`);
    t().clock.set(new Date(iso(t, HOUR)));
    const contest = await insertContest(t().db, t().clock.now(), { title: 'Best ring photo' });
    await insertSubmission(t().db, contest.id, me.id, new Date(iso(t, -10 * 60_000)), { state: 'pending' });
    await insertSubmission(t().db, contest.id, other.id, new Date(iso(t, -5 * 60_000)));

    const expected = [
      {
        kind: 'contest_entry',
        at: iso(t, -10 * 60_000),
        eventid: null,
        title: 'Best ring photo',
        detail: 'pending',
        points: null,
      },
      {
        kind: 'giveaway_win',
        at: iso(t, -30 * 60_000),
        eventid: gw.id,
        title: 'Opal Giveaway',
        detail: 'Opal pendant',
        points: null,
      },
      { kind: 'points', at: iso(t, -HOUR), eventid: null, title: 'checkin', detail: `event:${show.id}`, points: 25 },
      {
        kind: 'giveaway_entry',
        at: iso(t, -90 * 60_000),
        eventid: gw.id,
        title: 'Opal Giveaway',
        detail: 'web',
        points: null,
      },
      { kind: 'check_in', at: iso(t, -2 * HOUR), eventid: show.id, title: 'Opal Hour', detail: 'email', points: null },
      { kind: 'rsvp', at: iso(t, -5 * HOUR), eventid: show.id, title: 'Opal Hour', detail: 'show', points: null },
    ];
    const res = await run(t, me.tokenvalue, { name: 'my_activity' });
    expect(res.http).toBe(200);
    expect(res.page?.rows).toEqual(expected);
    expect(res.page?.total).toBe(6);
    const points = await run(t, me.tokenvalue, { name: 'my_activity', params: { kind: 'points' } });
    expect(points.page?.rows).toEqual([expected[2]]);

    // No parameter names another viewer: trying is refused, and nothing of theirs comes back.
    for (const params of [{ user_id: other.id }, { userid: other.id }, { email: other.email }]) {
      const res2 = await run(t, me.tokenvalue, { name: 'my_activity', params });
      expect(res2.http).toBe(400);
      expect(res2.body.status).toBe(-1);
    }
    const staff = await t().createStaff();
    expect((await run(t, staff.tokenvalue, { name: 'my_activity' })).page?.rows).toEqual([]);
  });

  it('counts exhibition registrations per LA day and exhibition for staff', async () => {
    const staff = await t().createStaff();
    const tucson = await exhibition(t, 'tucson-2026', 'Tucson Gem Show');
    const quartz = await exhibition(t, 'quartzsite-2026', 'Quartzsite Pow Wow');
    for (const day of ['2026-02-01', '2026-02-01', '2026-02-02', '2026-02-09']) await registration(t, tucson, day);
    for (const day of ['2026-02-01', '2026-02-02', '2026-02-02', '2026-02-02']) await registration(t, quartz, day);

    const res = await run(t, staff.tokenvalue, {
      name: 'exhibition_registrations_by_day',
      params: { from: '2026-02-01', to: '2026-02-08' },
    });
    expect(res.http).toBe(200);
    expect(res.page).toEqual({
      name: 'exhibition_registrations_by_day',
      columns: ['day', 'exhibition_id', 'exhibition', 'registrations'],
      rows: [
        { day: '2026-02-01', exhibition_id: tucson.id, exhibition: 'Tucson Gem Show', registrations: 2 },
        { day: '2026-02-01', exhibition_id: quartz.id, exhibition: 'Quartzsite Pow Wow', registrations: 1 },
        { day: '2026-02-02', exhibition_id: tucson.id, exhibition: 'Tucson Gem Show', registrations: 1 },
        { day: '2026-02-02', exhibition_id: quartz.id, exhibition: 'Quartzsite Pow Wow', registrations: 3 },
      ],
      page: 1,
      per_page: 50,
      total: 4,
      has_more: false,
    });
    const one = await run(t, staff.tokenvalue, {
      name: 'exhibition_registrations_by_day',
      params: { from: '2026-02-01', to: '2026-02-28', exhibition_id: tucson.id },
      per_page: 2,
    });
    expect(one.page?.rows.map((r) => [r.day, r.registrations])).toEqual([
      ['2026-02-01', 2],
      ['2026-02-02', 1],
    ]);
    expect(one.page).toMatchObject({ total: 3, has_more: true });
  });

  it('sums entries, bonuses and winners per giveaway of a show for staff', async () => {
    const staff = await t().createStaff();
    const [v1, v2, v3] = await insertViewers(t().db, 3, 'gw', t().clock.now());
    if (!v1 || !v2 || !v3) throw new Error('three viewers');
    const show = await event(t, { title: 'Opal Hour', startInMs: -2 * HOUR });
    const early = await giveaway(t, { title: 'Early Bird', prize: 'Pin', startInMs: -3 * HOUR, showId: show.id });
    const late = await giveaway(t, { title: 'Main Prize', prize: 'Ring', startInMs: -HOUR, showId: show.id });
    await giveaway(t, { title: 'Elsewhere', prize: 'Pearl', startInMs: -HOUR });
    const e1 = await entry(t, late.id, v1.id, iso(t, -HOUR));
    await entry(t, late.id, v2.id, iso(t, -HOUR));
    await entry(t, late.id, v3.id, iso(t, -HOUR));
    await entry(t, early.id, v1.id, iso(t, -3 * HOUR));
    await t()
      .db.insertInto('giveaway_social_entries')
      .values([
        { giveaway_id: late.id, user_id: v1.id, click_type: 'facebook', created_at: iso(t, -HOUR) },
        { giveaway_id: late.id, user_id: v1.id, click_type: 'x', created_at: iso(t, -HOUR) },
      ])
      .execute();
    await pick(t, late.id, e1.id, v1.id, { sequence: 1, drawnAt: iso(t, -10 * 60_000), status: 'claimed' });

    const res = await run(t, staff.tokenvalue, { name: 'giveaway_entries_by_show', params: { show_id: show.id } });
    expect(res.http).toBe(200);
    expect(res.page?.rows).toEqual([
      {
        eventid: late.id,
        title: 'Main Prize',
        show_id: show.id,
        show_title: 'Opal Hour',
        entries: 3,
        bonus_entries: 2,
        winners: 1,
      },
      {
        eventid: early.id,
        title: 'Early Bird',
        show_id: show.id,
        show_title: 'Opal Hour',
        entries: 1,
        bonus_entries: 0,
        winners: 0,
      },
    ]);
    expect((await run(t, staff.tokenvalue, { name: 'giveaway_entries_by_show' })).page?.total).toBe(3);
  });

  it('sums settled ledger lines per reason over LA days for staff', async () => {
    const staff = await t().createStaff();
    const [v1, v2] = await insertViewers(t().db, 2, 'pts', t().clock.now());
    if (!v1 || !v2) throw new Error('two viewers');
    const rewards = createRewardsService({ db: t().db, clock: t().clock, dialect: t().engine });
    // 2026-06-15 18:00 UTC is the 15th in Los Angeles; 2026-06-16 06:30 UTC is still the 15th there.
    await rewards.credit(v1.id, 30, 'checkin', 'event:1');
    await rewards.credit(v2.id, 20, 'checkin', 'event:1');
    await rewards.credit(v1.id, 50, 'spin', 'spin:1');
    await rewards.credit(v2.id, 15, 'referral', 'ref:1', { pending: true });
    t().clock.set(new Date('2026-06-16T06:30:00Z'));
    await rewards.debit(v1.id, 40, 'redeem', 'coupon:1');
    t().clock.set(new Date('2026-06-16T08:30:00Z'));
    await rewards.credit(v2.id, 10, 'spin', 'spin:2');
    await t().passSecondFactor(staff.id); // staff rights last 12 hours after the second factor

    const res = await run(t, staff.tokenvalue, {
      name: 'points_ledger_summary',
      params: { from: '2026-06-15', to: '2026-06-15' },
    });
    expect(res.http).toBe(200);
    expect(res.page?.rows).toEqual([
      { reason: 'checkin', lines: 2, viewers: 2, credited: 50, debited: 0 },
      { reason: 'redeem', lines: 1, viewers: 1, credited: 0, debited: 40 },
      { reason: 'spin', lines: 1, viewers: 1, credited: 50, debited: 0 },
    ]);
    const both = await run(t, staff.tokenvalue, {
      name: 'points_ledger_summary',
      params: { from: '2026-06-15', to: '2026-06-16' },
    });
    expect(both.page?.rows.find((r) => r.reason === 'spin')).toEqual({
      reason: 'spin',
      lines: 2,
      viewers: 2,
      credited: 60,
      debited: 0,
    });
  });

  it('refuses viewers the staff reports with 403, and everyone without a live token with 401', async () => {
    const viewer = await t().createViewer();
    const staffOnly = [
      { name: 'exhibition_registrations_by_day', params: { from: '2026-01-01', to: '2026-01-31' } },
      { name: 'giveaway_entries_by_show', params: {} },
      { name: 'points_ledger_summary', params: { from: '2026-01-01', to: '2026-01-31' } },
    ] as const;
    for (const body of staffOnly) {
      const res = await run(t, viewer.tokenvalue, body);
      expect(res.http, body.name).toBe(403);
      expect(res.body).toEqual({ status: 0, statusCode: 403, message: REPORT_MESSAGES.staffOnly, data: [] });
    }
    for (const body of [...staffOnly, { name: 'upcoming_shows' }, { name: 'my_activity' }] as const) {
      const visitor = await run(t, undefined, body);
      expect(visitor.http, body.name).toBe(401);
      expect(visitor.body).toMatchObject({ status: 0, statusCode: 401, data: [] });
      const expired = await run(t, 'u_not-a-real-token', body);
      expect(expired.http, body.name).toBe(401);
    }
  });

  it('refuses every name that is not on the list with a 400 naming the reports', async () => {
    const viewer = await t().createViewer();
    const badNames: unknown[] = [
      'UPCOMING_SHOWS',
      'Upcoming_Shows',
      'upcoming_shows ',
      ' upcoming_shows',
      'upcoming_shows\n',
      'upcoming_shows\u0000',
      'upcoming_sh\u043Ews', // Cyrillic о
      '\uFF55pcoming_shows', // fullwidth u
      'upcoming\u2010shows', // a hyphen look-alike
      'upcoming_shows\u200B', // zero-width space
      'ｕｐｃｏｍｉｎｇ＿ｓｈｏｗｓ',
      'my_activity;',
      "x'; drop table users;--",
      'upcoming_shows; select * from users',
      '1 or 1=1',
      'sp_who',
      'exec xp_cmdshell',
      '',
      'a'.repeat(10_000),
      42,
      true,
      null,
      ['upcoming_shows'],
      { name: 'upcoming_shows' },
    ];
    const before = await fingerprint(t);
    for (const name of badNames) {
      const res = await t().post(URL, { name, params: {} }, { token: viewer.tokenvalue });
      const label = JSON.stringify(name).slice(0, 40);
      expect(res.http, label).toBe(400);
      expect(res.body.status, label).toBe(-1);
      expect(res.body.message, label).toBe(REPORT_MESSAGES.unknown);
      for (const report of REPORT_NAMES) expect(res.body.message).toContain(report);
    }
    // A body that is JSON but no object (the harness sends a string as it is, so this one is quoted).
    for (const body of [{}, { params: {} }, [], '"upcoming_shows"', 7, 'null']) {
      const res = await t().post(URL, body, { token: viewer.tokenvalue });
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(REPORT_MESSAGES.unknown);
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('refuses bad parameters of a known report with a 400 naming the field', async () => {
    const staff = await t().createStaff();
    const cases: { body: Record<string, unknown>; field: string }[] = [
      { body: { name: 'upcoming_shows', params: { days: 0 } }, field: 'params.days' },
      { body: { name: 'upcoming_shows', params: { days: 91 } }, field: 'params.days' },
      { body: { name: 'upcoming_shows', params: { type: 'giveaway' } }, field: 'params.type' },
      { body: { name: 'upcoming_shows', params: { sql: 'select 1' } }, field: 'params' },
      { body: { name: 'upcoming_shows', params: 'days=3' }, field: 'params' },
      { body: { name: 'past_giveaway_winners', params: { from: '2026-02-30' } }, field: 'params.from' },
      { body: { name: 'past_giveaway_winners', params: { from: '2026-06-10', to: '2026-06-01' } }, field: 'params.to' },
      { body: { name: 'past_giveaway_winners', params: { eventid: '7' } }, field: 'params.eventid' },
      { body: { name: 'contest_leaderboard', params: {} }, field: 'params.contest_id' },
      { body: { name: 'contest_leaderboard' }, field: 'params' },
      { body: { name: 'contest_leaderboard', params: { contest_id: -1 } }, field: 'params.contest_id' },
      { body: { name: 'my_activity', params: { kind: 'everything' } }, field: 'params.kind' },
      { body: { name: 'exhibition_registrations_by_day', params: { from: '2026-01-01' } }, field: 'params.to' },
      {
        body: { name: 'exhibition_registrations_by_day', params: { from: '2025-01-01', to: '2026-06-01' } },
        field: 'params.to',
      },
      { body: { name: 'giveaway_entries_by_show', params: { show_id: 1.5 } }, field: 'params.show_id' },
      {
        body: { name: 'points_ledger_summary', params: { from: '15/06/2026', to: '2026-06-15' } },
        field: 'params.from',
      },
      { body: { name: 'upcoming_shows', page: 0 }, field: 'page' },
      { body: { name: 'upcoming_shows', page: 10_001 }, field: 'page' },
      { body: { name: 'upcoming_shows', per_page: 201 }, field: 'per_page' },
      { body: { name: 'upcoming_shows', per_page: '50' }, field: 'per_page' },
    ];
    const before = await fingerprint(t);
    for (const { body, field } of cases) {
      const res = await t().post<{ field: string; message: string }>(URL, body, { token: staff.tokenvalue });
      const label = JSON.stringify(body);
      expect(res.http, label).toBe(400);
      expect(res.body.status, label).toBe(-1);
      expect(res.body.data[0]?.field, label).toBe(field);
      expect(res.body.message, label).not.toBe(REPORT_MESSAGES.unknown);
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('pages through a few hundred rows, each exactly once in a stable order', async () => {
    const viewer = await t().createViewer();
    const start = t().clock.now().getTime();
    // 430 shows, ten to each starting minute, so the order must break ties by id.
    await t()
      .db.insertInto('events')
      .values(
        Array.from({ length: 430 }, (_, i) => ({
          type: 'show' as const,
          title: `Show ${i}`,
          description: '',
          image: null,
          cust_start: new Date(start + HOUR + Math.floor(i / 10) * 60_000).toISOString(),
          cust_end: new Date(start + 2 * HOUR + Math.floor(i / 10) * 60_000).toISOString(),
          is_public: 1,
          platform: 'hls',
          stream_url: null,
          created_at: new Date(start).toISOString(),
        })),
      )
      .execute();
    for (const perPage of [200, 37]) {
      const seen: number[] = [];
      let page = 1;
      for (;;) {
        const res = await run(t, viewer.tokenvalue, { name: 'upcoming_shows', page, per_page: perPage });
        expect(res.http).toBe(200);
        expect(res.page).toMatchObject({ page, per_page: perPage, total: 430 });
        seen.push(...(res.page?.rows.map((r) => r.eventid) ?? []));
        if (!res.page?.has_more) break;
        page += 1;
      }
      expect(page).toBe(Math.ceil(430 / perPage));
      expect(seen).toHaveLength(430);
      expect(new Set(seen).size).toBe(430);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
    const beyond = await run(t, viewer.tokenvalue, { name: 'upcoming_shows', page: 20, per_page: 50 });
    expect(beyond.page).toMatchObject({ rows: [], total: 430, has_more: false });
  });

  it('writes nothing, whichever report runs and whoever runs it', async () => {
    const viewer = await t().createViewer();
    const staff = await t().createStaff();
    const show = await event(t, { title: 'Opal Hour', startInMs: HOUR });
    const gw = await giveaway(t, { title: 'Opal Giveaway', prize: 'Opal', startInMs: -DAY, showId: show.id });
    const e = await entry(t, gw.id, viewer.id, iso(t, -DAY));
    await pick(t, gw.id, e.id, viewer.id, { sequence: 1, drawnAt: iso(t, -HOUR), status: 'claimed' });
    await createRewardsService({ db: t().db, clock: t().clock, dialect: t().engine }).credit(
      viewer.id,
      10,
      'checkin',
      `event:${show.id}`,
    );
    // A contest whose voting has closed but whose results are not fixed: reading it must not fix them.
    const contest = await insertContest(t().db, t().clock.now(), {
      vote_closes_at: iso(t, -HOUR),
      submit_closes_at: iso(t, -2 * HOUR),
    });
    await insertSubmission(t().db, contest.id, viewer.id, t().clock.now());
    const ex = await exhibition(t, 'tucson', 'Tucson Gem Show');
    await registration(t, ex, '2026-06-10');

    const bodies = [
      { name: 'upcoming_shows' },
      { name: 'past_giveaway_winners' },
      { name: 'contest_leaderboard', params: { contest_id: contest.id } },
      { name: 'my_activity' },
      { name: 'exhibition_registrations_by_day', params: { from: '2026-06-01', to: '2026-06-30' } },
      { name: 'giveaway_entries_by_show' },
      { name: 'points_ledger_summary', params: { from: '2026-06-01', to: '2026-06-30' } },
    ] as const;
    expect(bodies.map((b) => b.name)).toEqual([...REPORT_NAMES]);
    const before = await fingerprint(t);
    for (const user of [viewer, staff])
      for (const body of bodies) {
        const res = await run(t, user.tokenvalue, body);
        expect([200, 403], body.name).toContain(res.http);
        // Staff have no activity of their own; every other answer has rows.
        if (res.http === 200 && !(user === staff && body.name === 'my_activity'))
          expect(res.page?.total, `${body.name} for ${user.id}`).toBeGreaterThan(0);
      }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('limits each viewer to 60 report pages a minute, then answers 429 with Retry-After', async () => {
    const viewer = await t().createViewer();
    const other = await t().createViewer();
    for (let i = 0; i < 60; i += 1) expect((await run(t, viewer.tokenvalue, { name: 'my_activity' })).http).toBe(200);
    const limited = await run(t, viewer.tokenvalue, { name: 'my_activity' });
    expect(limited.http).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).toMatchObject({ status: 0, statusCode: 429 });
    expect((await run(t, other.tokenvalue, { name: 'my_activity' })).http).toBe(200);
  });

  it('lists the report names, each with its parameters, in the OpenAPI document', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc: {
      paths: Record<
        string,
        { post?: { requestBody?: { content: Record<string, { schema: unknown }> }; security?: unknown } }
      >;
    } = res.json();
    const op = doc.paths['/api/GetSPData']?.post;
    expect(op?.security).toEqual([{ token: [] }]);
    const schema = op?.requestBody?.content['application/json']?.schema;
    const variants: { properties: { name: { enum: string[] }; params: unknown } }[] = JSON.parse(
      JSON.stringify(schema),
    ).oneOf;
    expect(variants.flatMap((v) => v.properties.name.enum)).toEqual([...REPORT_NAMES]);
    const leaderboard = variants.find((v) => v.properties.name.enum[0] === 'contest_leaderboard');
    expect(JSON.stringify(leaderboard?.properties.params)).toContain('contest_id');
  });
});

describeEachEngine(
  'Named reports through the production serializer',
  (t) => {
    it('answers a report page whole when responses are not validated', async () => {
      const viewer = await t().createViewer();
      const show = await event(t, { title: 'Opal Hour', startInMs: HOUR });
      const res = await run(t, viewer.tokenvalue, { name: 'upcoming_shows' });
      expect(res.http).toBe(200);
      expect(res.page).toMatchObject({ name: 'upcoming_shows', total: 1, has_more: false });
      expect(res.page?.rows).toEqual([expect.objectContaining({ eventid: show.id, starts_la: '2026-06-15 12:00' })]);
      const mine = await run(t, viewer.tokenvalue, { name: 'my_activity' });
      expect(mine.page).toMatchObject({ name: 'my_activity', rows: [], total: 0 });
    });
  },
  { validateResponses: false },
);

describe('Los Angeles days and times in reports', () => {
  it('starts an LA day at its local midnight, on both sides of a clock change', () => {
    expect(laDayStart('2026-01-15')).toBe('2026-01-15T08:00:00.000Z');
    expect(laDayStart('2026-03-08')).toBe('2026-03-08T08:00:00.000Z');
    expect(laDayStart('2026-03-09')).toBe('2026-03-09T07:00:00.000Z');
    expect(laDayStart('2026-11-01')).toBe('2026-11-01T07:00:00.000Z');
    expect(laDayStart('2026-11-02')).toBe('2026-11-02T08:00:00.000Z');
  });

  it('writes an instant as LA wall-clock time on a 24-hour clock', () => {
    expect(laDateTime('2026-06-16T06:30:00.000Z')).toBe('2026-06-15 23:30');
    expect(laDateTime('2026-01-01T08:00:00.000Z')).toBe('2026-01-01 00:00');
  });
});
