import { expect, it } from 'vitest';
import type { EventRecord } from '../../shared/contract/events';
import type { DrawProof, GiveawayInfo, GiveawayTerms } from '../../shared/contract/giveaways';
import type { StaffGiveaway } from '../../shared/contract/giveaways-staff';
import type { SpinCheck } from '../../shared/contract/spin';
import { commitmentOf, recomputePicks } from '../../shared/verifiable-draw';
import { describeEachEngine } from '../testing/harness';
import { DEMO_STREAM, refreshDemo, seedDemo } from './seed';

describeEachEngine('demo seed', (t) => {
  it('creates a staff account whose printed password works, viewers and an upcoming show, once', async () => {
    const seeded = await seedDemo(t().app.ctx);
    expect(seeded?.staffEmail).toBe('staff@gemcast.test');
    const login = await t().post<{ is_staff: number }>('/api/login_v1', {
      email: seeded?.staffEmail,
      password: seeded?.staffPassword,
    });
    expect(login.http).toBe(200);
    expect(login.body.data[0]?.is_staff).toBe(1);
    expect(await t().db.selectFrom('users').select('id').where('is_staff', '=', 0).execute()).toHaveLength(3);
    const upcoming = await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'show' } });
    expect(upcoming.body.data).toHaveLength(1);
    expect(
      (await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'show', on: 'past' } })).body.data,
    ).toHaveLength(1);
    expect(
      (await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'specialshow' } })).body.data,
    ).toHaveLength(1);
    expect(await seedDemo(t().app.ctx)).toBeNull();
  });

  it('puts the demo show on air at every start and serves its clip', async () => {
    await seedDemo(t().app.ctx);
    t().clock.advance(3 * 24 * 60 * 60_000);
    expect((await t().get('/api/liveevent_v1', { query: { type: 'show' } })).body.status).toBe(0);
    await refreshDemo(t().app.ctx);
    t().clock.advance(2000); // past the one-second live cache, as at any real start
    const live = await t().get<EventRecord>('/api/liveevent_v1', { query: { type: 'show' } });
    expect(live.body.data[0]?.title).toBe('Gemcast Live: the demo studio');
    const giveaway = await t().get<EventRecord>('/api/liveevent_v1', { query: { type: 'giveaway' } });
    expect(giveaway.body.data[0]).toMatchObject({
      title: 'Live now: a London blue topaz ring',
      cust_end: live.body.data[0]?.cust_end,
    });
    const playlist = await t().app.inject({ method: 'GET', url: DEMO_STREAM });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
  });

  it('opens a giveaway for the live show with terms and a wheel, has an upcoming one, and past ones drawn in the open', async () => {
    const seeded = await seedDemo(t().app.ctx);
    const staff = await t().post<{ id: number; tokenvalue: string }>('/api/login_v1', {
      email: seeded?.staffEmail,
      password: seeded?.staffPassword,
    });
    // Staff calls need the second factor (decision 085); the harness passes it for the session.
    await t().passSecondFactor(staff.body.data[0]?.id ?? 0);
    const token = staff.body.data[0]?.tokenvalue ?? '';
    const all = (await t().get<StaffGiveaway>('/api/staff/giveaways', { token })).body.data;
    const live = (await t().get<EventRecord>('/api/liveevent_v1', { query: { type: 'show' } })).body.data[0];
    const open = all.find((g) => g.state === 'open');
    expect(open).toMatchObject({
      title: 'Live now: a London blue topaz ring',
      show_id: live?.id,
      tnc_prices: '$1,200',
      seed: null,
    });
    const terms = (await t().get<GiveawayTerms>('/api/giveawayterms_v1', { query: { id: String(open?.id) } })).body
      .data[0];
    expect(terms?.tnc).toContain('{{VALUE}}');
    const wheel = await t().get<SpinCheck>('/api/CheckIfGiveawaySpin', { token, query: { eventId: String(open?.id) } });
    expect(wheel.body.data[0]?.segments.length).toBeGreaterThan(1);
    expect(all.filter((g) => g.state === 'upcoming').map((g) => g.prize)).toEqual(['1 ct Montana sapphire pendant']);

    const drawn = all.filter((g) => g.state === 'drawn');
    expect(drawn).toHaveLength(2);
    for (const giveaway of drawn) {
      const info = (await t().get<GiveawayInfo>('/api/giveawayinfo_v1', { query: { eventid: String(giveaway.id) } }))
        .body.data[0];
      expect(info?.winners).toHaveLength(1);
      expect(info?.winners[0]?.name).toMatch(/^(Ruby A|Jasper O|Opal L)\.$/);
      const proof = (await t().get<DrawProof>('/api/giveawayproof_v1', { query: { eventid: String(giveaway.id) } }))
        .body.data[0];
      if (!proof?.seed) throw new Error('a drawn giveaway reveals its seed');
      expect(await commitmentOf(proof.seed)).toBe(proof.commitment);
      const recomputed = await recomputePicks(proof.seed, giveaway.id, proof.entries, proof.picks.length);
      expect(recomputed.map((p) => p.entry_id)).toEqual(proof.picks.map((p) => p.entry_id));
    }
  });
});

describeEachEngine('demo seed: names and times agree', (t) => {
  const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const laWeekday = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', weekday: 'long' }).format(new Date(iso));

  it('airs each show named for a weekday on that day in Los Angeles, and opens "during the show" giveaways with their show', async () => {
    // Seeded on several days of the week, summer and winter, so no day happens to fit by chance.
    const days = [0, 1, 2, 3, 4, 5, 6, 150, 153];
    const start = t().clock.now().getTime();
    for (const offset of days) {
      await t().db.deleteFrom('users').execute();
      t().clock.set(new Date(start + offset * 24 * 60 * 60_000));
      await seedDemo(t().app.ctx);
      const events = await t().db.selectFrom('events').selectAll().execute();
      const named = events.filter((e) => e.type !== 'giveaway' && WEEKDAYS.some((day) => e.title.includes(day)));
      expect(named.length).toBeGreaterThanOrEqual(2);
      for (const event of named) {
        const day = WEEKDAYS.find((d) => event.title.includes(d));
        expect({ title: event.title, day: laWeekday(event.cust_start) }).toEqual({ title: event.title, day });
        expect(
          new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric' }).format(
            new Date(event.cust_start),
          ),
        ).toBe('7 PM');
      }
      const linked = await t()
        .db.selectFrom('giveaways')
        .innerJoin('events as g', 'g.id', 'giveaways.event_id')
        .innerJoin('events as show', 'show.id', 'giveaways.show_id')
        .select(['g.title', 'g.description', 'g.cust_start as opens', 'show.cust_start as airs', 'show.title as show'])
        .execute();
      const during = linked.filter((g) => /during/i.test(g.description));
      expect(during.length).toBeGreaterThanOrEqual(2);
      for (const giveaway of during) {
        expect({ giveaway: giveaway.title, opens: new Date(giveaway.opens).toISOString() }).toEqual({
          giveaway: giveaway.title,
          opens: new Date(giveaway.airs).toISOString(),
        });
      }
      for (const table of [
        'giveaway_audit',
        'giveaway_picks',
        'spins',
        'spin_prizes',
        'giveaway_social_entries',
        'giveaway_entries',
        'giveaways',
        'event_questions',
        'events',
      ] as const)
        await t().db.deleteFrom(table).execute();
    }
  });
});
