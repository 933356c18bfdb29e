// Ids in the JSON bodies of the giveaway, spin and staff draw calls are JSON numbers: `true` was
// read as 1 and `[3]` as 3 before, so a boolean entered giveaway 1. Both are now 400, writing nothing.
import { expect, it } from 'vitest';
import type { StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { closeGiveaways, createGiveaway, enter } from './giveaway-factories';

const WHEEL = {
  prizes: [
    { label: '10 points', weight: 1, points: 10 },
    { label: 'Free shipping', weight: 1, points: 0 },
  ],
};

/** The rows these calls can write. */
async function written(t: TestApp) {
  const { db } = t;
  return {
    entries: await db.selectFrom('giveaway_entries').selectAll().orderBy('id').execute(),
    social: await db.selectFrom('giveaway_social_entries').selectAll().orderBy('click_type').execute(),
    spins: await db.selectFrom('spins').selectAll().execute(),
    points: await db.selectFrom('reward_ledger').selectAll().execute(),
    picks: await db.selectFrom('giveaway_picks').selectAll().orderBy('id').execute(),
    audit: await db.selectFrom('giveaway_audit').selectAll().orderBy('id').execute(),
  };
}

describeEachEngine('ids in JSON bodies', (t) => {
  it('refuses a boolean or an array as the giveaway to enter, share or spin for, entering nothing', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    expect(giveaway.id).toBe(1);
    const token = viewer.tokenvalue;
    const before = await written(t());
    for (const eventid of [true, [giveaway.id], String(giveaway.id)]) {
      for (const [url, body] of [
        ['/api/giveawaydata_v1', { eventid }],
        ['/api/giveawaydata_new', { eventid, entry_from: 'intergem' }],
      ] as const) {
        const res = await t().post(url, body, { token });
        expect([url, res.http, res.body.status, res.body.message]).toEqual([url, 400, -1, 'eventid is a number.']);
      }
    }
    expect(await written(t())).toEqual(before);

    await enter(t(), token, giveaway.id);
    await t().post(`/api/staff/giveaways/spin-prizes/${giveaway.id}`, WHEEL, { token: staff.tokenvalue });
    const entered = await written(t());
    for (const id of [true, [giveaway.id]]) {
      const social = await t().post(
        '/api/socialgiveawayentries',
        { eventid: id },
        { token, query: { clickType: 'x' } },
      );
      expect([social.http, social.body.message]).toEqual([400, 'eventid is a number.']);
      for (const name of ['eventId', 'eventid']) {
        const spin = await t().post('/api/spingiveawayinfo', { [name]: id }, { token });
        expect([name, spin.http, spin.body.message]).toEqual([name, 400, 'eventId is a number.']);
      }
    }
    expect(await written(t())).toEqual(entered);
  });

  it('refuses a boolean or an array as the pick to respin, claim or forfeit, changing no pick', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    const drawn = await t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, {
      token: staff.tokenvalue,
    });
    const pick = drawn.body.data[0]?.picks[0];
    expect(pick).toMatchObject({ id: 1, status: 'pending' });
    t().clock.advance(6 * 60_000);
    const before = await written(t());
    for (const pickId of [true, [1]])
      for (const step of ['respin', 'claim', 'forfeit']) {
        const res = await t().post(
          `/api/staff/giveaways/${giveaway.id}/${step}`,
          { pick_id: pickId },
          {
            token: staff.tokenvalue,
          },
        );
        expect([step, res.http, res.body.message]).toEqual([step, 400, 'pick_id is a number.']);
      }
    expect(await written(t())).toEqual(before);
  });
});
