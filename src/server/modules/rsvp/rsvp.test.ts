import { expect, it } from 'vitest';
import type { Rsvp } from '../../../shared/contract/rsvp';
import { describeEachEngine } from '../../testing/harness';
import { countingQueries } from '../../testing/query-counter';
import { createRsvpService } from './rsvp.service';

const HOUR = 60 * 60_000;

describeEachEngine('RSVP', (t) => {
  it("records one RSVP of type 'new' and reports it", async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    const res = await t().post<Rsvp>(
      '/api/rsvpdata_v1',
      { eventid: show.id, type: 'vip' },
      { token: viewer.tokenvalue },
    );
    expect(res.http).toBe(200);
    expect(res.body.message).toBe("You're on the list! We'll remind you before the show starts.");
    expect(res.body.data[0]).toMatchObject({ exists: true, eventid: show.id, rsvp_type: 'new' });
    const check = await t().get<{ exists: boolean }>('/api/checkifrsvpenroll_v1', {
      token: viewer.tokenvalue,
      query: { eventid: String(show.id), type: 'show' },
    });
    expect(check.body.data[0]).toEqual({ exists: true });
  });

  it('answers that a viewer is already in, and changes nothing, on a second RSVP', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    const again = await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    expect(again.http).toBe(409);
    expect(again.body).toMatchObject({ status: 0, message: "You're already on the list for this show." });
    expect(await t().db.selectFrom('rsvps').select('id').execute()).toHaveLength(1);
  });

  it('keeps exactly one RSVP when two arrive at once', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    const answers = await Promise.all(
      [1, 2, 3].map(() => t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue })),
    );
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409, 409]);
    expect(await t().db.selectFrom('rsvps').select('id').execute()).toHaveLength(1);
  });

  it('says no for a viewer who has not RSVPed', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    const check = await t().get<{ exists: boolean }>('/api/checkifrsvpenroll_v1', {
      token: viewer.tokenvalue,
      query: { eventid: String(show.id) },
    });
    expect(check.body.data[0]).toEqual({ exists: false });
  });

  it('answers many viewers asking at once about several shows, each for themselves (one query a turn on PostgreSQL)', async () => {
    const viewers = await Promise.all([1, 2, 3].map(() => t().createViewer()));
    const [first, second] = [await t().createEvent(), await t().createEvent()];
    for (const [viewer, show] of [
      [viewers[0]!, first],
      [viewers[1]!, second],
      [viewers[2]!, first],
      [viewers[2]!, second],
    ] as const)
      await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    const counter = countingQueries(t().db);
    const rsvps = createRsvpService({ ...t().app.ctx, db: counter.db }, { hasQuestions: async () => false });
    const asks = viewers.flatMap((viewer) => [first, second].map((show) => [viewer.id, show.id] as const));
    const answers = await Promise.all(asks.map(([userId, eventId]) => rsvps.hasRsvped(userId, eventId)));
    expect(answers).toEqual([true, false, false, true, true, true]);
    expect(counter.take()).toBe(t().engine === 'postgres' ? 1 : asks.length);
  });

  it('refuses ended shows, giveaways and unknown events without writing', async () => {
    const viewer = await t().createViewer();
    const ended = await t().createEvent({
      cust_start: new Date(t().clock.now().getTime() - 3 * HOUR).toISOString(),
      cust_end: new Date(t().clock.now().getTime() - 2 * HOUR).toISOString(),
    });
    const giveaway = await t().createEvent({ type: 'giveaway' });
    const answers = await Promise.all(
      [ended.id, giveaway.id, 9999].map((eventid) =>
        t().post('/api/rsvpdata_v1', { eventid }, { token: viewer.tokenvalue }),
      ),
    );
    expect(answers.map((a) => [a.http, a.body.message])).toEqual([
      [422, 'This show has already ended, so RSVPs are closed.'],
      [422, 'Giveaways are entered, not RSVPed. Open the giveaway to enter.'],
      [404, 'We could not find that show or event.'],
    ]);
    expect(await t().db.selectFrom('rsvps').select('id').execute()).toHaveLength(0);
  });

  it('refuses bad input and visitors without a login', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    expect((await t().post('/api/rsvpdata_v1', { eventid: 'abc' }, { token: viewer.tokenvalue })).http).toBe(400);
    expect((await t().post('/api/rsvpdata_v1', {}, { token: viewer.tokenvalue })).body.message).toBe(
      'eventid is a number.',
    );
    expect((await t().post('/api/rsvpdata_v1', { eventid: show.id })).http).toBe(401);
    // A JSON id is a number: not a string of digits, a boolean or an array holding one.
    for (const eventid of [String(show.id), true, [show.id]]) {
      const res = await t().post('/api/rsvpdata_v1', { eventid }, { token: viewer.tokenvalue });
      expect([res.http, res.body.message]).toEqual([400, 'eventid is a number.']);
    }
    expect((await t().get('/api/checkifrsvpenroll_v1', { query: { eventid: String(show.id) } })).http).toBe(401);
    expect((await t().get('/api/checkifrsvpenroll_v1', { token: viewer.tokenvalue })).http).toBe(400);
    expect(await t().db.selectFrom('rsvps').select('id').execute()).toHaveLength(0);
  });
});
