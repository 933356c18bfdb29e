import { expect, it } from 'vitest';
import type { EventRecord } from '../../../shared/contract/events';
import type { RsvpEntry, StaffEventRecord } from '../../../shared/contract/staff-events';
import { isValidStream } from '../../../shared/contract/staff-events';
import { describeEachEngine } from '../../testing/harness';
import { closeGiveaways, createGiveaway, enter } from '../giveaways/giveaway-factories';

const MINUTE = 60_000;

const newShow = (overrides: Record<string, unknown> = {}) => ({
  type: 'show',
  title: 'Emerald Evening',
  description: 'Colombian and Zambian emeralds side by side.',
  cust_start: '2026-06-20T19:00:00-07:00',
  cust_end: '2026-06-20T20:30:00-07:00',
  platform: 'hls',
  stream_url: 'https://stream.example.com/live/emerald.m3u8',
  ...overrides,
});

it('accepts only stream addresses that fit the platform', () => {
  expect(isValidStream('hls', '/media/demo/live.m3u8')).toBe(true);
  expect(isValidStream('hls', 'https://cdn.example.com/a/b.m3u8?token=1')).toBe(true);
  expect(isValidStream('hls', 'javascript:alert(1).m3u8')).toBe(false);
  expect(isValidStream('youtube', 'dQw4w9WgXcQ')).toBe(true);
  expect(isValidStream('youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(true);
  expect(isValidStream('facebook', 'https://www.facebook.com/gemcast/videos/123456789')).toBe(true);
  expect(isValidStream('agora', 'show-12')).toBe(true);
  expect(isValidStream('agora', 'show 12')).toBe(false);
});

describeEachEngine('staff scheduling', (t) => {
  it('creates a show that then appears in the public upcoming list, stored in UTC', async () => {
    const staff = await t().createStaff();
    const res = await t().post<StaffEventRecord>('/api/staff/events', newShow(), { token: staff.tokenvalue });
    expect(res.http).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      title: 'Emerald Evening',
      cust_start: '2026-06-21T02:00:00.000Z',
      cust_end: '2026-06-21T03:30:00.000Z',
      status: 'upcoming',
      IS_Public: 1,
      rsvp_count: 0,
      stream_url: 'https://stream.example.com/live/emerald.m3u8',
    });
    const list = await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'show' } });
    expect(list.body.data.map((e) => e.title)).toEqual(['Emerald Evening']);
  });

  it('edits the schedule and the stream, and refuses an end before the start', async () => {
    const staff = await t().createStaff();
    const created = (await t().post<StaffEventRecord>('/api/staff/events', newShow(), { token: staff.tokenvalue })).body
      .data[0]!;
    const edited = await t().post<StaffEventRecord>(
      `/api/staff/events/${created.id}`,
      { title: 'Emerald Evening II', platform: 'youtube', stream_url: 'dQw4w9WgXcQ' },
      { token: staff.tokenvalue },
    );
    expect(edited.body.data[0]).toMatchObject({
      title: 'Emerald Evening II',
      platform: 'youtube',
      stream_url: 'dQw4w9WgXcQ',
    });
    const backwards = await t().post(
      `/api/staff/events/${created.id}`,
      { cust_end: '2026-06-20T18:00:00-07:00' },
      { token: staff.tokenvalue },
    );
    expect(backwards.http).toBe(400);
    expect(backwards.body.message).toBe('The end must come after the start.');
    const row = await t()
      .db.selectFrom('events')
      .select(['title', 'cust_end'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Emerald Evening II', cust_end: '2026-06-21T03:30:00.000Z' });
  });

  it('ends a live show now, and refuses to end one that has not started', async () => {
    const staff = await t().createStaff();
    const live = await t().createEvent({ cust_start: new Date(t().clock.now().getTime() - 60_000).toISOString() });
    const upcoming = await t().createEvent();
    const ended = await t().post<StaffEventRecord>(`/api/staff/events/${live.id}/end`, {}, { token: staff.tokenvalue });
    expect(ended.body.data[0]).toMatchObject({ status: 'past', cust_end: t().clock.now().toISOString() });
    const early = await t().post(`/api/staff/events/${upcoming.id}/end`, {}, { token: staff.tokenvalue });
    expect(early.http).toBe(422);
    expect((await t().get('/api/liveevent_v1', { query: { type: 'show' } })).body.status).toBe(0);
  });

  it('lists every event for staff, private ones included, with RSVP counts and the RSVP list', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer({ first_name: 'Garnet' });
    const show = await t().createEvent({ title: 'Collectors only' });
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    // Made private after the RSVP: a private show takes none (decision 051), and keeps those it has.
    await t().db.updateTable('events').set({ is_public: 0 }).where('id', '=', show.id).execute();
    const list = await t().get<StaffEventRecord>('/api/staff/events', { token: staff.tokenvalue });
    expect(list.body.data.map((e) => [e.title, e.IS_Public, e.rsvp_count])).toEqual([['Collectors only', 0, 1]]);
    const rsvps = await t().get<RsvpEntry>(`/api/staff/events/${show.id}/rsvps`, { token: staff.tokenvalue });
    expect(rsvps.body.data).toEqual([
      {
        user_id: viewer.id,
        name: `Garnet ${viewer.last_name}`,
        email: viewer.email,
        created_at: t().clock.now().toISOString(),
      },
    ]);
  });

  it('reads one event with its stream, replay and RSVP count, private ones included', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await t().createEvent({
      title: 'Collectors only',
      stream_url: 'https://stream.example.com/c.m3u8',
    });
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    await t().db.updateTable('events').set({ is_public: 0 }).where('id', '=', show.id).execute();
    const res = await t().get<StaffEventRecord>(`/api/staff/events/${show.id}`, { token: staff.tokenvalue });
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: show.id,
        title: 'Collectors only',
        IS_Public: 0,
        stream_url: 'https://stream.example.com/c.m3u8',
        replay_url: '',
        rsvp_count: 1,
        status: 'upcoming',
      }),
    ]);
  });

  it('gives back a /media/ image as it was saved, so saving the form again keeps it', async () => {
    const staff = await t().createStaff();
    const created = await t().post<StaffEventRecord>(
      '/api/staff/events',
      newShow({ image: '/media/shows/emerald.jpg' }),
      { token: staff.tokenvalue },
    );
    const record = created.body.data[0]!;
    expect(record.image).toBe('/media/shows/emerald.jpg');
    const saved = await t().post<StaffEventRecord>(
      `/api/staff/events/${record.id}`,
      { image: record.image },
      { token: staff.tokenvalue },
    );
    expect(saved.body.data[0]!.image).toBe('/media/shows/emerald.jpg');
    const row = await t().db.selectFrom('events').select('image').where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(row.image).toBe('shows/emerald.jpg');
    const cleared = await t().post<StaffEventRecord>(
      `/api/staff/events/${record.id}`,
      { image: '' },
      { token: staff.tokenvalue },
    );
    expect(cleared.body.data[0]!.image).toBe('');
  });

  it.each([
    ['no title', { title: '' }, 'Give the event a title.'],
    ['an unknown type', { type: 'auction' }, 'type is show, giveaway or specialshow.'],
    [
      'a start without an offset',
      { cust_start: '2026-06-20 19:00' },
      'The start is a date and time with its offset, like 2026-06-15T19:00:00-07:00.',
    ],
    ['an end before the start', { cust_end: '2026-06-20T18:00:00-07:00' }, 'The end must come after the start.'],
    [
      'an HLS stream that is not a playlist',
      { stream_url: 'https://stream.example.com/live.mp4' },
      'That is not a hls stream address.',
    ],
    ['a javascript: image', { image: 'javascript:alert(1)' }, 'The image is an https:// URL or a /media/ path.'],
  ])('refuses a show with %s and stores nothing', async (_label, overrides, message) => {
    const staff = await t().createStaff();
    const res = await t().post('/api/staff/events', newShow(overrides), { token: staff.tokenvalue });
    expect(res.http).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await t().db.selectFrom('events').select('id').execute()).toHaveLength(0);
  });

  it("keeps a drawn giveaway's window and type, answering 409 and changing nothing", async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    expect(
      (await t().post(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, { token: staff.tokenvalue })).http,
    ).toBe(200);
    const before = await t()
      .db.selectFrom('events')
      .selectAll()
      .where('id', '=', giveaway.id)
      .executeTakeFirstOrThrow();
    const later = (minutes: number) => new Date(t().clock.now().getTime() + minutes * MINUTE).toISOString();
    for (const [edit, message] of [
      [{ cust_end: later(60) }, 'Winners have been drawn, so the entry window can no longer change.'],
      [
        { cust_start: new Date(new Date(giveaway.cust_start).getTime() - MINUTE).toISOString(), title: 'Moved' },
        'Winners have been drawn, so the entry window can no longer change.',
      ],
      [{ type: 'show' }, 'Winners have been drawn, so this event stays a giveaway.'],
    ] as const) {
      const res = await t().post(`/api/staff/events/${giveaway.id}`, edit, { token: staff.tokenvalue });
      expect(res.http).toBe(409);
      expect(res.body).toEqual({ status: 0, statusCode: 409, message, data: [] });
    }
    expect(
      await t().db.selectFrom('events').selectAll().where('id', '=', giveaway.id).executeTakeFirstOrThrow(),
    ).toEqual(before);
    // Details that do not touch the draw can still be edited.
    const renamed = await t().post<StaffEventRecord>(
      `/api/staff/events/${giveaway.id}`,
      { title: 'Sapphire pendant giveaway (drawn)', cust_end: giveaway.cust_end },
      { token: staff.tokenvalue },
    );
    expect(renamed.http).toBe(200);
    expect(renamed.body.data[0]).toMatchObject({
      title: 'Sapphire pendant giveaway (drawn)',
      cust_end: before.cust_end,
      type: 'giveaway',
    });
  });

  it('moves the window of a giveaway that has not been drawn yet', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const end = new Date(t().clock.now().getTime() + 90 * MINUTE).toISOString();
    const moved = await t().post<StaffEventRecord>(
      `/api/staff/events/${giveaway.id}`,
      { cust_end: end },
      { token: staff.tokenvalue },
    );
    expect(moved.http).toBe(200);
    expect(moved.body.data[0]?.cust_end).toBe(end);
  });

  it('ends a giveaway early and the next entry is refused at once', async () => {
    const staff = await t().createStaff();
    const [early, late] = [await t().createViewer(), await t().createViewer()];
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    expect((await enter(t(), early.tokenvalue, giveaway.id)).http).toBe(200);
    expect((await t().post(`/api/staff/events/${giveaway.id}/end`, {}, { token: staff.tokenvalue })).http).toBe(200);
    const refused = await enter(t(), late.tokenvalue, giveaway.id);
    expect([refused.http, refused.body.message]).toEqual([
      422,
      'This giveaway has closed. A new giveaway comes with every live show.',
    ]);
    expect(
      await t().db.selectFrom('giveaway_entries').select('user_id').where('giveaway_id', '=', giveaway.id).execute(),
    ).toEqual([{ user_id: early.id }]);
  });

  it('keeps viewers out with 403 and visitors with 401, changing nothing', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    for (const [method, url] of [
      ['POST', '/api/staff/events'],
      ['POST', `/api/staff/events/${show.id}`],
      ['POST', `/api/staff/events/${show.id}/end`],
      ['GET', '/api/staff/events'],
      ['GET', `/api/staff/events/${show.id}`],
      ['GET', `/api/staff/events/${show.id}/rsvps`],
    ] as const) {
      const asViewer =
        method === 'GET'
          ? await t().get(url, { token: viewer.tokenvalue })
          : await t().post(url, newShow(), { token: viewer.tokenvalue });
      const asVisitor = method === 'GET' ? await t().get(url) : await t().post(url, newShow());
      expect([url, asViewer.http, asVisitor.http]).toEqual([url, 403, 401]);
    }
    expect(await t().db.selectFrom('events').select(['id', 'title']).execute()).toEqual([
      { id: show.id, title: show.title },
    ]);
  });

  it('answers 404 for an unknown event and 400 for a malformed id', async () => {
    const staff = await t().createStaff();
    expect((await t().post('/api/staff/events/999', { title: 'x' }, { token: staff.tokenvalue })).http).toBe(404);
    expect((await t().get('/api/staff/events/999', { token: staff.tokenvalue })).http).toBe(404);
    expect((await t().get('/api/staff/events/abc/rsvps', { token: staff.tokenvalue })).http).toBe(400);
    expect((await t().get('/api/staff/events/0', { token: staff.tokenvalue })).http).toBe(400);
  });
});
