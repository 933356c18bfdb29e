import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import type { DrawProof, GiveawayInfo, GiveawayTerms, Winner } from '../../../shared/contract/giveaways';
import type { StaffEntry, StaffGiveaway, StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import { commitmentOf, listDigest, recomputePicks } from '../../../shared/verifiable-draw';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { closeGiveaways, createGiveaway, enter, giveawayFields, rigFirstPick } from './giveaway-factories';

const MINUTE = 60_000;

async function entryIdOf(t: TestApp, giveawayId: number, userId: number) {
  return (
    await t.db
      .selectFrom('giveaway_entries')
      .select('id')
      .where('giveaway_id', '=', giveawayId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).id;
}

describeEachEngine('staff giveaways', (t) => {
  it('creates a giveaway with sanitised terms, its commitment and an audit line', async () => {
    const staff = await t().createStaff({ first_name: 'Gemma', last_name: 'Host' });
    const created = await t().post<StaffGiveawayDetail>(
      '/api/staff/giveaways',
      giveawayFields(t(), {
        tnc: '<h2 onclick="steal()">Official rules</h2><p onmouseover="x()">Win {{VALUE}}</p><script>fetch("/api/profile_v1")</script><a href="javascript:alert(1)">more</a> <a href="https://example.com/rules">rules</a><img src="x" onerror="alert(1)">',
      }),
      { token: staff.tokenvalue },
    );
    expect(created.http).toBe(200);
    const record = created.body.data[0];
    expect(record?.tnc_html).toBe(
      '<h2>Official rules</h2><p>Win {{VALUE}}</p><a rel="noopener noreferrer nofollow">more</a> <a href="https://example.com/rules" rel="noopener noreferrer nofollow">rules</a>',
    );
    expect(record?.log.map((l) => [l.action, l.actor])).toEqual([
      ['commit', 'Gemma Host'],
      ['terms', 'Gemma Host'],
    ]);
    const stored = await t().db.selectFrom('giveaways').select(['tnc', 'seed', 'seed_hash']).executeTakeFirstOrThrow();
    expect(stored.tnc).not.toMatch(/script|onclick|onmouseover|onerror|javascript:/i);
    expect(stored.seed_hash).toBe(createHash('sha256').update(Buffer.from(stored.seed, 'hex')).digest('hex'));
    const terms = await t().get<GiveawayTerms>('/api/giveawayterms_v1', { query: { id: String(record?.id) } });
    expect(terms.body.data[0]?.tnc).toBe(record?.tnc_html);
    const detail = await t().get<StaffGiveawayDetail>(`/api/staff/giveaways/${record?.id}`, {
      token: staff.tokenvalue,
    });
    expect(detail.body.data[0]).toEqual(record);
  });

  it('sanitises terms edited later too, and keeps the window once winners are drawn', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const edited = await t().post<StaffGiveawayDetail>(
      `/api/staff/giveaways/${giveaway.id}`,
      {
        tnc: '<p>New <b onclick="x()">rules</b></p><iframe src="https://evil.example"></iframe>',
        tnc_prices: '$5,000',
        prize: 'Tanzanite ring',
      },
      { token: staff.tokenvalue },
    );
    expect(edited.body.data[0]).toMatchObject({
      tnc_html: '<p>New <b>rules</b></p>',
      tnc_prices: '$5,000',
      prize: 'Tanzanite ring',
    });
    await enter(t(), viewer.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    await t().post(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, { token: staff.tokenvalue });
    const moved = await t().post(
      `/api/staff/giveaways/${giveaway.id}`,
      { cust_end: new Date(t().clock.now().getTime() + 60 * MINUTE).toISOString() },
      { token: staff.tokenvalue },
    );
    expect([moved.http, moved.body.message]).toEqual([
      409,
      'Winners have been drawn, so the entry window can no longer change.',
    ]);
  });

  it('refuses a closing time before the opening, a private giveaway without a code, and a show id that is not a show', async () => {
    const staff = await t().createStaff();
    const otherGiveaway = await createGiveaway(t(), staff.tokenvalue);
    const backwards = await t().post(
      '/api/staff/giveaways',
      giveawayFields(t(), { cust_end: new Date(t().clock.now().getTime() - 20 * MINUTE).toISOString() }),
      { token: staff.tokenvalue },
    );
    expect([backwards.http, backwards.body.message]).toEqual([
      400,
      'The closing time must come after the opening time.',
    ]);
    const noCode = await t().post('/api/staff/giveaways', giveawayFields(t(), { IS_Public: 0 }), {
      token: staff.tokenvalue,
    });
    expect([noCode.http, noCode.body.message]).toEqual([
      400,
      'A private giveaway needs an access code so invited viewers can enter.',
    ]);
    const notShow = await t().post('/api/staff/giveaways', giveawayFields(t(), { show_id: otherGiveaway.id }), {
      token: staff.tokenvalue,
    });
    expect([notShow.http, notShow.body.message]).toEqual([400, 'show_id must be the id of a show.']);
    const noTitle = await t().post('/api/staff/giveaways', giveawayFields(t(), { title: ' ' }), {
      token: staff.tokenvalue,
    });
    expect([noTitle.http, noTitle.body.message]).toEqual([400, 'Give the giveaway a title.']);
    expect(await t().db.selectFrom('events').select('id').execute()).toHaveLength(1);
  });

  it('lists entries with weights and bonuses, and exports them as CSV with formulas defused', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer({ first_name: '=HYPERLINK("x")', last_name: 'Okafor' });
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    await t().post(
      '/api/socialgiveawayentries',
      { eventid: giveaway.id },
      { token: viewer.tokenvalue, query: { clickType: 'instagram' } },
    );
    const list = await t().get<StaffEntry>(`/api/staff/giveaways/${giveaway.id}/entries`, { token: staff.tokenvalue });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        user_id: viewer.id,
        email: viewer.email,
        social: ['instagram'],
        weight: 2,
        entry_from: 'web',
      }),
    ]);
    const csv = await t().app.inject({
      method: 'GET',
      url: `/api/staff/giveaways/${giveaway.id}/entries.csv`,
      headers: { token: staff.tokenvalue },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="giveaway-${giveaway.id}-entries.csv"`);
    const [header, line] = csv.body.trim().split('\r\n');
    expect(header).toBe('entry_id,user_id,name,email,phone,entry_from,whatnot_username,social,weight,created_at');
    expect(line).toContain(`"'=HYPERLINK(""x"") Okafor","${viewer.email}","'+1555`);
    expect(line).toContain('"instagram","2"');
    const summary = await t().get<StaffGiveaway>('/api/staff/giveaways', {
      token: staff.tokenvalue,
      query: { on: 'live' },
    });
    expect(summary.body.data[0]).toMatchObject({ entrants: 1, tickets: 2 });
  });

  it('draws only after entries close, gives the winner 5 minutes, and one pick at a time', async () => {
    const staff = await t().createStaff();
    const viewers = [await t().createViewer(), await t().createViewer()];
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    for (const v of viewers) await enter(t(), v.tokenvalue, giveaway.id);
    const early = await t().post(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, { token: staff.tokenvalue });
    expect([early.http, early.body.message]).toEqual([
      422,
      'Entries are still open. Close the giveaway (end it) before drawing.',
    ]);
    await closeGiveaways(t());
    const drawn = await t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, {
      token: staff.tokenvalue,
    });
    expect(drawn.http).toBe(200);
    const pick = drawn.body.data[0]?.picks[0];
    expect(pick).toMatchObject({
      sequence: 1,
      status: 'pending',
      total_weight: 2,
      weight: 1,
      claim_by: new Date(t().clock.now().getTime() + 5 * MINUTE).toISOString(),
    });
    expect(drawn.body.message).toMatch(/^Viewer N\. is the winner! They have 5 minutes to message in\.$/);
    expect(drawn.body.data[0]).toMatchObject({ state: 'drawn' });
    expect(drawn.body.data[0]?.seed).toMatch(/^[0-9a-f]{64}$/);
    const second = await t().post(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, { token: staff.tokenvalue });
    expect([second.http, second.body.message]).toEqual([
      409,
      'Resolve the current pick first: confirm the claim, forfeit it, or respin a repeat winner.',
    ]);
    const claimed = await t().post<StaffGiveawayDetail>(
      `/api/staff/giveaways/${giveaway.id}/claim`,
      { pick_id: pick?.id },
      { token: staff.tokenvalue },
    );
    expect(claimed.body.data[0]?.picks[0]?.status).toBe('claimed');
    const again = await t().post(
      `/api/staff/giveaways/${giveaway.id}/claim`,
      { pick_id: pick?.id },
      { token: staff.tokenvalue },
    );
    expect([again.http, again.body.message]).toEqual([409, 'That pick is not waiting for a claim.']);
    const done = await t().post(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, { token: staff.tokenvalue });
    expect([done.http, done.body.message]).toEqual([422, 'Every winner of this giveaway has been drawn.']);
  });

  it('forfeits an unclaimed winner only after 5 minutes, redraws, and logs who did what', async () => {
    const staff = await t().createStaff({ first_name: 'Gemma', last_name: 'Host' });
    const viewers = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    for (const v of viewers) await enter(t(), v.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    const first = (
      await t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, {
        token: staff.tokenvalue,
      })
    ).body.data[0]?.picks[0];
    t().clock.advance(4 * MINUTE);
    const tooSoon = await t().post(
      `/api/staff/giveaways/${giveaway.id}/forfeit`,
      { pick_id: first?.id },
      { token: staff.tokenvalue },
    );
    expect([tooSoon.http, tooSoon.body.message]).toEqual([422, 'The winner still has 1 minute to message in.']);
    t().clock.advance(MINUTE);
    const redrawn = await t().post<StaffGiveawayDetail>(
      `/api/staff/giveaways/${giveaway.id}/forfeit`,
      { pick_id: first?.id },
      { token: staff.tokenvalue },
    );
    expect(redrawn.http).toBe(200);
    const picks = redrawn.body.data[0]?.picks ?? [];
    expect(picks.map((p) => [p.sequence, p.status])).toEqual([
      [1, 'forfeited'],
      [2, 'pending'],
    ]);
    expect(picks[1]?.user_id).not.toBe(picks[0]?.user_id);
    expect(picks[0]).toMatchObject({ resolved_by: 'Gemma Host', drawn_by: 'Gemma Host' });
    t().clock.advance(5 * MINUTE);
    const noRedraw = await t().post<StaffGiveawayDetail>(
      `/api/staff/giveaways/${giveaway.id}/forfeit`,
      { pick_id: picks[1]?.id, redraw: false },
      { token: staff.tokenvalue },
    );
    expect(noRedraw.body.message).toBe('The pick has been forfeited.');
    expect(noRedraw.body.data[0]?.picks).toHaveLength(2);
    const log = noRedraw.body.data[0]?.log ?? [];
    expect(log.map((l) => l.action)).toEqual(['commit', 'terms', 'reveal', 'draw', 'forfeit', 'draw', 'forfeit']);
    expect(log.every((l) => l.actor === 'Gemma Host' && l.created_at)).toBe(true);
    const audit = await t()
      .db.selectFrom('giveaway_audit')
      .select(['action', 'actor_id'])
      .where('action', '=', 'forfeit')
      .execute();
    expect(audit).toEqual([
      { action: 'forfeit', actor_id: staff.id },
      { action: 'forfeit', actor_id: staff.id },
    ]);
  });

  it('flags a repeat winner of the same show and respins for a new winner', async () => {
    const staff = await t().createStaff();
    const [ruby, jasper] = [
      await t().createViewer({ first_name: 'Ruby', last_name: 'Alvarez' }),
      await t().createViewer({ first_name: 'Jasper', last_name: 'Okafor' }),
    ];
    const show = await t().createEvent({ title: 'Sapphire Sunday' });
    const early = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id, title: 'First half' });
    const late = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id, title: 'Second half' });
    await enter(t(), ruby.tokenvalue, early.id);
    for (const v of [ruby, jasper]) await enter(t(), v.tokenvalue, late.id);
    await rigFirstPick(t(), late.id, await entryIdOf(t(), late.id, ruby.id));
    await closeGiveaways(t());
    const won = (
      await t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${early.id}/draw`, undefined, {
        token: staff.tokenvalue,
      })
    ).body.data[0]?.picks[0];
    await t().post(`/api/staff/giveaways/${early.id}/claim`, { pick_id: won?.id }, { token: staff.tokenvalue });
    const repeat = await t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${late.id}/draw`, undefined, {
      token: staff.tokenvalue,
    });
    expect(repeat.body.message).toBe('Ruby A. already won in this show. Respin for a new winner.');
    const repeatPick = repeat.body.data[0]?.picks[0];
    expect(repeatPick).toMatchObject({ status: 'repeat', user_id: ruby.id, repeat_of: early.id, claim_by: null });
    const notRepeat = await t().post(
      `/api/staff/giveaways/${early.id}/respin`,
      { pick_id: won?.id },
      { token: staff.tokenvalue },
    );
    expect([notRepeat.http, notRepeat.body.message]).toEqual([422, 'Only a repeat winner gets a respin.']);
    const respun = await t().post<StaffGiveawayDetail>(
      `/api/staff/giveaways/${late.id}/respin`,
      { pick_id: repeatPick?.id },
      { token: staff.tokenvalue },
    );
    expect(respun.body.message).toBe('Jasper O. is the winner! They have 5 minutes to message in.');
    expect(respun.body.data[0]?.picks.map((p) => [p.user_id, p.status])).toEqual([
      [ruby.id, 'respun'],
      [jasper.id, 'pending'],
    ]);
    expect(respun.body.data[0]?.log.map((l) => l.action).slice(-3)).toEqual(['draw', 'respin', 'draw']);
    const missing = await t().post(
      `/api/staff/giveaways/${late.id}/claim`,
      { pick_id: 9999 },
      { token: staff.tokenvalue },
    );
    expect([missing.http, missing.body.message]).toEqual([404, 'We could not find that pick in this giveaway.']);
  });

  it('shows claimed winners publicly, first name and last initial only, once announced', async () => {
    const staff = await t().createStaff();
    const ruby = await t().createViewer({ first_name: 'Ruby', last_name: 'alvarez' });
    const show = await t().createEvent({ title: 'Sapphire Sunday' });
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id });
    await enter(t(), ruby.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    const pick = (
      await t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, {
        token: staff.tokenvalue,
      })
    ).body.data[0]?.picks[0];
    await t().post(`/api/staff/giveaways/${giveaway.id}/claim`, { pick_id: pick?.id }, { token: staff.tokenvalue });
    expect(
      (await t().get<Winner>('/api/giveawaywinners_v1', { query: { eventid: String(giveaway.id) } })).body.data,
    ).toEqual([]);
    const announced = await t().post<StaffGiveawayDetail>(
      `/api/staff/giveaways/${giveaway.id}/announce`,
      { announced: true },
      { token: staff.tokenvalue },
    );
    expect(announced.body).toMatchObject({ message: 'Winners are now shown publicly (first name and last initial).' });
    const byShow = await t().get<Winner>('/api/giveawaywinners_v1', { query: { showid: String(show.id) } });
    expect(byShow.body.data).toEqual([
      {
        eventid: giveaway.id,
        giveaway_title: 'Sapphire pendant giveaway',
        name: 'Ruby A.',
        entry_id: pick?.entry_id,
        drawn_at: pick?.drawn_at,
      },
    ]);
    const info = await t().get<GiveawayInfo>('/api/giveawayinfo_v1', { query: { eventid: String(giveaway.id) } });
    expect(info.body.data[0]?.winners.map((w) => w.name)).toEqual(['Ruby A.']);
    expect(JSON.stringify(byShow.body) + JSON.stringify(info.body)).not.toMatch(/alvarez|@example\.com/i);
    await t().post(`/api/staff/giveaways/${giveaway.id}/announce`, { announced: false }, { token: staff.tokenvalue });
    expect(
      (await t().get<Winner>('/api/giveawaywinners_v1', { query: { eventid: String(giveaway.id) } })).body.data,
    ).toEqual([]);
  });

  it('publishes what anyone needs to recompute every pick, and the recomputation matches', async () => {
    const staff = await t().createStaff();
    const viewers = await Promise.all([1, 2, 3, 4, 5].map(() => t().createViewer()));
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { winner_count: 2 });
    for (const v of viewers) await enter(t(), v.tokenvalue, giveaway.id);
    for (const click of ['facebook', 'x', 'email'])
      await t().post(
        '/api/socialgiveawayentries',
        { eventid: giveaway.id },
        { token: viewers[0]?.tokenvalue, query: { clickType: click } },
      );
    await t().post(
      '/api/socialgiveawayentries',
      { eventid: giveaway.id },
      { token: viewers[3]?.tokenvalue, query: { clickType: 'whatsapp' } },
    );
    await closeGiveaways(t());
    const first = (
      await t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, {
        token: staff.tokenvalue,
      })
    ).body.data[0]?.picks[0];
    t().clock.advance(5 * MINUTE);
    const second = (
      await t().post<StaffGiveawayDetail>(
        `/api/staff/giveaways/${giveaway.id}/forfeit`,
        { pick_id: first?.id },
        { token: staff.tokenvalue },
      )
    ).body.data[0]?.picks[1];
    await t().post(`/api/staff/giveaways/${giveaway.id}/claim`, { pick_id: second?.id }, { token: staff.tokenvalue });
    await t().post(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, { token: staff.tokenvalue });

    const proof = (await t().get<DrawProof>('/api/giveawayproof_v1', { query: { eventid: String(giveaway.id) } })).body
      .data[0];
    if (!proof?.seed) throw new Error('the seed should be revealed');
    expect(proof.entries.map((e) => e.weight)).toEqual([4, 1, 1, 2, 1]);
    expect(JSON.stringify(proof)).not.toMatch(/Viewer|@example\.com|user_id/);
    expect(await commitmentOf(proof.seed)).toBe(proof.commitment);
    expect(proof.commitment).toBe(giveaway.commitment);
    expect(await listDigest(proof.entries)).toBe(proof.list_digest);
    const recomputed = await recomputePicks(proof.seed, giveaway.id, proof.entries, proof.picks.length);
    expect(
      recomputed.map((p) => ({
        sequence: p.sequence,
        entry_id: p.entry_id,
        ticket: p.ticket.toString(),
        total_weight: p.total_weight,
      })),
    ).toEqual(
      proof.picks.map((p) => ({
        sequence: p.sequence,
        entry_id: p.entry_id,
        ticket: p.ticket,
        total_weight: p.total_weight,
      })),
    );
    expect(proof.picks.map((p) => p.status)).toEqual(['forfeited', 'claimed', 'pending']);
  });

  it('refuses every staff call to visitors (401) and viewers (403) without changing anything', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const id = giveaway.id;
    const calls: ['GET' | 'POST', string, unknown][] = [
      ['GET', '/api/staff/giveaways', undefined],
      ['POST', '/api/staff/giveaways', giveawayFields(t())],
      ['GET', `/api/staff/giveaways/${id}`, undefined],
      ['POST', `/api/staff/giveaways/${id}`, { title: 'Hijacked' }],
      ['GET', `/api/staff/giveaways/${id}/entries`, undefined],
      ['GET', `/api/staff/giveaways/${id}/entries.csv`, undefined],
      ['POST', `/api/staff/giveaways/${id}/draw`, undefined],
      ['POST', `/api/staff/giveaways/${id}/respin`, { pick_id: 1 }],
      ['POST', `/api/staff/giveaways/${id}/claim`, { pick_id: 1 }],
      ['POST', `/api/staff/giveaways/${id}/forfeit`, { pick_id: 1 }],
      ['POST', `/api/staff/giveaways/${id}/announce`, { announced: true }],
      ['GET', `/api/staff/giveaways/spin-prizes/${id}`, undefined],
      ['POST', `/api/staff/giveaways/spin-prizes/${id}`, { prizes: [] }],
    ];
    for (const [method, url, body] of calls) {
      const asVisitor = method === 'GET' ? await t().get(url) : await t().post(url, body);
      const asViewer =
        method === 'GET'
          ? await t().get(url, { token: viewer.tokenvalue })
          : await t().post(url, body, { token: viewer.tokenvalue });
      expect([url, asVisitor.http, asViewer.http, asViewer.body.message]).toEqual([
        url,
        401,
        403,
        'You do not have access to that.',
      ]);
    }
    expect((await t().db.selectFrom('events').select('title').execute()).map((e) => e.title)).toEqual([
      'Sapphire pendant giveaway',
    ]);
    expect(await t().db.selectFrom('giveaway_audit').select('action').execute()).toHaveLength(2);
  });

  it('refuses bad staff input with the field named', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const cases: [string, unknown, string][] = [
      [`/api/staff/giveaways/${giveaway.id}/claim`, {}, 'pick_id is a number.'],
      [`/api/staff/giveaways/${giveaway.id}/respin`, { pick_id: 'first' }, 'pick_id is a number.'],
      [`/api/staff/giveaways/${giveaway.id}/forfeit`, { pick_id: 1, redraw: 'yes' }, 'redraw is true or false.'],
      [`/api/staff/giveaways/${giveaway.id}/announce`, {}, 'announced is true or false.'],
      [`/api/staff/giveaways/${giveaway.id}`, { winner_count: 0 }, 'winner_count is a whole number from 1 to 20.'],
      [
        `/api/staff/giveaways/${giveaway.id}`,
        { access_code: 'a b' },
        'The access code is letters, digits and dashes, 32 characters at most.',
      ],
      ['/api/staff/giveaways/abc/draw', undefined, 'The giveaway id is a number.'],
    ];
    for (const [url, body, message] of cases) {
      const res = await t().post(url, body, { token: staff.tokenvalue });
      expect([url, res.http, res.body.status, res.body.message]).toEqual([url, 400, -1, message]);
    }
    expect((await t().post('/api/staff/giveaways/9999/draw', undefined, { token: staff.tokenvalue })).http).toBe(404);
    for (const url of [
      '/api/staff/giveaways/abc',
      '/api/staff/giveaways/abc/entries',
      '/api/staff/giveaways/abc/entries.csv',
      '/api/staff/giveaways/spin-prizes/abc',
    ]) {
      const res = await t().get(url, { token: staff.tokenvalue });
      expect([url, res.http, res.body.status]).toEqual([url, 400, -1]);
    }
    expect(
      (await t().get('/api/staff/giveaways', { token: staff.tokenvalue, query: { on: 'soon' } })).body.message,
    ).toBe('on is upcoming, live, past or all.');
  });
});
