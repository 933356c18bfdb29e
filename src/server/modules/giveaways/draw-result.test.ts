import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ChatToken, ServerFrame } from '../../../shared/contract/chat';
import { outcomeFor, type DrawResult, type MyDrawResult } from '../../../shared/contract/giveaway-draw';
import type { DrawProof, Enrollment } from '../../../shared/contract/giveaways';
import type { StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { connectChat, type ChatClient } from '../chat/chat.test-client';
import { drainNotifications } from '../notifications/notification-worker';
import { closeGiveaways, createGiveaway, enter, rigFirstPick } from './giveaway-factories';

const MINUTE = 60_000;
type DrawFrame = Extract<ServerFrame, { type: 'draw' }>;

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

describeEachEngine('the live draw for viewers', (t) => {
  let base = '';
  const clients: ChatClient[] = [];
  beforeEach(async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const address = t().app.server.address();
    base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  async function chatToken(userToken: string) {
    const res = await t().get<ChatToken>('/api/weavy/token', { token: userToken });
    return res.body.data[0]?.token ?? '';
  }

  /** A socket following one giveaway's draw (or a show's), as the viewer's open page does. */
  async function follower(userToken: string, of: { giveaway: number } | { show: number }) {
    const client = await connectChat(base);
    clients.push(client);
    client.send({ type: 'follow', token: await chatToken(userToken), ...of });
    await client.next('following');
    return client;
  }

  const staffStep = async (staffToken: string, id: number, step: string, body: object = {}) => {
    const res = await t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${id}/${step}`, body, { token: staffToken });
    expect(res.http, res.body.message).toBe(200);
    return res.body.data[0] as StaffGiveawayDetail;
  };

  const numberIn = (frame: DrawResult, entryNumber: number | null) => outcomeFor(frame, entryNumber).kind;

  it('pushes the draw to the winner, the other entrants and onlookers alike, and each reads their own outcome', async () => {
    const staff = await t().createStaff();
    const show = await t().createEvent();
    const amber = await t().createViewer({ first_name: 'Amber', last_name: 'Nguyen' });
    const bea = await t().createViewer({ first_name: 'Bea', last_name: 'Ortiz' });
    const onlooker = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id });
    for (const viewer of [amber, bea]) await enter(t(), viewer.tokenvalue, giveaway.id);
    await rigFirstPick(t(), giveaway.id, await entryIdOf(t(), giveaway.id, amber.id));
    await closeGiveaways(t());

    const winnerPage = await follower(amber.tokenvalue, { giveaway: giveaway.id });
    const otherPage = await follower(bea.tokenvalue, { show: show.id });
    const onlookerPage = await follower(onlooker.tokenvalue, { giveaway: giveaway.id });
    const lobby = await connectChat(base);
    clients.push(lobby);
    lobby.send({ type: 'join', token: await chatToken(onlooker.tokenvalue), room: 'lobby' });
    await lobby.next('welcome');

    const drawn = await staffStep(staff.tokenvalue, giveaway.id, 'draw');
    const [toWinner, toOther, toOnlooker] = await Promise.all(
      [winnerPage, otherPage, onlookerPage].map((page) => page.next('draw')),
    );
    const result = (toWinner as DrawFrame).result;
    expect(toOther).toEqual(toWinner);
    expect(toOnlooker).toEqual(toWinner);
    expect(result).toMatchObject({
      eventid: giveaway.id,
      prize: '1 ct Montana sapphire pendant',
      show_id: show.id,
      claim_mode: 'text',
      entrants: 2,
      seed: expect.stringMatching(/^[0-9a-f]{64}$/),
      picks: [
        { sequence: 1, status: 'pending', name: 'Amber N.', entry_number: 1, claim_by: drawn.picks[0]?.claim_by },
      ],
    });
    // No account ids or contact details travel to followers.
    expect(JSON.stringify(result)).not.toMatch(/user_id|email|Nguyen/);
    expect([numberIn(result, 1), numberIn(result, 2), numberIn(result, null)]).toEqual([
      'won',
      'not_this_time',
      'drawn',
    ]);
    expect(lobby.frames.filter((f) => f.type === 'draw')).toEqual([]);

    // The same result over HTTP, with each viewer's own place in the list.
    const read = async (token: string) =>
      (await t().get<MyDrawResult>('/api/giveawaydraw_v1', { token, query: { eventid: String(giveaway.id) } })).body
        .data[0];
    expect((await read(amber.tokenvalue))?.mine).toEqual({ entry_number: 1 });
    expect((await read(bea.tokenvalue))?.mine).toEqual({ entry_number: 2 });
    expect(await read(onlooker.tokenvalue)).toEqual({ ...result, mine: null });
  });

  it('tells everyone when the winner forfeits and the next is drawn, and when a repeat winner is respun', async () => {
    const staff = await t().createStaff();
    const show = await t().createEvent();
    const [amber, bea, cy] = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    const first = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id, title: 'First' });
    const second = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id, title: 'Second' });
    await enter(t(), amber.tokenvalue, first.id);
    for (const viewer of [amber, bea, cy]) await enter(t(), viewer.tokenvalue, second.id);
    await rigFirstPick(t(), second.id, await entryIdOf(t(), second.id, bea.id));
    await closeGiveaways(t());
    const page = await follower(cy.tokenvalue, { show: show.id });

    // Forfeit: Bea's 5 minutes pass, she is told her win passed on, and someone else is drawn.
    const drawn = await staffStep(staff.tokenvalue, second.id, 'draw');
    expect((await page.next('draw')).result.picks.map((p) => p.status)).toEqual(['pending']);
    t().clock.advance(5 * MINUTE + 1000);
    const afterForfeit = await staffStep(staff.tokenvalue, second.id, 'forfeit', { pick_id: drawn.picks[0]?.id });
    const forfeitFrame = (await page.next('draw')).result;
    expect(forfeitFrame.picks.map((p) => p.status)).toEqual(['forfeited', 'pending']);
    expect(numberIn(forfeitFrame, 2)).toBe('lost_win');
    const redrawnNumber = forfeitFrame.picks[1]?.entry_number ?? 0;
    expect(numberIn(forfeitFrame, redrawnNumber)).toBe('won');
    expect(afterForfeit.picks[1]?.entry_number).toBe(redrawnNumber);

    // Respin: Amber won the first giveaway of the show, so her pick in another is a repeat and respun.
    await staffStep(staff.tokenvalue, first.id, 'draw');
    const firstFrame = (await page.next('draw', (f) => f.result.eventid === first.id)).result;
    expect(firstFrame.picks.map((p) => p.status)).toEqual(['pending']);
    const third = await createGiveaway(t(), staff.tokenvalue, {
      show_id: show.id,
      title: 'Third',
      cust_start: new Date(t().clock.now().getTime() - MINUTE).toISOString(),
      cust_end: new Date(t().clock.now().getTime() + MINUTE).toISOString(),
    });
    const dee = await t().createViewer();
    for (const viewer of [amber, dee]) await enter(t(), viewer.tokenvalue, third.id);
    await rigFirstPick(t(), third.id, await entryIdOf(t(), third.id, amber.id));
    t().clock.advance(2 * MINUTE);
    await staffStep(staff.tokenvalue, third.id, 'draw');
    const repeatFrame = (await page.next('draw', (f) => f.result.eventid === third.id)).result;
    expect(repeatFrame.picks.map((p) => p.status)).toEqual(['repeat']);
    expect([numberIn(repeatFrame, 1), numberIn(repeatFrame, 2)]).toEqual(['repeat', 'none']);
    const repeatPick = repeatFrame.picks[0]?.id;
    await staffStep(staff.tokenvalue, third.id, 'respin', { pick_id: repeatPick });
    const respunFrame = (await page.next('draw', (f) => f.result.eventid === third.id)).result;
    expect(respunFrame.picks.map((p) => [p.status, p.entry_number])).toEqual([
      ['respun', 1],
      ['pending', 2],
    ]);
    expect([numberIn(respunFrame, 1), numberIn(respunFrame, 2)]).toEqual(['repeat', 'won']);
  });

  it('e-mails the winner how to claim through the notification outbox: by text or call, or with the button', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer({ first_name: 'Opal' });
    const byText = await createGiveaway(t(), staff.tokenvalue, { prize: 'Opal ring' });
    const inApp = await createGiveaway(t(), staff.tokenvalue, { prize: 'Pearl studs', claim_mode: 'app' });
    for (const giveaway of [byText, inApp]) await enter(t(), viewer.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    await staffStep(staff.tokenvalue, byText.id, 'draw');
    await staffStep(staff.tokenvalue, inApp.id, 'draw');
    await drainNotifications(t().app.ctx);
    const mail = (await t().outbox()).filter((m) => m.to_address === viewer.email);
    expect(mail.map((m) => m.subject)).toEqual(['You won: Opal ring', 'You won: Pearl studs']);
    expect(mail[0]?.text_body).toContain(`Text or call us at ${t().config.site.phone}`);
    expect(mail[0]?.text_body).toContain(`/giveaway/${byText.id}`);
    expect(mail[1]?.text_body).toContain('"Claim my prize" button');
    expect(mail[1]?.text_body).not.toContain('Text or call');
  });

  it('lets the winner claim in the app within the 5 minutes, recorded as a claim staff see', async () => {
    const staff = await t().createStaff();
    const winner = await t().createViewer({ first_name: 'Ruby', last_name: 'Ames' });
    const other = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { claim_mode: 'app' });
    for (const viewer of [winner, other]) await enter(t(), viewer.tokenvalue, giveaway.id);
    await rigFirstPick(t(), giveaway.id, await entryIdOf(t(), giveaway.id, winner.id));
    await closeGiveaways(t());
    await staffStep(staff.tokenvalue, giveaway.id, 'draw');
    const page = await follower(other.tokenvalue, { giveaway: giveaway.id });
    const claim = (token?: string, body: object = { eventid: giveaway.id }) =>
      t().post<MyDrawResult>('/api/giveawayclaim_v1', body, token ? { token } : {});

    expect((await claim()).http).toBe(401);
    for (const eventid of [String(giveaway.id), true, [giveaway.id]]) {
      const bad = await claim(winner.tokenvalue, { eventid });
      expect([bad.http, bad.body.message]).toEqual([400, 'eventid is a number.']);
    }
    const notWinner = await claim(other.tokenvalue);
    expect([notWinner.http, notWinner.body.message]).toEqual([403, 'Only the winner can claim this prize.']);
    expect((await claim(winner.tokenvalue, { eventid: 999_999 })).http).toBe(404);
    const unchanged = await t().db.selectFrom('giveaway_picks').select('status').execute();
    expect(unchanged).toEqual([{ status: 'pending' }]);

    t().clock.advance(4 * MINUTE);
    const claimed = await claim(winner.tokenvalue);
    expect(claimed.http, claimed.body.message).toBe(200);
    expect(claimed.body.data[0]).toMatchObject({ mine: { entry_number: 1 }, picks: [{ status: 'claimed' }] });
    // The onlooker hears of the claim. (The draw's own frame, published just before they followed,
    // can still reach them first through Redis when the machine is busy: it is not the one awaited.)
    const heard = await page.next('draw', (frame) => frame.result.picks.some((p) => p.status !== 'pending'));
    expect(heard.result.picks.map((p) => p.status)).toEqual(['claimed']);
    const again = await claim(winner.tokenvalue);
    expect([again.http, again.body.message]).toEqual([409, 'You have already claimed this prize.']);

    const detail = (
      await t().get<StaffGiveawayDetail>(`/api/staff/giveaways/${giveaway.id}`, { token: staff.tokenvalue })
    ).body.data[0];
    expect(detail?.picks[0]).toMatchObject({ status: 'claimed', claimed_in_app: true, resolved_by: 'Ruby Ames' });
    expect(detail?.log.at(-1)).toMatchObject({
      action: 'claim',
      actor: 'Ruby Ames',
      detail: expect.stringContaining('claimed in the app by the winner'),
    });
  });

  it('refuses an in-app claim after the 5 minutes, or where the prize is claimed by text', async () => {
    const staff = await t().createStaff();
    const winner = await t().createViewer();
    const inApp = await createGiveaway(t(), staff.tokenvalue, { claim_mode: 'app' });
    const byText = await createGiveaway(t(), staff.tokenvalue);
    for (const giveaway of [inApp, byText]) await enter(t(), winner.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    await staffStep(staff.tokenvalue, byText.id, 'draw');
    const textClaim = await t().post('/api/giveawayclaim_v1', { eventid: byText.id }, { token: winner.tokenvalue });
    expect([textClaim.http, textClaim.body.message]).toEqual([
      422,
      'This prize is claimed by text or call, not in the app.',
    ]);
    await staffStep(staff.tokenvalue, inApp.id, 'draw');
    t().clock.advance(5 * MINUTE);
    const late = await t().post('/api/giveawayclaim_v1', { eventid: inApp.id }, { token: winner.tokenvalue });
    expect([late.http, late.body.message]).toEqual([422, 'The 5 minutes to claim this prize have passed.']);
    const picks = await t().db.selectFrom('giveaway_picks').select(['status', 'resolved_by']).execute();
    expect(picks).toEqual([
      { status: 'pending', resolved_by: null },
      { status: 'pending', resolved_by: null },
    ]);
  });

  it('numbers entries per giveaway in the order of the published entry list', async () => {
    const staff = await t().createStaff();
    const [a, b, c] = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    const other = await createGiveaway(t(), staff.tokenvalue, { title: 'Other' });
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), c.tokenvalue, other.id);
    for (const viewer of [a, b, c]) await enter(t(), viewer.tokenvalue, giveaway.id);
    const standing = async (token: string) =>
      (await t().get<Enrollment>('/api/checkifgiveawayenroll_v1', { token, query: { eventid: String(giveaway.id) } }))
        .body.data[0];
    expect(
      (await Promise.all([a, b, c].map((v) => standing(v.tokenvalue)))).map((e) => [e?.entry_number, e?.entrants]),
    ).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const outsider = await t().createViewer();
    expect(await standing(outsider.tokenvalue)).toMatchObject({ exists: false, entry_number: null, entrants: null });

    await closeGiveaways(t());
    const detail = await staffStep(staff.tokenvalue, giveaway.id, 'draw');
    const proof = (await t().get<DrawProof>('/api/giveawayproof_v1', { query: { eventid: String(giveaway.id) } })).body
      .data[0];
    const pick = detail.picks[0];
    const place = (proof?.entries.findIndex((e) => e.entry_id === pick?.entry_id) ?? -1) + 1;
    expect(pick?.entry_number).toBe(place);
    const viewers = [a, b, c];
    const drawnViewer = viewers[place - 1];
    const mine = await t().get<MyDrawResult>('/api/giveawaydraw_v1', {
      token: drawnViewer?.tokenvalue,
      query: { eventid: String(giveaway.id) },
    });
    expect(mine.body.data[0]).toMatchObject({ mine: { entry_number: place }, picks: [{ entry_number: place }] });
  });

  it('reads the draws of a show, and refuses bad questions and visitors', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    const one = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id, title: 'One' });
    const two = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id, title: 'Two' });
    await createGiveaway(t(), staff.tokenvalue, { title: 'Elsewhere' });
    await enter(t(), viewer.tokenvalue, two.id);
    const ofShow = await t().get<MyDrawResult>('/api/giveawaydraw_v1', {
      token: viewer.tokenvalue,
      query: { showid: String(show.id) },
    });
    expect(ofShow.body.data.map((r) => [r.eventid, r.mine, r.picks])).toEqual([
      [one.id, null, []],
      [two.id, { entry_number: 1 }, []],
    ]);
    expect((await t().get('/api/giveawaydraw_v1', { query: { eventid: String(one.id) } })).http).toBe(401);
    const badQueries: Record<string, string>[] = [
      {},
      { eventid: String(one.id), showid: String(show.id) },
      { eventid: 'abc' },
    ];
    for (const query of badQueries) {
      expect((await t().get('/api/giveawaydraw_v1', { token: viewer.tokenvalue, query })).http).toBe(400);
    }
    const missing = await t().get('/api/giveawaydraw_v1', { token: viewer.tokenvalue, query: { eventid: '999999' } });
    expect(missing.http).toBe(404);
  });

  it("pushes a private giveaway's draw only to those who may see it, never to its show's followers", async () => {
    const staff = await t().createStaff();
    const show = await t().createEvent();
    const entrant = await t().createViewer();
    const stranger = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue, {
      show_id: show.id,
      IS_Public: 0,
      access_code: 'VAULT-2026',
    });
    const entered = await t().post(
      '/api/giveawaydata_v1',
      { eventid: giveaway.id, code: 'VAULT-2026' },
      {
        token: entrant.tokenvalue,
      },
    );
    expect(entered.http).toBe(200);
    await closeGiveaways(t());

    const entrantPage = await follower(entrant.tokenvalue, { giveaway: giveaway.id });
    // Following a private giveaway one may not see is answered as for an unknown id; nothing comes of it.
    const strangerPage = await follower(stranger.tokenvalue, { giveaway: giveaway.id });
    const showPage = await follower(stranger.tokenvalue, { show: show.id });
    await staffStep(staff.tokenvalue, giveaway.id, 'draw');
    expect(((await entrantPage.next('draw')) as DrawFrame).result.eventid).toBe(giveaway.id);
    // Anything pushed to the stranger would have arrived before the entrant's frame was read back.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...strangerPage.frames, ...showPage.frames].filter((f) => f.type === 'draw')).toEqual([]);

    const ofShow = async (token: string) =>
      (await t().get<MyDrawResult>('/api/giveawaydraw_v1', { token, query: { showid: String(show.id) } })).body.data;
    expect((await ofShow(entrant.tokenvalue)).map((r) => r.eventid)).toEqual([giveaway.id]);
    expect(await ofShow(stranger.tokenvalue)).toEqual([]);
  });

  it('closes a follow without a valid chat token, and keeps a follower out of chat', async () => {
    const viewer = await t().createViewer();
    const stranger = await connectChat(base);
    clients.push(stranger);
    stranger.send({ type: 'follow', token: 'not-a-token', giveaway: 1 });
    expect((await stranger.next('error')).code).toBe('unauthorized');
    expect((await stranger.closed).code).toBe(4401);
    const page = await follower(viewer.tokenvalue, { giveaway: 1 });
    page.send({ type: 'message', text: 'hello' });
    expect((await page.next('error')).code).toBe('not_joined');
  });
});
