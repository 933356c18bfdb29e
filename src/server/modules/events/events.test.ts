import { expect, it } from 'vitest';
import type { EventRecord } from '../../../shared/contract/events';
import { describeEachEngine } from '../../testing/harness';
import { batchesPerTurn } from '../../db/turn-batch';
import { countingQueries } from '../../testing/query-counter';
import { eventsRepository } from './events.repository';
import { createEventsService } from './events.service';
import { createLiveLookup } from './live-lookup';

const HOUR = 60 * 60_000;
const at = (t: { clock: { now: () => Date } }, hoursFromNow: number) =>
  new Date(t.clock.now().getTime() + hoursFromNow * HOUR).toISOString();

describeEachEngine('event reads', (t) => {
  async function schedule() {
    const past = await t().createEvent({ title: 'Past', cust_start: at(t(), -30), cust_end: at(t(), -29) });
    const live = await t().createEvent({ title: 'Live', cust_start: at(t(), -0.5), cust_end: at(t(), 0.5) });
    const soon = await t().createEvent({ title: 'Soon', cust_start: at(t(), 2), cust_end: at(t(), 3) });
    const later = await t().createEvent({ title: 'Later', cust_start: at(t(), 48), cust_end: at(t(), 49) });
    const hidden = await t().createEvent({
      title: 'Private',
      is_public: 0,
      cust_start: at(t(), 1),
      cust_end: at(t(), 2),
    });
    const giveaway = await t().createEvent({
      title: 'Giveaway',
      type: 'giveaway',
      cust_start: at(t(), -1),
      cust_end: at(t(), 5),
    });
    return { past, live, soon, later, hidden, giveaway };
  }

  it('lists upcoming public shows soonest first, with their status from the server clock', async () => {
    await schedule();
    const res = await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'show', on: 'upcoming' } });
    expect(res.http).toBe(200);
    expect(res.body.data.map((e) => [e.title, e.status])).toEqual([
      ['Soon', 'upcoming'],
      ['Later', 'upcoming'],
    ]);
    expect(res.body.tzdiff).toBe('-07:00');
  });

  it('lists what is live now, what is past (newest first) and everything', async () => {
    await schedule();
    const titles = async (on: string) =>
      (await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'show', on } })).body.data.map((e) => e.title);
    expect(await titles('live')).toEqual(['Live']);
    expect(await titles('past')).toEqual(['Past']);
    expect(await titles('all')).toEqual(['Later', 'Soon', 'Live', 'Past']);
    expect(
      (await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'giveaway', on: 'live' } })).body.data.map(
        (e) => e.title,
      ),
    ).toEqual(['Giveaway']);
  });

  it('moves a show from upcoming to live to past as time passes', async () => {
    const { soon } = await schedule();
    const statusOf = async () =>
      (await t().get<EventRecord>('/api/eventdata_v1', { query: { eventid: String(soon.id) } })).body.data[0]?.status;
    expect(await statusOf()).toBe('upcoming');
    t().clock.advance(2.5 * HOUR);
    expect(await statusOf()).toBe('live');
    t().clock.advance(HOUR);
    expect(await statusOf()).toBe('past');
  });

  it('answers a private event as an unknown one to visitors, and returns it to staff (decision 051)', async () => {
    const { hidden } = await schedule();
    const res = await t().get<EventRecord>('/api/eventdata_v1', { query: { eventid: String(hidden.id) } });
    const unknown = await t().get<EventRecord>('/api/eventdata_v1', { query: { eventid: '999' } });
    expect([res.http, res.body]).toEqual([404, unknown.body]);
    const staff = await t().createStaff();
    const seen = await t().get<EventRecord>('/api/eventdata_v1', {
      token: staff.tokenvalue,
      query: { eventid: String(hidden.id) },
    });
    expect(seen.http).toBe(200);
    expect(seen.body.data[0]).toMatchObject({ id: hidden.id, title: 'Private', IS_Public: 0, type: 'show', image: '' });
  });

  it('answers 404 in the envelope for an unknown event', async () => {
    const res = await t().get('/api/eventdata_v1', { query: { eventid: '999' } });
    expect(res.http).toBe(404);
    expect(res.body).toEqual({
      status: 0,
      statusCode: 404,
      message: 'We could not find that show or event.',
      data: [],
    });
  });

  it.each([
    ['/api/eventlist_v1', {}, 'type is show, giveaway or specialshow.'],
    ['/api/eventlist_v1', { type: 'concert' }, 'type is show, giveaway or specialshow.'],
    ['/api/eventlist_v1', { type: 'show', on: 'tomorrow' }, 'on is upcoming, live, past or all.'],
    ['/api/eventlist_v1', { type: 'show', limit: '500' }, undefined],
    ['/api/eventdata_v1', { eventid: 'abc' }, 'eventid is a number.'],
    ['/api/eventdata_v1', {}, 'eventid is a number.'],
  ])('refuses %s with %j', async (url, query, message) => {
    const res = await t().get(url, { query });
    expect(res.http).toBe(400);
    expect(res.body.status).toBe(-1);
    if (message) expect(res.body.message).toBe(message);
  });

  it('lists through the service what eventlist_v1 answers, and finds the show live now', async () => {
    await schedule();
    const events = createEventsService(t().app.ctx, createLiveLookup(t().app.ctx));
    const all = await events.list({ type: 'show', on: 'all', limit: 12 });
    expect(all.map((e) => [e.title, e.status])).toEqual([
      ['Later', 'upcoming'],
      ['Soon', 'upcoming'],
      ['Live', 'live'],
      ['Past', 'past'],
    ]);
    const res = await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'show', on: 'all' } });
    expect(res.body.data).toEqual(all);
    expect(await events.live('show')).toMatchObject({ title: 'Live', status: 'live' });
    expect(await events.live('giveaway')).toMatchObject({ title: 'Giveaway', status: 'live' });
  });

  it('caps the list at the limit asked for', async () => {
    for (let i = 0; i < 4; i++)
      await t().createEvent({ title: `Show ${i}`, cust_start: at(t(), i + 1), cust_end: at(t(), i + 2) });
    const res = await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'show', limit: '2' } });
    expect(res.body.data.map((e) => e.title)).toEqual(['Show 0', 'Show 1']);
  });
});

describeEachEngine('liveevent_v1', (t) => {
  it('returns the show that is live now', async () => {
    const live = await t().createEvent({
      title: 'On air',
      cust_start: new Date(t().clock.now().getTime() - HOUR / 2).toISOString(),
    });
    const res = await t().get<EventRecord>('/api/liveevent_v1', { query: { type: 'show' } });
    expect(res.http).toBe(200);
    expect(res.body.status).toBe(1);
    expect(res.body.data[0]).toMatchObject({ id: live.id, status: 'live' });
  });

  it("answers status 0 with the server's message when nothing is live", async () => {
    await t().createEvent();
    const res = await t().get('/api/liveevent_v1', { query: { type: 'show' } });
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({
      status: 0,
      message: 'Nothing is live right now. See you at the next show!',
      data: [],
    });
  });

  it('refuses an unknown type', async () => {
    const res = await t().get('/api/liveevent_v1', { query: { type: 'specialshow' } });
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('type is show or giveaway.');
  });

  it('answers the reads of one turn by id each with its own show, in one query on PostgreSQL', async () => {
    const [first, second] = [
      await t().createEvent({ title: 'Opal Hour' }),
      await t().createEvent({ title: 'Jade Night' }),
    ];
    // The database PostgreSQL opens batches; the counting copy does as it does.
    expect(batchesPerTurn(t().db)).toBe(t().engine === 'postgres');
    const counter = countingQueries(t().db);
    const { db } = counter;
    const ids = [first.id, second.id, first.id, 999_999];
    const rows = await Promise.all(ids.map((id) => eventsRepository.byId(db, id)));
    expect(rows.map((row) => row?.title ?? null)).toEqual(['Opal Hour', 'Jade Night', 'Opal Hour', null]);
    expect(counter.take()).toBe(t().engine === 'postgres' ? 1 : ids.length);
    // In a transaction each read is its own, on the transaction's connection.
    await db.transaction().execute(async (trx) => {
      expect((await eventsRepository.byId(trx, second.id))?.title).toBe('Jade Night');
    });
    expect(counter.take()).toBe(1);
  });
});
