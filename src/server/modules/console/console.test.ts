import { expect, it } from 'vitest';
import { CONSOLE_LIMITS, CONSOLE_MESSAGES } from '../../../shared/contract/console';
import { describeEachEngine } from '../../testing/harness';
import { consoleCalls, createLiveShow, createPiece } from './console.factories';
import { createGiveaway, enter } from '../giveaways/giveaway-factories';
import { showLiveRepository } from '../notifications/show-live.repository';

const MINUTE = 60_000;

describeEachEngine('the producer console', (t) => {
  async function setUp() {
    const staff = await t().createStaff({ first_name: 'Paula', last_name: 'Producer' });
    const show = await createLiveShow(t());
    return { staff, show, c: consoleCalls(t(), show.id, staff.tokenvalue) };
  }

  it('reads every panel of the snapshot from what is stored', async () => {
    const { staff, show, c } = await setUp();
    const piece = await createPiece(t());
    await c.add({ title: 'Welcome', planned_minutes: 5 });
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id, prize: 'Emerald ring' });
    await c.add({
      title: 'The ring',
      planned_minutes: 10,
      notes: 'Close-ups',
      piece_id: piece.id,
      giveaway_id: giveaway.id,
    });
    const viewer = await t().createViewer({ first_name: 'Vera', last_name: 'Viewer' });
    expect((await enter(t(), viewer.tokenvalue, giveaway.id)).http).toBe(200);
    const now = t().clock.now().toISOString();
    await t()
      .db.insertInto('rsvps')
      .values({ user_id: viewer.id, event_id: show.id, rsvp_type: 'web', created_at: now })
      .execute();
    await t()
      .db.insertInto('live_checkins')
      .values({ user_id: viewer.id, event_id: show.id, reachby: 'web', created_at: now })
      .execute();
    await t()
      .db.insertInto('watch_logs')
      .values({
        event_id: show.id,
        user_id: viewer.id,
        reachby: 'web',
        seconds: 60,
        watching: 1,
        started_at: now,
        last_seen_at: now,
      })
      .execute();
    await t()
      .db.insertInto('spin_prizes')
      .values({ event_id: show.id, position: 0, label: '50 points', weight: 1, points: 50, image: null, stock: 4 })
      .execute();
    await t()
      .db.insertInto('chat_messages')
      .values({ room: `show:${show.id}`, event_id: show.id, user_id: viewer.id, text: 'Hello', created_at: now })
      .execute();
    await t()
      .db.insertInto('viewer_samples')
      .values({ event_id: show.id, at: new Date(t().clock.now().getTime() - MINUTE).toISOString(), viewers: 7 })
      .execute();
    await t()
      .db.insertInto('piece_interest')
      .values({
        piece_id: piece.id,
        user_id: viewer.id,
        event_id: show.id,
        name: 'Vera Viewer',
        email: 'vera@example.com',
        phone: '+15550100',
        created_at: now,
      })
      .execute();

    const res = await c.snapshot();
    expect(res.http, res.body.message).toBe(200);
    const snap = res.body.data[0]!;
    expect(snap.show).toMatchObject({ id: show.id, title: 'Emerald Evening', state: 'live', rehearsal: null });
    expect(snap.show.went_live_at).toBe(show.cust_start);
    expect(snap.rundown.segments.map((s) => [s.position, s.title, s.piece?.name ?? null, s.giveaway_id])).toEqual([
      [1, 'Welcome', null, null],
      [2, 'The ring', 'Emerald ring', giveaway.id],
    ]);
    expect(snap.rundown.current_segment_id).toBeNull();
    expect(snap.now_showing).toBeNull();
    expect(snap.giveaways).toHaveLength(1);
    expect(snap.giveaways[0]).toMatchObject({
      id: giveaway.id,
      prize: 'Emerald ring',
      entries_open: true,
      entrants: 1,
      tickets: 1,
      commitment: giveaway.commitment,
      seed: null,
      picks: [],
    });
    expect(snap.spin).toEqual({
      prizes: [{ id: expect.any(Number), label: '50 points', weight: 1, points: 50, stock: 4, won: 0 }],
      spins: 0,
    });
    expect(snap.guessing).toEqual([]);
    expect(snap.chat).toEqual({ room: show.id, paused: false, slow_mode_seconds: 0 });
    expect(snap.counters).toMatchObject({
      viewers_now: 1,
      viewers_peak: 7,
      checkins: 1,
      rsvps: 1,
      entries: 1,
      spins: 0,
      messages_per_minute: 1,
    });
    expect(snap.alerts).toEqual([]);
    expect(snap.timeline.samples).toEqual([{ at: expect.any(String), viewers: 7 }]);
    expect(snap.interest).toEqual([
      expect.objectContaining({
        piece_name: 'Emerald ring',
        name: 'Vera Viewer',
        called_back_at: null,
        called_back_by: null,
      }),
    ]);
    expect(snap.log.map((l) => [l.action, l.by])).toEqual([
      ['segment_add', 'Paula Producer'],
      ['segment_add', 'Paula Producer'],
    ]);
  });

  it('answers 404 for a missing event and for a giveaway, 401 without a token and 403 for a viewer', async () => {
    const { staff, show } = await setUp();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const viewer = await t().createViewer();
    const missing = await t().get(`/api/staff/console/9999`, { token: staff.tokenvalue });
    expect([missing.http, missing.body.message]).toEqual([404, CONSOLE_MESSAGES.notFound]);
    expect((await t().get(`/api/staff/console/${giveaway.id}`, { token: staff.tokenvalue })).http).toBe(404);
    expect((await t().get(`/api/staff/console/${show.id}`)).http).toBe(401);
    expect((await t().get(`/api/staff/console/${show.id}`, { token: viewer.tokenvalue })).http).toBe(403);
    const act = consoleCalls(t(), show.id, viewer.tokenvalue).act({ action: 'go_live' });
    expect((await act).http).toBe(403);
    expect((await t().post(`/api/staff/console/${show.id}/act`, { action: 'go_live' })).http).toBe(401);
    expect((await consoleCalls(t(), 9999, staff.tokenvalue).act({ action: 'chat_clear' })).http).toBe(404);
  });

  it('goes live early: the start moves to now, the end stays, the show reads live and is due its "live now"', async () => {
    const staff = await t().createStaff();
    const show = await t().createEvent({ type: 'show' });
    const c = consoleCalls(t(), show.id, staff.tokenvalue);
    const dueBefore = await showLiveRepository.dueShows(t().db, t().clock.now().toISOString(), '2000-01-01');
    expect(dueBefore.map((s) => s.id)).not.toContain(show.id);
    expect((await c.snapshot()).body.data[0]?.show.state).toBe('upcoming');

    const res = await c.act({ action: 'go_live' });
    expect(res.http, res.body.message).toBe(200);
    const snap = res.body.data[0]!;
    expect(snap.show.state).toBe('live');
    expect(snap.show.went_live_at).toBe(t().clock.now().toISOString());
    expect(snap.show.cust_end).toBe(show.cust_end);
    expect(new Date(snap.show.cust_start).getTime()).toBeLessThan(t().clock.now().getTime());
    expect(new Date(snap.show.cust_start).getTime()).toBeGreaterThan(t().clock.now().getTime() - 1000);
    const live = await t().get<{ id: number }>('/api/eventlist_v1', { query: { type: 'show', on: 'live' } });
    expect(live.body.data.map((e) => e.id)).toEqual([show.id]);
    const dueAfter = await showLiveRepository.dueShows(t().db, t().clock.now().toISOString(), '2000-01-01');
    expect(dueAfter.map((s) => s.id)).toContain(show.id);
    expect(snap.timeline.marks).toEqual([expect.objectContaining({ action: 'go_live' })]);

    const again = await c.act({ action: 'go_live' });
    expect([again.http, again.body.message]).toEqual([409, CONSOLE_MESSAGES.alreadyLive]);
    expect((await c.act({ action: 'end' })).http).toBe(200);
    const ended = await c.act({ action: 'go_live' });
    expect([ended.http, ended.body.message]).toEqual([409, CONSOLE_MESSAGES.ended]);
    const state = (await c.snapshot()).body.data[0]!;
    expect(state.show.state).toBe('ended');
    expect(state.log.map((l) => l.action)).toEqual(['end', 'go_live']);
  });

  it('advances the rundown, puts its piece on air and refuses a press that saw an old segment', async () => {
    const { show, c } = await setUp();
    const piece = await createPiece(t());
    const first = (await c.add({ title: 'Welcome', planned_minutes: 5 })).body.data[0]!.segments[0]!;
    const second = (await c.add({ title: 'The ring', planned_minutes: 10, piece_id: piece.id })).body.data[0]!
      .segments[1]!;

    const one = await c.act({ action: 'next_segment', from: null });
    expect(one.http, one.body.message).toBe(200);
    expect(one.body.data[0]!.rundown.current_segment_id).toBe(first.id);
    expect(one.body.data[0]!.now_showing).toBeNull();
    t().clock.advance(6 * MINUTE);
    expect((await c.snapshot()).body.data[0]!.alerts.map((a) => a.kind)).toEqual(['over_time']);

    const stale = await c.act({ action: 'next_segment', from: null });
    expect([stale.http, stale.body.message]).toEqual([409, CONSOLE_MESSAGES.staleSegment]);
    expect((await c.snapshot()).body.data[0]!.rundown.current_segment_id).toBe(first.id);

    const two = await c.act({ action: 'next_segment', from: first.id });
    const snap = two.body.data[0]!;
    expect(snap.rundown.current_segment_id).toBe(second.id);
    expect(snap.now_showing).toMatchObject({
      id: piece.id,
      name: 'Emerald ring',
      photos: ['/media/pieces/emerald.jpg'],
    });
    const [ended, started] = snap.rundown.segments;
    expect(ended?.ended_at).toBe(t().clock.now().toISOString());
    expect(started).toMatchObject({ started_at: t().clock.now().toISOString(), ended_at: null });
    const showings = await t().db.selectFrom('piece_showings').selectAll().where('event_id', '=', show.id).execute();
    expect(showings.map((s) => s.piece_id)).toEqual([piece.id]);
    expect(snap.log[0]).toMatchObject({ action: 'next_segment', by: 'Paula Producer' });
    expect(snap.log[0]?.detail).toContain('now showing Emerald ring');

    const last = await c.act({ action: 'next_segment', from: second.id });
    expect([last.http, last.body.message]).toEqual([409, CONSOLE_MESSAGES.lastSegment]);
    // Back to the first: a segment without a piece takes the card down.
    const back = await c.act({ action: 'set_segment', segmentId: first.id });
    expect(back.body.data[0]).toMatchObject({ now_showing: null, rundown: { current_segment_id: first.id } });
    expect((await c.act({ action: 'set_segment', segmentId: 9999 })).http).toBe(404);
  });

  it('advances once when two staff press "next segment" at the same moment', async () => {
    const { show, c } = await setUp();
    const other = await t().createStaff({ first_name: 'Otto', last_name: 'Other' });
    await c.add({ title: 'One', planned_minutes: 5 });
    await c.add({ title: 'Two', planned_minutes: 5 });
    const [a, b] = await Promise.all([
      c.act({ action: 'next_segment', from: null }),
      c.act({ action: 'next_segment', from: null }, other.tokenvalue),
    ]);
    expect([a.http, b.http].sort()).toEqual([200, 409]);
    const snap = (await c.snapshot()).body.data[0]!;
    expect(snap.rundown.current_segment_id).toBe(snap.rundown.segments[0]?.id);
    expect(snap.rundown.segments.map((s) => s.started_at !== null)).toEqual([true, false]);
    const logged = await t()
      .db.selectFrom('console_actions')
      .select('action')
      .where('event_id', '=', show.id)
      .where('action', '=', 'next_segment')
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const { staff, show, c } = await setUp();
    const before = (await c.snapshot()).body.data[0]!;
    const unknown = await c.act({ action: 'dance' });
    expect(unknown.http).toBe(400);
    const empty = await c.act({ action: 'chat_announce', text: '   ' });
    expect([empty.http, empty.body.message]).toEqual([400, 'Write the announcement.']);
    const badFrom = await c.act({ action: 'next_segment', from: 'x', note: 'a segment id is a number' });
    expect(badFrom.http).toBe(400);
    const noTitle = await c.add({ title: '', planned_minutes: 5 });
    expect(noTitle.http).toBe(400);
    expect(noTitle.body.data).toEqual([{ field: 'title', message: 'Give the segment a title.' }]);
    const noPiece = await c.add({ title: 'Ring', planned_minutes: 5, piece_id: 4242 });
    expect([noPiece.http, noPiece.body.data]).toEqual([
      400,
      [{ field: 'piece_id', message: CONSOLE_MESSAGES.pieceNotFound }],
    ]);
    const elsewhere = await createGiveaway(t(), staff.tokenvalue);
    const notOurs = await c.add({ title: 'Giveaway', planned_minutes: 5, giveaway_id: elsewhere.id });
    expect([notOurs.http, notOurs.body.data]).toEqual([
      400,
      [{ field: 'giveaway_id', message: CONSOLE_MESSAGES.giveawayNotFound }],
    ]);
    const wrongGiveaway = await c.act({ action: 'draw', giveawayId: elsewhere.id });
    expect([wrongGiveaway.http, wrongGiveaway.body.message]).toEqual([404, CONSOLE_MESSAGES.giveawayNotFound]);
    const wrongQuestion = await c.act({ action: 'guess_close', questionId: 77 });
    expect([wrongQuestion.http, wrongQuestion.body.message]).toEqual([404, CONSOLE_MESSAGES.questionNotFound]);
    const wrongInterest = await c.act({ action: 'called_back', interestId: 5 });
    expect(wrongInterest.http).toBe(404);
    const wrongPiece = await c.act({ action: 'show_piece', pieceId: 5 });
    expect(wrongPiece.http).toBe(404);
    const after = (await c.snapshot()).body.data[0]!;
    expect(after.rundown).toEqual(before.rundown);
    expect(after.log).toEqual([]);
    const actions = await t().db.selectFrom('console_actions').select('id').where('event_id', '=', show.id).execute();
    expect(actions).toEqual([]);
  });

  it('edits, deletes and reorders the rundown, and refuses an order that is not every segment once', async () => {
    const { c } = await setUp();
    const piece = await createPiece(t());
    await c.add({ title: 'A', planned_minutes: 5 });
    await c.add({ title: 'B', planned_minutes: 5 });
    const added = await c.add({ title: 'C', planned_minutes: 5 });
    const [a, b, seg] = added.body.data[0]!.segments;
    const edited = await c.update(b!.id, { title: 'B2', planned_minutes: 8, notes: 'Slow', piece_id: piece.id });
    expect(edited.http, edited.body.message).toBe(200);
    expect(edited.body.data[0]!.segments[1]).toMatchObject({ title: 'B2', planned_minutes: 8, notes: 'Slow' });
    expect((await c.update(9999, { title: 'X', planned_minutes: 5 })).http).toBe(404);

    const mismatch = await c.reorder([seg!.id, a!.id]);
    expect([mismatch.http, mismatch.body.message]).toEqual([400, CONSOLE_MESSAGES.orderMismatch]);
    const twice = await c.reorder([seg!.id, a!.id, a!.id]);
    expect(twice.http).toBe(400);
    const reordered = await c.reorder([seg!.id, a!.id, b!.id]);
    expect(reordered.body.data[0]!.segments.map((s) => s.title)).toEqual(['C', 'A', 'B2']);

    await c.act({ action: 'next_segment', from: null });
    const removed = await c.remove(seg!.id);
    expect(removed.http).toBe(200);
    expect(removed.body.data[0]).toMatchObject({ current_segment_id: null });
    expect(removed.body.data[0]!.segments.map((s) => s.title)).toEqual(['A', 'B2']);
    expect((await c.remove(seg!.id)).http).toBe(404);
    const log = (await c.snapshot()).body.data[0]!.log.map((l) => l.action);
    expect(log.slice(0, 4)).toEqual(['segment_delete', 'next_segment', 'segment_order', 'segment_edit']);
  });

  it(`refuses a segment past ${CONSOLE_LIMITS.segments}`, async () => {
    const { show, c } = await setUp();
    const at = t().clock.now().toISOString();
    await t()
      .db.insertInto('rundown_segments')
      .values(
        Array.from({ length: CONSOLE_LIMITS.segments }, (_, i) => ({
          event_id: show.id,
          position: i + 1,
          title: `S${i}`,
          planned_minutes: 1,
          notes: '',
          created_at: at,
        })),
      )
      .execute();
    const full = await c.add({ title: 'One more', planned_minutes: 5 });
    expect([full.http, full.body.message]).toEqual([409, CONSOLE_MESSAGES.rundownFull]);
  });

  it('runs the giveaway from the console: close entries, draw with the entry number, claim', async () => {
    const { staff, show, c } = await setUp();
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id, prize: 'Emerald ring' });
    const viewer = await t().createViewer({ first_name: 'Wendy', last_name: 'Winner' });
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const early = await c.act({ action: 'draw', giveawayId: giveaway.id });
    expect(early.http).toBe(422);
    const closed = await c.act({ action: 'close_entries', giveawayId: giveaway.id });
    expect(closed.http, closed.body.message).toBe(200);
    expect(closed.body.data[0]!.giveaways[0]?.entries_open).toBe(false);
    t().clock.advance(1000);
    const drawn = await c.act({ action: 'draw', giveawayId: giveaway.id });
    expect(drawn.http, drawn.body.message).toBe(200);
    const g = drawn.body.data[0]!.giveaways[0]!;
    expect(g.picks).toHaveLength(1);
    expect(g.seed).not.toBeNull();
    expect(drawn.body.data[0]!.log[0]).toMatchObject({
      action: 'draw',
      by: 'Paula Producer',
      detail: 'Drew entry 1 of 1 for Emerald ring: Wendy Winner',
    });
    expect(drawn.body.data[0]!.timeline.marks.map((m) => m.action)).toEqual(['draw']);
    t().clock.advance(4.5 * MINUTE);
    expect((await c.snapshot()).body.data[0]!.alerts.map((a) => a.kind)).toContain('unclaimed_winner');
    const claimed = await c.act({ action: 'claim', giveawayId: giveaway.id, pickId: g.picks[0]!.id });
    expect(claimed.body.data[0]!.giveaways[0]!.picks[0]!.status).toBe('claimed');
    expect(claimed.body.data[0]!.alerts).toEqual([]);
  });

  it('opens, closes and reveals a guessing question with its committed answer', async () => {
    const { c } = await setUp();
    const opened = await c.act({
      action: 'guess_open',
      question: 'How many carats?',
      unit: 'ct',
      answer: 3.5,
      minutes: 2,
    });
    expect(opened.http, opened.body.message).toBe(200);
    const q = opened.body.data[0]!.guessing[0]!;
    expect(q).toMatchObject({ question: 'How many carats?', secret_answer: 3.5 });
    expect(new Date(q.closes_at).getTime()).toBe(t().clock.now().getTime() + 2 * MINUTE);
    const early = await c.act({ action: 'guess_reveal', questionId: q.id });
    expect(early.http).toBe(409);
    expect((await c.act({ action: 'guess_close', questionId: q.id })).http).toBe(200);
    t().clock.advance(1000);
    const revealed = await c.act({ action: 'guess_reveal', questionId: q.id });
    expect(revealed.http, revealed.body.message).toBe(200);
    expect(revealed.body.data[0]!.log.map((l) => l.action)).toEqual(['guess_reveal', 'guess_close', 'guess_open']);
  });

  it('marks a buyer called back with who called', async () => {
    const { show, c } = await setUp();
    const piece = await createPiece(t());
    const viewer = await t().createViewer();
    const row = await t()
      .db.insertInto('piece_interest')
      .values({
        piece_id: piece.id,
        user_id: viewer.id,
        event_id: show.id,
        name: 'Vera Viewer',
        email: 'v@example.com',
        phone: '+15550100',
        created_at: t().clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await c.act({ action: 'called_back', interestId: row.id });
    expect(res.body.data[0]!.interest[0]).toMatchObject({
      called_back_at: t().clock.now().toISOString(),
      called_back_by: 'Paula Producer',
    });
    expect(res.body.data[0]!.log[0]).toMatchObject({ action: 'called_back', detail: 'Called back Vera Viewer' });
  });
});
