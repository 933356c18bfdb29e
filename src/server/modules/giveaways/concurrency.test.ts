import { expect, it } from 'vitest';
import type { Enrollment } from '../../../shared/contract/giveaways';
import type { SpinResult } from '../../../shared/contract/spin';
import { insertViewers } from '../../testing/bulk-viewers';
import { describeEachEngine } from '../../testing/harness';
import { createGiveaway } from './giveaway-factories';

const WHEEL = {
  prizes: [
    { label: 'Bonus 25 points', weight: 1, points: 25 },
    { label: 'Bonus 5 points', weight: 1, points: 5 },
    { label: 'Free shipping', weight: 1, points: 0 },
  ],
};

describeEachEngine('giveaway races', (t) => {
  it('keeps exactly one entry and one spin result per viewer when 200 entries and 200 spins arrive at once', async () => {
    const staff = await t().createStaff();
    const show = await t().createEvent();
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id });
    for (const id of [show.id, giveaway.id])
      await t().post(`/api/staff/giveaways/spin-prizes/${id}`, WHEEL, { token: staff.tokenvalue });
    const viewers = await insertViewers(t().db, 100, 'race', t().clock.now());
    await t()
      .db.insertInto('rsvps')
      .values(
        viewers.map((v) => ({
          user_id: v.id,
          event_id: show.id,
          rsvp_type: 'new',
          created_at: t().clock.now().toISOString(),
        })),
      )
      .execute();

    // Burst 1: every viewer enters twice and spins twice for the show, all at once (400 requests).
    const entryCalls = viewers.flatMap((v) => [
      t().post<Enrollment>('/api/giveawaydata_v1', { eventid: giveaway.id }, { token: v.token }),
      t().post<Enrollment>('/api/giveawaydata_new', { eventid: giveaway.id, entry_from: 'live' }, { token: v.token }),
    ]);
    const spinCalls = viewers.flatMap((v) =>
      [1, 2].map(() => t().post<SpinResult>('/api/spinrsvpinfo', { eventId: show.id }, { token: v.token })),
    );
    const [entries, rsvpSpins] = await Promise.all([Promise.all(entryCalls), Promise.all(spinCalls)]);
    expect(entries.filter((a) => a.http === 200)).toHaveLength(100);
    expect(entries.filter((a) => a.http === 409)).toHaveLength(100);
    expect(rsvpSpins.every((a) => a.http === 200)).toBe(true);

    // Burst 2: every viewer, now entered, spins twice for the giveaway at once (200 requests).
    const giveawaySpins = await Promise.all(
      viewers.flatMap((v) =>
        [1, 2].map(() => t().post<SpinResult>('/api/spingiveawayinfo', { eventId: giveaway.id }, { token: v.token })),
      ),
    );
    expect(giveawaySpins.every((a) => a.http === 200)).toBe(true);

    const storedEntries = await t()
      .db.selectFrom('giveaway_entries')
      .select('user_id')
      .where('giveaway_id', '=', giveaway.id)
      .execute();
    expect(storedEntries.map((e) => e.user_id).sort((a, b) => a - b)).toEqual(viewers.map((v) => v.id));
    const stored = await t().db.selectFrom('spins').selectAll().execute();
    expect(stored).toHaveLength(200);

    for (const [kind, spins, eventId] of [
      ['rsvp', rsvpSpins, show.id],
      ['giveaway', giveawaySpins, giveaway.id],
    ] as const) {
      viewers.forEach((viewer, i) => {
        const pair = [spins[2 * i]?.body.data[0], spins[2 * i + 1]?.body.data[0]];
        const row = stored.find((s) => s.user_id === viewer.id && s.kind === kind);
        // Both answers show the one stored result; exactly one of them is the spin that won the race.
        expect(pair.map((p) => [p?.eventId, p?.label, p?.prize_id])).toEqual([
          [eventId, row?.label, row?.prize_id],
          [eventId, row?.label, row?.prize_id],
        ]);
        expect(pair.map((p) => p?.already).sort()).toEqual([false, true]);
      });
    }

    const points = await t()
      .db.selectFrom('reward_ledger')
      .select(['user_id', 'points', 'source_id'])
      .where('reason', '=', 'spin')
      .execute();
    const expected = stored
      .filter((s) => s.points > 0)
      .map((s) => ({ user_id: s.user_id, points: s.points, source_id: `spin:${s.event_id}:${s.kind}` }));
    const order = (a: { user_id: number; source_id: string }, b: { user_id: number; source_id: string }) =>
      a.user_id - b.user_id || a.source_id.localeCompare(b.source_id);
    expect(points.sort(order)).toEqual(expected.sort(order));
  });
});
