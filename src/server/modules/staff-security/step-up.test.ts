// Step-up on both engines (decision 086): a draw (staff page and console), a points grant above
// LARGE_POINTS_GRANT and the CSV exports of viewers' data want a second factor from the last
// 10 minutes; at 10 minutes and 1 second they answer 403 step_up, and after verifying again they work.
import { describe, expect, it } from 'vitest';
import { REGISTRATIONS_CSV_PATH } from '../../../shared/contract/exhibitions';
import type { EnrolStart } from '../../../shared/contract/staff-security';
import { LARGE_POINTS_GRANT, STEP_UP_MINUTES } from '../../../shared/second-factor';
import { createExhibition, registerOk } from '../../testing/exhibitions';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { closeGiveaways, createGiveaway, enter } from '../giveaways/giveaway-factories';
import { codeAt, stepAt } from './totp';

const STALE_MS = STEP_UP_MINUTES * 60_000 + 1000;
const STEP_UP = [{ second_factor: 'step_up' }];

/** Staff enrolled with an authenticator app, so they can verify again through the API. */
async function enrolledStaff(t: TestApp) {
  const staff = await t.createStaff({ first_name: 'Gemma', last_name: 'Host' });
  const token = staff.tokenvalue;
  const secret = (await t.post<EnrolStart>('/api/staff/second-factor/enrol', undefined, { token })).body.data[0]
    ?.secret;
  const code = codeAt(secret ?? '', stepAt(t.clock.now().getTime()));
  expect((await t.post('/api/staff/second-factor/enrol/confirm', { code }, { token })).http).toBe(200);
  return {
    ...staff,
    /** Verifies again with the app's current code. */
    async verify() {
      const now = codeAt(secret ?? '', stepAt(t.clock.now().getTime()));
      expect((await t.post('/api/staff/second-factor/verify', { code: now }, { token })).http).toBe(200);
    },
  };
}

describeEachEngine('step-up', (t) => {
  it('refuses a draw 10 minutes and 1 second after the second factor, and draws after verifying again', async () => {
    const staff = await enrolledStaff(t());
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const viewer = await t().createViewer();
    await enter(t(), viewer.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    t().clock.advance(STALE_MS);
    const draw = () => t().post(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, { token: staff.tokenvalue });
    const stale = await draw();
    expect([stale.http, stale.body.data]).toEqual([403, STEP_UP]);
    expect(stale.body.message).toBe('Confirm it is you again to do this.');
    expect(await t().db.selectFrom('giveaway_picks').selectAll().execute()).toEqual([]);
    // A staff call that is not sensitive still works: the 12-hour session stands.
    expect((await t().get('/api/staff/giveaways', { token: staff.tokenvalue })).http).toBe(200);
    await staff.verify();
    expect((await draw()).http).toBe(200);
  });

  it('lets a draw through at 10 minutes less a second', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    const viewer = await t().createViewer();
    await enter(t(), viewer.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    t().clock.advance(STEP_UP_MINUTES * 60_000 - 1000);
    const draw = await t().post(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, { token: staff.tokenvalue });
    expect(draw.http).toBe(200);
  });

  it('asks again before the console draws, respins or redraws, but not for other on-air actions', async () => {
    const staff = await t().createStaff();
    const show = await t().createEvent();
    t().clock.advance(STALE_MS);
    const act = (body: unknown) => t().post(`/api/staff/console/${show.id}/act`, body, { token: staff.tokenvalue });
    for (const body of [
      { action: 'draw', giveawayId: 1 },
      { action: 'respin', giveawayId: 1, pickId: 1 },
      { action: 'forfeit', giveawayId: 1, pickId: 1 },
    ]) {
      const res = await act(body);
      expect([res.http, res.body.data], JSON.stringify(body)).toEqual([403, STEP_UP]);
    }
    const noRedraw = await act({ action: 'forfeit', giveawayId: 1, pickId: 1, redraw: false });
    expect(noRedraw.body.data).not.toEqual(STEP_UP);
    const claim = await act({ action: 'claim', giveawayId: 1, pickId: 1 });
    expect(claim.body.data).not.toEqual(STEP_UP);
    await t().passSecondFactor(staff.id);
    expect((await act({ action: 'draw', giveawayId: 1 })).body.data).not.toEqual(STEP_UP);
  });

  it(`asks again before a grant above ${LARGE_POINTS_GRANT} points, not for one of ${LARGE_POINTS_GRANT} or a deduction`, async () => {
    const staff = await enrolledStaff(t());
    const viewer = await t().createViewer();
    t().clock.advance(STALE_MS);
    const grant = (points: number, key: string) =>
      t().post(
        '/api/staff/rewards/adjust',
        { user_id: viewer.id, points, note: 'Show prize', key },
        {
          token: staff.tokenvalue,
        },
      );
    expect((await grant(LARGE_POINTS_GRANT, 'grant-small-1')).http).toBe(200);
    expect((await grant(-500, 'deduct-1')).http).toBe(200);
    const large = await grant(LARGE_POINTS_GRANT + 1, 'grant-large-1');
    expect([large.http, large.body.data]).toEqual([403, STEP_UP]);
    const adjustments = t()
      .db.selectFrom('reward_ledger')
      .select('points')
      .where('user_id', '=', viewer.id)
      .where('reason', '=', 'adjustment');
    expect(await adjustments.execute()).toHaveLength(2);
    await staff.verify();
    expect((await grant(LARGE_POINTS_GRANT + 1, 'grant-large-1')).http).toBe(200);
  });

  it('asks again before the giveaway entries and product registrations CSV exports', async () => {
    const staff = await t().createStaff();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    await registerOk(t(), await createExhibition(t()));
    t().clock.advance(STALE_MS);
    for (const url of [`/api/staff/giveaways/${giveaway.id}/entries.csv`, REGISTRATIONS_CSV_PATH]) {
      const stale = await t().get(url, { token: staff.tokenvalue });
      expect([stale.http, stale.body.data], url).toEqual([403, STEP_UP]);
    }
    await t().passSecondFactor(staff.id);
    for (const url of [`/api/staff/giveaways/${giveaway.id}/entries.csv`, REGISTRATIONS_CSV_PATH]) {
      const res = await t().app.inject({ method: 'GET', url, headers: { token: staff.tokenvalue } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
    }
  });
});

describe('step-up list', () => {
  it('names the large grant as more than 1000 points', () => {
    expect(LARGE_POINTS_GRANT).toBe(1000);
  });
});
