import { expect, it } from 'vitest';
import type { EventRecord } from '../../../shared/contract/events';
import type {
  BannerClick,
  DrawProof,
  Enrollment,
  GiveawayInfo,
  GiveawayTerms,
  SocialEntryResult,
  Winner,
} from '../../../shared/contract/giveaways';
import type { StaffGiveaway } from '../../../shared/contract/giveaways-staff';
import { termsDate } from '../../../shared/giveaway-terms';
import { MESSAGES } from '../../../shared/messages';
import { describeEachEngine } from '../../testing/harness';
import { closeGiveaways, createGiveaway, enter } from './giveaway-factories';

const MINUTE = 60_000;

describeEachEngine('giveaway entry', (t) => {
  it('enters a viewer once, stores the entry and answers with the ledger', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const res = await enter(t(), viewer.tokenvalue, giveaway.id);
    expect(res.http).toBe(200);
    expect(res.body.message).toBe("You're in! Good luck in the draw.");
    expect(res.body.data[0]).toMatchObject({
      exists: true,
      eventid: giveaway.id,
      entry_from: 'web',
      entries: 1,
      ledger: [{ kind: 'entry', label: '1 entry for entering', entries: 1 }],
    });
    const rows = await t().db.selectFrom('giveaway_entries').select(['giveaway_id', 'user_id', 'entry_from']).execute();
    expect(rows).toEqual([{ giveaway_id: giveaway.id, user_id: viewer.id, entry_from: 'web' }]);
  });

  it('answers 409 with the standing on a second entry, and stores nothing more', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const again = await enter(t(), viewer.tokenvalue, giveaway.id);
    expect(again.http).toBe(409);
    expect(again.body).toMatchObject({
      status: 0,
      message: 'You have already entered this giveaway. Come back for the next show to enter again.',
    });
    expect(again.body.data[0]).toMatchObject({ exists: true, entries: 1 });
    expect(await t().db.selectFrom('giveaway_entries').select('id').execute()).toHaveLength(1);
  });

  it("needs a new entry for each show's giveaway", async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const first = await createGiveaway(t(), staff.tokenvalue, { title: 'Monday giveaway' });
    const second = await createGiveaway(t(), staff.tokenvalue, { title: 'Tuesday giveaway' });
    await enter(t(), viewer.tokenvalue, first.id);
    const check = await t().get<Enrollment>('/api/checkifgiveawayenroll_v1', {
      token: viewer.tokenvalue,
      query: { eventid: String(second.id) },
    });
    expect(check.body).toMatchObject({ status: 1, message: 'You have not entered this giveaway yet.' });
    expect(check.body.data[0]).toMatchObject({ exists: false, entries: 0, ledger: [] });
    expect((await enter(t(), viewer.tokenvalue, second.id)).http).toBe(200);
  });

  it('refuses entries before the window opens and after it closes, without writing', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const now = t().clock.now().getTime();
    const later = await createGiveaway(t(), staff.tokenvalue, {
      cust_start: new Date(now + 60 * MINUTE).toISOString(),
      cust_end: new Date(now + 120 * MINUTE).toISOString(),
    });
    const open = await createGiveaway(t(), staff.tokenvalue);
    const early = await enter(t(), viewer.tokenvalue, later.id);
    expect([early.http, early.body.message]).toEqual([
      422,
      'This giveaway is not open yet. Entries open when the giveaway starts.',
    ]);
    await closeGiveaways(t());
    const late = await enter(t(), viewer.tokenvalue, open.id);
    expect([late.http, late.body.message]).toEqual([
      422,
      'This giveaway has closed. A new giveaway comes with every live show.',
    ]);
    expect(await t().db.selectFrom('giveaway_entries').select('id').execute()).toHaveLength(0);
  });

  it('lets viewers into a private giveaway only with its access code, answering others as for an unknown id', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { IS_Public: 0, access_code: 'TUCSON-2026' });
    const without = await enter(t(), viewer.tokenvalue, giveaway.id);
    expect([without.http, without.body.message]).toEqual([404, 'We could not find that giveaway.']);
    const wrong = await t().post(
      '/api/giveawaydata_v1',
      { eventid: giveaway.id, code: 'PHOENIX-2026' },
      { token: viewer.tokenvalue },
    );
    expect([wrong.http, wrong.body.message]).toEqual([404, 'We could not find that giveaway.']);
    expect(await t().db.selectFrom('giveaway_entries').select('id').execute()).toHaveLength(0);
    const right = await t().post(
      '/api/giveawaydata_v1',
      { eventid: giveaway.id, code: 'tucson-2026' },
      { token: viewer.tokenvalue },
    );
    expect(right.http).toBe(200);
    const info = await t().get<GiveawayInfo>('/api/giveawayinfo_v1', {
      query: { eventid: String(giveaway.id), code: 'TUCSON-2026' },
    });
    expect(info.body.data[0]).toMatchObject({ IS_Public: 0, needs_code: true });
    expect(JSON.stringify(info.body)).not.toContain('TUCSON');
    expect(
      (await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'giveaway', on: 'live' } })).body.data,
    ).toEqual([]);
  });

  it('refuses unknown giveaways, events that are not giveaways, bad input and visitors', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    const missing = await enter(t(), viewer.tokenvalue, 9999);
    expect([missing.http, missing.body.message]).toEqual([404, 'We could not find that giveaway.']);
    expect((await enter(t(), viewer.tokenvalue, show.id)).http).toBe(404);
    const bad = await t().post('/api/giveawaydata_v1', { eventid: 'abc' }, { token: viewer.tokenvalue });
    expect([bad.http, bad.body.status, bad.body.message]).toEqual([400, -1, 'eventid is a number.']);
    expect(
      (await t().post('/api/giveawaydata_v1', { eventid: show.id, code: 'x' }, { token: viewer.tokenvalue })).body
        .message,
    ).toBe('The access code is 4 to 32 letters, digits or dashes.');
    const visitor = await t().post('/api/giveawaydata_v1', { eventid: show.id });
    expect([visitor.http, visitor.body.message]).toEqual([401, 'Please log in to continue.']);
  });
});

describeEachEngine('giveawaydata_new', (t) => {
  it('records where an entry came from, with the Whatnot username', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const res = await t().post<Enrollment>(
      '/api/giveawaydata_new',
      { eventid: giveaway.id, entry_from: 'whatnot', whatnot_username: 'gem.hunter_42' },
      { token: viewer.tokenvalue },
    );
    expect(res.http).toBe(200);
    expect(res.body.data[0]).toMatchObject({ exists: true, entry_from: 'whatnot' });
    const row = await t()
      .db.selectFrom('giveaway_entries')
      .select(['entry_from', 'whatnot_username'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ entry_from: 'whatnot', whatnot_username: 'gem.hunter_42' });
    const again = await t().post(
      '/api/giveawaydata_new',
      { eventid: giveaway.id, entry_from: 'intergem' },
      { token: viewer.tokenvalue },
    );
    expect(again.http).toBe(409);
  });

  it('asks for the Whatnot username, a known source, and a login', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const noName = await t().post(
      '/api/giveawaydata_new',
      { eventid: giveaway.id, entry_from: 'whatnot' },
      { token: viewer.tokenvalue },
    );
    expect([noName.http, noName.body.message]).toEqual([400, 'Enter your Whatnot username.']);
    const badSource = await t().post(
      '/api/giveawaydata_new',
      { eventid: giveaway.id, entry_from: 'tiktok' },
      { token: viewer.tokenvalue },
    );
    expect([badSource.http, badSource.body.message]).toEqual([
      400,
      'entry_from is one of web, live, intergem, whatnot.',
    ]);
    expect((await t().post('/api/giveawaydata_new', { eventid: giveaway.id })).http).toBe(401);
    expect(await t().db.selectFrom('giveaway_entries').select('id').execute()).toHaveLength(0);
  });
});

describeEachEngine('checkifgiveawayenroll_v1', (t) => {
  it('answers with the ledger once entered, and refuses bad input, unknown giveaways and visitors', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const check = await t().get<Enrollment>('/api/checkifgiveawayenroll_v1', {
      token: viewer.tokenvalue,
      query: { eventid: String(giveaway.id) },
    });
    expect(check.body).toMatchObject({ status: 1, message: 'You have entered this giveaway.' });
    expect(check.body.data[0]).toMatchObject({
      exists: true,
      entries: 1,
      bonuses_left: ['facebook', 'instagram', 'x', 'pinterest', 'whatsapp', 'email', 'link'],
    });
    expect((await t().get('/api/checkifgiveawayenroll_v1', { token: viewer.tokenvalue })).http).toBe(400);
    expect(
      (await t().get('/api/checkifgiveawayenroll_v1', { token: viewer.tokenvalue, query: { eventid: '9999' } })).http,
    ).toBe(404);
    expect((await t().get('/api/checkifgiveawayenroll_v1', { query: { eventid: String(giveaway.id) } })).http).toBe(
      401,
    );
  });
});

describeEachEngine('social bonus entries', (t) => {
  it('adds one bonus per click type, shown in the ledger, and never twice', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const before = await t().post(
      '/api/socialgiveawayentries',
      { eventid: giveaway.id },
      { token: viewer.tokenvalue, query: { clickType: 'facebook' } },
    );
    expect([before.http, before.body.message]).toEqual([
      422,
      'Enter the giveaway first; sharing then adds bonus entries.',
    ]);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const facebook = await t().post<SocialEntryResult>(
      '/api/socialgiveawayentries',
      { eventid: giveaway.id },
      { token: viewer.tokenvalue, query: { clickType: 'facebook' } },
    );
    expect(facebook.body).toMatchObject({ status: 1, message: 'Bonus entry added. Thanks for sharing!' });
    expect(facebook.body.data[0]).toMatchObject({ bonus_added: true, entries: 2 });
    t().clock.advance(1000);
    await t().post(
      '/api/socialgiveawayentries',
      { eventid: giveaway.id },
      { token: viewer.tokenvalue, query: { clickType: 'pinterest' } },
    );
    const twice = await t().post<SocialEntryResult>(
      '/api/socialgiveawayentries',
      { eventid: giveaway.id },
      { token: viewer.tokenvalue, query: { clickType: 'facebook' } },
    );
    expect(twice.http).toBe(200);
    expect(twice.body.message).toBe('You already have the bonus entry for sharing there.');
    expect(twice.body.data[0]?.bonus_added).toBe(false);
    expect(twice.body.data[0]?.ledger.map((l) => l.label)).toEqual([
      '1 entry for entering',
      '+1 for sharing on Facebook',
      '+1 for sharing on Pinterest',
    ]);
    expect(twice.body.data[0]?.entries).toBe(3);
    expect(await t().db.selectFrom('giveaway_social_entries').select('click_type').execute()).toHaveLength(2);
  });

  it('credits a shared link and an Instagram story once each, and gives one bonus when the same click races', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const click = (clickType: string) =>
      t().post<SocialEntryResult>(
        '/api/socialgiveawayentries',
        { eventid: giveaway.id },
        { token: viewer.tokenvalue, query: { clickType } },
      );
    const answers = await Promise.all(
      ['link', 'instagram'].flatMap((type) => Array.from({ length: 8 }, () => click(type))),
    );
    expect(answers.every((a) => a.http === 200)).toBe(true);
    // Eight presses of each at once: exactly one of each eight is the press that added the bonus.
    const addedBy = (from: number) => answers.slice(from, from + 8).filter((a) => a.body.data[0]?.bonus_added);
    expect([addedBy(0).length, addedBy(8).length]).toEqual([1, 1]);
    const rows = await t()
      .db.selectFrom('giveaway_social_entries')
      .select(['click_type', 'user_id'])
      .orderBy('click_type')
      .execute();
    expect(rows).toEqual([
      { click_type: 'instagram', user_id: viewer.id },
      { click_type: 'link', user_id: viewer.id },
    ]);
    const check = await t().get<Enrollment>('/api/checkifgiveawayenroll_v1', {
      token: viewer.tokenvalue,
      query: { eventid: String(giveaway.id) },
    });
    expect(check.body.data[0]).toMatchObject({
      entries: 3,
      bonuses_left: ['facebook', 'x', 'pinterest', 'whatsapp', 'email'],
    });
    expect(check.body.data[0]?.ledger.map((l) => l.label).sort()).toEqual([
      '+1 for sharing your link',
      '+1 for your Instagram story',
      '1 entry for entering',
    ]);
  });

  it('keeps one bonus per click type in the database itself', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const row = {
      giveaway_id: giveaway.id,
      user_id: viewer.id,
      click_type: 'facebook',
      created_at: t().clock.now().toISOString(),
    };
    await t().db.insertInto('giveaway_social_entries').values(row).execute();
    await expect(t().db.insertInto('giveaway_social_entries').values(row).execute()).rejects.toThrow();
    expect(await t().db.selectFrom('giveaway_social_entries').select('click_type').execute()).toHaveLength(1);
  });

  it('refuses bonuses after the giveaway closes, unknown click types and visitors', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const unknown = await t().post(
      '/api/socialgiveawayentries',
      { eventid: giveaway.id },
      { token: viewer.tokenvalue, query: { clickType: 'myspace' } },
    );
    expect([unknown.http, unknown.body.message]).toEqual([
      400,
      'clickType is one of facebook, instagram, x, pinterest, whatsapp, email, link.',
    ]);
    expect(
      (await t().post('/api/socialgiveawayentries', { eventid: giveaway.id }, { query: { clickType: 'x' } })).http,
    ).toBe(401);
    await closeGiveaways(t());
    const late = await t().post(
      '/api/socialgiveawayentries',
      { eventid: giveaway.id },
      { token: viewer.tokenvalue, query: { clickType: 'x' } },
    );
    expect([late.http, late.body.message]).toEqual([422, 'Bonus entries are only added while the giveaway is open.']);
    expect(await t().db.selectFrom('giveaway_social_entries').select('click_type').execute()).toHaveLength(0);
  });

  it('dosocialentry credits the open giveaway for the account the link was sent to only', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    t().clock.advance(2000); // past the one-second live cache
    const other = await t().get('/api/dosocialentry', {
      token: viewer.tokenvalue,
      query: { email: 'someone.else@example.com', clickfrom: 'email' },
    });
    expect([other.http, other.body.message]).toEqual([
      403,
      'This link was sent to another account. Log in with the address it was sent to.',
    ]);
    const own = await t().get<SocialEntryResult>('/api/dosocialentry', {
      token: viewer.tokenvalue,
      query: { email: viewer.email.toUpperCase(), clickfrom: 'email' },
    });
    expect(own.http).toBe(200);
    expect(own.body.data[0]).toMatchObject({ eventid: giveaway.id, bonus_added: true, entries: 2 });
    expect(own.body.data[0]?.ledger[1]?.label).toBe('+1 for sharing by e-mail');
    expect(
      (
        await t().get('/api/dosocialentry', {
          token: viewer.tokenvalue,
          query: { email: 'not-an-email', clickfrom: 'email' },
        })
      ).http,
    ).toBe(400);
    expect((await t().get('/api/dosocialentry', { query: { email: viewer.email, clickfrom: 'email' } })).http).toBe(
      401,
    );
    await closeGiveaways(t());
    const none = await t().get('/api/dosocialentry', {
      token: viewer.tokenvalue,
      query: { email: viewer.email, clickfrom: 'x' },
    });
    expect([none.http, none.body.message]).toEqual([422, 'No giveaway is open right now. See you at the next show!']);
  });
});

describeEachEngine('fbbannerclick', (t) => {
  it('counts a banner click for anyone and says where the giveaway is', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const click = await t().get<BannerClick>('/api/fbbannerclick', { query: { id: String(giveaway.id) } });
    expect(click.http).toBe(200);
    expect(click.body.data[0]).toEqual({ eventid: giveaway.id, path: `/giveaway/${giveaway.id}` });
    await t().get('/api/fbbannerclick', { query: { id: String(giveaway.id) } });
    const list = await t().get<StaffGiveaway>('/api/staff/giveaways', { token: staff.tokenvalue });
    expect(list.body.data[0]?.banner_clicks).toBe(2);
    expect((await t().get('/api/fbbannerclick', { query: { id: 'x' } })).body.message).toBe('id is a number.');
    expect((await t().get('/api/fbbannerclick', { query: { id: '9999' } })).http).toBe(404);
  });

  it('counts 30 clicks a minute from one address and answers 429 past that, counting nothing more', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const click = () => t().get('/api/fbbannerclick', { query: { id: String(giveaway.id) } });
    for (let i = 0; i < 30; i += 1) expect((await click()).http).toBe(200);
    const refused = await click();
    expect([refused.http, refused.body.message]).toEqual([429, MESSAGES.rateLimited]);
    const clicks = await t().db.selectFrom('giveaway_banner_clicks').select('clicks').executeTakeFirstOrThrow();
    expect(clicks.clicks).toBe(30);
    t().clock.advance(61_000);
    expect((await click()).http).toBe(200);
  });
});

describeEachEngine('giveaway public reads', (t) => {
  it('lists giveaways with eventlist_v1 and returns the open one with liveevent_v1', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const listed = await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'giveaway', on: 'live' } });
    expect(listed.body.data.map((e) => e.id)).toEqual([giveaway.id]);
    const live = await t().get<EventRecord>('/api/liveevent_v1', { query: { type: 'giveaway' } });
    expect(live.body.data[0]?.id).toBe(giveaway.id);
  });

  it('fetches the terms by id with the placeholders kept and the commitment', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { tnc_prices: '' });
    const terms = await t().get<GiveawayTerms>('/api/giveawayterms_v1', { query: { id: String(giveaway.id) } });
    expect(terms.http).toBe(200);
    expect(terms.body.data[0]).toEqual({
      id: giveaway.id,
      title: 'Sapphire pendant giveaway',
      start_date: giveaway.cust_start,
      end_date: giveaway.cust_end,
      tnc: '<p>Prize value {{VALUE}}. Entries from {{START_DATE}} to {{END DATE}}.</p>',
      tnc_filled: `<p>Prize value $10,000. Entries from ${termsDate(giveaway.cust_start)} to ${termsDate(giveaway.cust_end)}.</p>`,
      tnc_prices: '$10,000',
      algorithm: 'gemcast-draw-v1',
      commitment: giveaway.commitment,
      seed: null,
    });
    expect((await t().get('/api/giveawayterms_v1', { query: { id: '9999' } })).body.message).toBe(
      'We could not find the terms of that giveaway.',
    );
    expect((await t().get('/api/giveawayterms_v1', { query: {} })).http).toBe(400);
  });

  it('answers the terms filled and sanitised: a javascript: or data: prize value in a link loses its href', async () => {
    const staff = await t().createStaff();
    const tnc = [
      '<p><a href="{{VALUE}}">Prize</a> <a href="{{ VALUE }}">again</a></p>',
      '<p><a href="{{START_DATE}}">Opens</a> <a href="{{START DATE}}">opens</a></p>',
      '<p><a href="{{END_DATE}}">Closes</a> <a href="{{END DATE}}">closes</a> <a title="{{VALUE}}">t</a></p>',
    ].join('');
    for (const tncPrices of [
      'javascript:alert(document.domain)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '"><script>alert(1)</script>',
      "' onmouseover='alert(1)",
    ]) {
      const giveaway = await createGiveaway(t(), staff.tokenvalue, { tnc, tnc_prices: tncPrices });
      const terms = await t().get<GiveawayTerms>('/api/giveawayterms_v1', { query: { id: String(giveaway.id) } });
      const filled = terms.body.data[0]?.tnc_filled ?? '';
      expect(filled).toContain('>Prize</a>');
      expect(filled).not.toMatch(/href="\s*(javascript|data)/i);
      // Outside its (always double-quoted) attribute values, the answer has no script and no handler.
      expect(filled.replace(/"[^"]*"/g, '""')).not.toMatch(/<script|\son[a-z]+=/i);
      if (/^\s*(javascript|data):/i.test(tncPrices))
        expect(filled).toContain('<a rel="noopener noreferrer nofollow">Prize</a>');
    }
  });

  it('keeps a legitimate https link filled in from the prize value', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue, {
      tnc: '<p>Details: <a href="{{VALUE}}">the prize</a>, worth {{VALUE}}.</p>',
      tnc_prices: 'https://gemcast.example/prize',
    });
    const terms = await t().get<GiveawayTerms>('/api/giveawayterms_v1', { query: { id: String(giveaway.id) } });
    expect(terms.body.data[0]?.tnc_filled).toBe(
      '<p>Details: <a href="https://gemcast.example/prize" rel="noopener noreferrer nofollow">the prize</a>, worth https://gemcast.example/prize.</p>',
    );
  });

  it('describes a giveaway: state, entrants, private flag and commitment, never the seed before the draw', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await t().createEvent({ title: 'Sapphire Sunday' });
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id });
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const info = await t().get<GiveawayInfo>('/api/giveawayinfo_v1', { query: { eventid: String(giveaway.id) } });
    expect(info.body.data[0]).toMatchObject({
      id: giveaway.id,
      state: 'open',
      entrants: 1,
      show_id: show.id,
      show_title: 'Sapphire Sunday',
      prize: '1 ct Montana sapphire pendant',
      tnc_prices: '$2,500',
      needs_code: false,
      seed: null,
      winners: [],
    });
    expect(info.body.data[0]?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(info.body)).not.toContain(
      (await t().db.selectFrom('giveaways').select('seed').executeTakeFirstOrThrow()).seed,
    );
    const proof = await t().get<DrawProof>('/api/giveawayproof_v1', { query: { eventid: String(giveaway.id) } });
    expect(proof.body.data[0]).toMatchObject({ seed: null, picks: [], entries: [{ weight: 1 }] });
    await closeGiveaways(t());
    expect(
      (await t().get<GiveawayInfo>('/api/giveawayinfo_v1', { query: { eventid: String(giveaway.id) } })).body.data[0]
        ?.state,
    ).toBe('closed');
    expect((await t().get('/api/giveawayinfo_v1', { query: { eventid: '9999' } })).http).toBe(404);
    expect((await t().get('/api/giveawayinfo_v1', { query: { eventid: '-1' } })).body.message).toBe(
      'eventid is a number.',
    );
    expect((await t().get('/api/giveawayproof_v1', { query: { eventid: 'x' } })).http).toBe(400);
  });

  it('asks for a giveaway or a show when listing winners', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    expect((await t().get('/api/giveawaywinners_v1', { query: {} })).body.message).toBe('Give eventid or showid.');
    const none = await t().get<Winner>('/api/giveawaywinners_v1', { query: { eventid: String(giveaway.id) } });
    expect([none.http, none.body.data]).toEqual([200, []]);
    expect((await t().get('/api/giveawaywinners_v1', { query: { showid: '9999' } })).http).toBe(404);
  });

  it('commits to a seed when staff make a giveaway as a plain event, before any entry', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const made = await t().post<EventRecord>(
      '/api/staff/events',
      {
        type: 'giveaway',
        title: 'Plain giveaway',
        cust_start: new Date(t().clock.now().getTime() - MINUTE).toISOString(),
        cust_end: new Date(t().clock.now().getTime() + 30 * MINUTE).toISOString(),
      },
      { token: staff.tokenvalue },
    );
    const plain = made.body.data[0];
    if (!plain) throw new Error(made.body.message);
    const details = await t().db.selectFrom('giveaways').select(['event_id', 'seed_hash']).executeTakeFirstOrThrow();
    expect(details.event_id).toBe(plain.id);
    expect(details.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await t().db.selectFrom('giveaway_audit').select(['action', 'actor_name', 'detail']).execute()).toEqual([
      { action: 'commit', actor_name: 'system', detail: `Published the seed commitment ${details.seed_hash}.` },
    ]);
    expect((await enter(t(), viewer.tokenvalue, plain.id)).http).toBe(200);
    const info = await t().get<GiveawayInfo>('/api/giveawayinfo_v1', { query: { eventid: String(plain.id) } });
    expect(info.body.data[0]).toMatchObject({ commitment: details.seed_hash, prize: '', entrants: 1 });
  });

  it('commits to a seed when staff turn a show into a giveaway, and keeps it when they turn it back and again', async () => {
    const staff = await t().createStaff();
    const show = await t().createEvent();
    const turn = (type: string) => t().post(`/api/staff/events/${show.id}`, { type }, { token: staff.tokenvalue });
    expect((await turn('giveaway')).http).toBe(200);
    const first = await t().db.selectFrom('giveaways').select(['event_id', 'seed_hash']).executeTakeFirstOrThrow();
    expect(first.event_id).toBe(show.id);
    await turn('show');
    await turn('giveaway');
    expect(await t().db.selectFrom('giveaways').select(['event_id', 'seed_hash']).execute()).toEqual([first]);
    expect(await t().db.selectFrom('giveaway_audit').select('action').execute()).toEqual([{ action: 'commit' }]);
  });
});

describeEachEngine(
  'giveaway answers as production serialises them',
  (t) => {
    it('keeps every field of the entry answers and of a 409', async () => {
      const staff = await t().createStaff();
      const viewer = await t().createViewer();
      const giveaway = await createGiveaway(t(), staff.tokenvalue);
      const first = await enter(t(), viewer.tokenvalue, giveaway.id);
      const again = await enter(t(), viewer.tokenvalue, giveaway.id);
      const expected = {
        exists: true,
        eventid: giveaway.id,
        entry_from: 'web',
        entries: 1,
        ledger: [{ kind: 'entry', click_type: null, label: '1 entry for entering', entries: 1 }],
      };
      expect(first.body.data[0]).toMatchObject(expected);
      expect(again.body.data[0]).toMatchObject(expected);
      const info = await t().get<GiveawayInfo>('/api/giveawayinfo_v1', { query: { eventid: String(giveaway.id) } });
      expect(info.body.data[0]).toMatchObject({ entrants: 1, seed: null, state: 'open', winners: [] });
    });

    it('lists the giveaway and spin calls in the OpenAPI document', async () => {
      const doc: { paths: Record<string, Record<string, unknown>> } = (
        await t().app.inject({ method: 'GET', url: '/api/docs/json' })
      ).json();
      for (const path of [
        '/api/giveawaydata_v1',
        '/api/giveawaydata_new',
        '/api/socialgiveawayentries',
        '/api/spinrsvpinfo',
        '/api/spingiveawayinfo',
        '/api/staff/giveaways/{id}/draw',
      ])
        expect(doc.paths[path]).toHaveProperty('post');
      for (const path of [
        '/api/checkifgiveawayenroll_v1',
        '/api/fbbannerclick',
        '/api/dosocialentry',
        '/api/giveawayterms_v1',
        '/api/checkifrsvpspin',
        '/api/CheckIfGiveawaySpin',
        '/api/giveawayproof_v1',
      ])
        expect(doc.paths[path]).toHaveProperty('get');
    });
  },
  { validateResponses: false },
);
