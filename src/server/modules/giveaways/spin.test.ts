import { expect, it } from 'vitest';
import type { LedgerRow } from '../../../shared/contract/rewards';
import type { SpinCheck, SpinPrizeTable, SpinResult } from '../../../shared/contract/spin';
import { cryptoRandom } from '../../platform/clock';
import { describeEachEngine } from '../../testing/harness';
import { countingQueries } from '../../testing/query-counter';
import { createGiveaway, enter } from './giveaway-factories';
import { spinRepository } from './spin.repository';
import { chooseWeighted, createSpinService } from './spin.service';
import { verifyLedger } from '../../../shared/ledger-chain';

const WHEEL = {
  prizes: [
    { label: '10% off', weight: 5, points: 0 },
    { label: '50 points', weight: 3, points: 50 },
    { label: 'Free shipping', weight: 2, points: 10 },
  ],
};

it('chooses each prize as often as its weight says (CSPRNG, 200,000 spins, within ±0.01)', () => {
  // Standard error at p = 0.4 over 200,000 spins is 0.0011, so ±0.01 is about 9 standard errors:
  // a correct chooser fails this far less than once in 10^15 runs; a biased one fails at once.
  const weights = [1, 2, 3, 4, 0];
  const counts = [0, 0, 0, 0, 0];
  const spins = 200_000;
  for (let i = 0; i < spins; i += 1) counts[chooseWeighted(weights, cryptoRandom)]! += 1;
  const rates = counts.map((c) => c / spins);
  [0.1, 0.2, 0.3, 0.4, 0].forEach((expected, i) => expect(Math.abs((rates[i] ?? 0) - expected)).toBeLessThan(0.01));
  expect(counts[4]).toBe(0);
});

it('maps every ticket to the prize whose weight range holds it', () => {
  const pick = (ticket: number) => chooseWeighted([2, 0, 3], { int: () => ticket });
  expect([0, 1, 2, 3, 4].map(pick)).toEqual([0, 0, 2, 2, 2]);
  expect(chooseWeighted([0, 0], cryptoRandom)).toBe(-1);
});

describeEachEngine('spin to win', (t) => {
  it('spins once after an RSVP, lands on the prize it reports, and credits its points in the same write', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    const table = await t().post<SpinPrizeTable>(`/api/staff/giveaways/spin-prizes/${show.id}`, WHEEL, {
      token: staff.tokenvalue,
    });
    expect(table.body.data[0]).toMatchObject({
      kind: 'rsvp',
      spins: 0,
      prizes: [{ label: '10% off', weight: 5, won: 0 }, { label: '50 points' }, { label: 'Free shipping' }],
    });
    const before = await t().get<SpinCheck>('/api/checkifrsvpspin', {
      token: viewer.tokenvalue,
      query: { eventId: String(show.id) },
    });
    expect(before.body.data[0]).toMatchObject({
      exists: false,
      can_spin: true,
      result: null,
      segments: [{ label: '10% off' }, { label: '50 points' }, { label: 'Free shipping' }],
    });

    const spun = await t().post<SpinResult>('/api/spinrsvpinfo', { eventId: show.id }, { token: viewer.tokenvalue });
    expect(spun.http).toBe(200);
    expect(spun.body.message).toBe('The wheel has spoken!');
    const result = spun.body.data[0];
    expect(result).toMatchObject({ eventId: show.id, kind: 'rsvp', already: false });
    expect(result?.segments[result.segment ?? -1]?.label).toBe(result?.label);
    const stored = await t().db.selectFrom('spins').selectAll().execute();
    expect(stored).toEqual([
      expect.objectContaining({
        event_id: show.id,
        user_id: viewer.id,
        kind: 'rsvp',
        label: result?.label,
        points: result?.points,
      }),
    ]);
    const points = await t()
      .db.selectFrom('reward_ledger')
      .select(['user_id', 'points', 'source_id'])
      .where('reason', '=', 'spin')
      .execute();
    expect(points).toEqual(
      result?.points ? [{ user_id: viewer.id, points: result.points, source_id: `spin:${show.id}:rsvp` }] : [],
    );

    const again = await t().post<SpinResult>('/api/spinrsvpinfo', { eventid: show.id }, { token: viewer.tokenvalue });
    expect(again.body.message).toBe('You have already spun for this one. Here is what you won.');
    expect(again.body.data[0]).toEqual({ ...result, already: true });
    const after = await t().get<SpinCheck>('/api/checkifrsvpspin', {
      token: viewer.tokenvalue,
      query: { eventid: String(show.id) },
    });
    expect(after.body.data[0]).toMatchObject({
      exists: true,
      can_spin: false,
      result: { label: result?.label, already: true },
    });
    expect(await t().db.selectFrom('spins').select('user_id').execute()).toHaveLength(1);
    expect(
      (await t().get<SpinPrizeTable>(`/api/staff/giveaways/spin-prizes/${show.id}`, { token: staff.tokenvalue })).body
        .data[0]?.spins,
    ).toBe(1);
  });

  it('spins for a giveaway only after entering it', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await t().post(`/api/staff/giveaways/spin-prizes/${giveaway.id}`, WHEEL, { token: staff.tokenvalue });
    const early = await t().post('/api/spingiveawayinfo', { eventId: giveaway.id }, { token: viewer.tokenvalue });
    expect([early.http, early.body.message]).toEqual([422, 'Enter this giveaway first, then spin to win.']);
    const check = await t().get<SpinCheck>('/api/CheckIfGiveawaySpin', {
      token: viewer.tokenvalue,
      query: { eventId: String(giveaway.id) },
    });
    expect(check.body.data[0]).toMatchObject({ exists: false, can_spin: false, kind: 'giveaway' });
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const spun = await t().post<SpinResult>(
      '/api/spingiveawayinfo',
      { eventId: giveaway.id },
      { token: viewer.tokenvalue },
    );
    expect(spun.body.data[0]).toMatchObject({ kind: 'giveaway', already: false });
    expect(
      (
        await t().get<SpinCheck>('/api/CheckIfGiveawaySpin', {
          token: viewer.tokenvalue,
          query: { eventId: String(giveaway.id) },
        })
      ).body.data[0]?.exists,
    ).toBe(true);
  });

  it('refuses a spin before the RSVP, of the wrong kind, without a wheel, and for unknown events', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    const bare = await t().createEvent({ title: 'No wheel tonight' });
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await t().post(`/api/staff/giveaways/spin-prizes/${show.id}`, WHEEL, { token: staff.tokenvalue });
    const noRsvp = await t().post('/api/spinrsvpinfo', { eventId: show.id }, { token: viewer.tokenvalue });
    expect([noRsvp.http, noRsvp.body.message]).toEqual([422, 'RSVP to this show first, then spin to win.']);
    await t().post('/api/rsvpdata_v1', { eventid: bare.id }, { token: viewer.tokenvalue });
    const noWheel = await t().post('/api/spinrsvpinfo', { eventId: bare.id }, { token: viewer.tokenvalue });
    expect([noWheel.http, noWheel.body.message]).toEqual([422, 'There is no spin to win for this one.']);
    const wrongKind = await t().post('/api/spinrsvpinfo', { eventId: giveaway.id }, { token: viewer.tokenvalue });
    expect([wrongKind.http, wrongKind.body.message]).toEqual([422, 'RSVP spins are for shows and special events.']);
    expect(
      (await t().post('/api/spingiveawayinfo', { eventId: show.id }, { token: viewer.tokenvalue })).body.message,
    ).toBe('This is not a giveaway.');
    expect((await t().post('/api/spinrsvpinfo', { eventId: 9999 }, { token: viewer.tokenvalue })).http).toBe(404);
    expect(await t().db.selectFrom('spins').select('user_id').execute()).toHaveLength(0);
  });

  it('refuses bad input and visitors on every spin call', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    for (const url of ['/api/spinrsvpinfo', '/api/spingiveawayinfo']) {
      const missing = await t().post(url, {}, { token: viewer.tokenvalue });
      expect([url, missing.http, missing.body.message]).toEqual([url, 400, 'eventId is a number.']);
      expect((await t().post(url, { eventId: show.id })).http).toBe(401);
    }
    for (const url of ['/api/checkifrsvpspin', '/api/CheckIfGiveawaySpin']) {
      expect((await t().get(url, { token: viewer.tokenvalue, query: { eventId: 'abc' } })).http).toBe(400);
      expect((await t().get(url, { query: { eventId: String(show.id) } })).http).toBe(401);
    }
  });

  it('lets staff replace the wheel, and checks its prizes', async () => {
    const staff = await t().createStaff();
    const show = await t().createEvent();
    const cases: [unknown, string][] = [
      [
        { prizes: [{ label: 'Only one', weight: 1 }] },
        'A wheel needs at least two prizes (or none, to switch spinning off).',
      ],
      [
        {
          prizes: [
            { label: 'A', weight: 0 },
            { label: 'B', weight: 0 },
          ],
        },
        'At least one prize needs a weight above 0.',
      ],
      [
        {
          prizes: [
            { label: '', weight: 1 },
            { label: 'B', weight: 1 },
          ],
        },
        'Every prize needs a label.',
      ],
      [
        {
          prizes: [
            { label: 'A', weight: -1 },
            { label: 'B', weight: 1 },
          ],
        },
        'weight is a whole number from 0 to 1,000,000.',
      ],
      [
        {
          prizes: [
            { label: 'A', weight: 1, points: 1.5 },
            { label: 'B', weight: 1 },
          ],
        },
        'points is a whole number from 0 to 100,000.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t().post(`/api/staff/giveaways/spin-prizes/${show.id}`, body, { token: staff.tokenvalue });
      expect([res.http, res.body.message]).toEqual([400, message]);
    }
    await t().post(`/api/staff/giveaways/spin-prizes/${show.id}`, WHEEL, { token: staff.tokenvalue });
    const off = await t().post<SpinPrizeTable>(
      `/api/staff/giveaways/spin-prizes/${show.id}`,
      { prizes: [] },
      { token: staff.tokenvalue },
    );
    expect(off.body).toMatchObject({ message: 'The prize wheel has been saved.', data: [{ prizes: [] }] });
    expect((await t().get(`/api/staff/giveaways/spin-prizes/9999`, { token: staff.tokenvalue })).http).toBe(404);
  });

  it("answers a turn's wheel, spin and entry reads each for its own ask, in one query each on PostgreSQL", async () => {
    const staff = await t().createStaff();
    const [ruby, jade, opal] = [await t().createViewer(), await t().createViewer(), await t().createViewer()];
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const other = await createGiveaway(t(), staff.tokenvalue);
    for (const id of [giveaway.id, other.id])
      await t().post(`/api/staff/giveaways/spin-prizes/${id}`, WHEEL, { token: staff.tokenvalue });
    for (const viewer of [ruby, jade]) expect((await enter(t(), viewer.tokenvalue, giveaway.id)).http).toBe(200);
    const spun = await t().post<SpinResult>(
      '/api/spingiveawayinfo',
      { eventId: giveaway.id },
      { token: ruby.tokenvalue },
    );
    expect(spun.http).toBe(200);

    const counter = countingQueries(t().db);
    const viewers = [ruby, jade, opal];
    const [wheels, spins, entries] = await Promise.all([
      Promise.all([giveaway.id, other.id, giveaway.id].map((id) => spinRepository.prizes(counter.db, id))),
      Promise.all(viewers.map((v) => spinRepository.spinOf(counter.db, giveaway.id, v.id, 'giveaway'))),
      Promise.all(viewers.map((v) => spinRepository.hasEntry(counter.db, giveaway.id, v.id))),
    ]);
    expect(wheels.map((prizes) => prizes.map((p) => [p.event_id, p.label]))).toEqual(
      [giveaway.id, other.id, giveaway.id].map((id) => WHEEL.prizes.map((p) => [id, p.label])),
    );
    expect(spins.map((spin) => spin?.label)).toEqual([spun.body.data[0]?.label, undefined, undefined]);
    expect(entries).toEqual([true, true, false]);
    expect(counter.take()).toBe(t().engine === 'postgres' ? 3 : 9);
  });

  it('writes spins that arrive together, and their points, in a few statements for the whole group', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const paying = {
      prizes: [
        { label: '50 points', weight: 1, points: 50 },
        { label: 'Also 50 points', weight: 1, points: 50 },
      ],
    };
    const table = await t().post(`/api/staff/giveaways/spin-prizes/${giveaway.id}`, paying, {
      token: staff.tokenvalue,
    });
    expect(table.http, JSON.stringify(table.body)).toBe(200);
    const viewers = await Promise.all(Array.from({ length: 8 }, () => t().createViewer()));
    for (const viewer of viewers) expect((await enter(t(), viewer.tokenvalue, giveaway.id)).http).toBe(200);
    const users = await t()
      .db.selectFrom('users')
      .selectAll()
      .where(
        'id',
        'in',
        viewers.map((v) => v.id),
      )
      .execute();
    // One viewer has a ledger already: the group locks their head and writes the others'.
    await t().post('/api/rsvpdata_v1', { eventid: (await t().createEvent()).id }, { token: viewers[0]!.tokenvalue });

    const counter = countingQueries(t().db);
    const spins = createSpinService({ ...t().app.ctx, db: counter.db });
    counter.take();
    const results = await Promise.all(users.map((user) => spins.spin(user, 'giveaway', giveaway.id)));
    expect(results.map((r) => [r.points, r.already])).toEqual(users.map(() => [50, false]));
    // On PostgreSQL the turn's four reads (event, wheel, spin, entry) are shared (decision 111); then
    // one group: the heads read and those missing written, then all its spins, all its ledger rows
    // and the heads moved, a statement each. Spin by spin it was three more statements a spin.
    if (t().engine === 'postgres') expect(counter.take()).toBe(4 + 2 + 3);
    for (const viewer of viewers) {
      const ledger = (await t().get<LedgerRow>('/api/rewardledger_v1', { token: viewer.tokenvalue })).body.data;
      expect(ledger.filter((row) => row.reason === 'spin').map((row) => row.points)).toEqual([50]);
      expect((await verifyLedger(ledger)).ok).toBe(true);
    }

    // A viewer's second spin in the same group: the group is undone and its spins run again alone, so
    // that one is answered with the first's result, and every viewer is credited once.
    const next = await t().createEvent();
    await t().post(`/api/staff/giveaways/spin-prizes/${next.id}`, paying, { token: staff.tokenvalue });
    for (const viewer of viewers.slice(0, 2))
      expect((await t().post('/api/rsvpdata_v1', { eventid: next.id }, { token: viewer.tokenvalue })).http).toBe(200);
    const [ruby, jade] = viewers.map((viewer) => users.find((user) => user.id === viewer.id)!);
    const [first, twice, other] = await Promise.all(
      [ruby!, ruby!, jade!].map((user) => spins.spin(user, 'rsvp', next.id)),
    );
    expect([first!.already, twice!.already].sort()).toEqual([false, true]);
    expect(twice!.label).toBe(first!.label);
    expect(other!.already).toBe(false);
    const credited = await t()
      .db.selectFrom('reward_ledger')
      .select('user_id')
      .where('source_id', '=', `spin:${next.id}:rsvp`)
      .orderBy('user_id')
      .execute();
    expect(credited.map((row) => row.user_id)).toEqual([ruby!.id, jade!.id].sort((a, b) => a - b));
  });
});
