// Reads of a giveaway write nothing (its details exist from its creation), and the staff list costs
// the same few queries for one giveaway as for twenty.
import { expect, it } from 'vitest';
import type { Enrollment, GiveawayInfo, GiveawayTerms } from '../../../shared/contract/giveaways';
import type { StaffGiveaway } from '../../../shared/contract/giveaways-staff';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { countingQueries } from '../../testing/query-counter';
import { createLiveLookup } from '../events/live-lookup';
import { closeGiveaways, createGiveaway, enter } from './giveaway-factories';
import { createStaffGiveawayService } from './giveaways-staff.service';
import { createGiveawayService } from './giveaways.service';

/** Every table a giveaway read could write to, so a read can be shown to have changed nothing. */
async function giveawayTables(t: TestApp) {
  const { db } = t;
  return {
    giveaways: await db.selectFrom('giveaways').selectAll().orderBy('event_id').execute(),
    audit: await db.selectFrom('giveaway_audit').selectAll().orderBy('id').execute(),
    entries: await db.selectFrom('giveaway_entries').selectAll().orderBy('id').execute(),
    picks: await db.selectFrom('giveaway_picks').selectAll().orderBy('id').execute(),
    clicks: await db.selectFrom('giveaway_banner_clicks').selectAll().orderBy('giveaway_id').execute(),
  };
}

describeEachEngine('giveaway reads', (t) => {
  it('write nothing: the public giveaway, its terms, the enrollment check and the staff list', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const made = await t().post<{ id: number }>(
      '/api/staff/events',
      {
        type: 'giveaway',
        title: 'Made as a plain event',
        cust_start: t().clock.now().toISOString(),
        cust_end: new Date(t().clock.now().getTime() + 3_600_000).toISOString(),
      },
      { token: staff.tokenvalue },
    );
    const plain = made.body.data[0];
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    if (!plain) throw new Error(made.body.message);
    await enter(t(), viewer.tokenvalue, giveaway.id);
    const before = await giveawayTables(t());
    expect(before.giveaways.map((row) => row.event_id)).toEqual([plain.id, giveaway.id]);

    for (const id of [plain.id, giveaway.id]) {
      const eventid = String(id);
      const info = await t().get<GiveawayInfo>('/api/giveawayinfo_v1', { query: { eventid } });
      expect([info.http, info.body.data[0]?.id]).toEqual([200, id]);
      const terms = await t().get<GiveawayTerms>('/api/giveawayterms_v1', { query: { id: eventid } });
      expect([terms.http, terms.body.data[0]?.id]).toEqual([200, id]);
      const check = await t().get<Enrollment>('/api/checkifgiveawayenroll_v1', {
        token: viewer.tokenvalue,
        query: { eventid },
      });
      expect([check.http, check.body.data[0]?.exists]).toEqual([200, id === giveaway.id]);
    }
    const list = await t().get<StaffGiveaway>('/api/staff/giveaways', { token: staff.tokenvalue });
    expect(list.body.data.map((row) => row.id).sort((a, b) => a - b)).toEqual([plain.id, giveaway.id]);

    expect(await giveawayTables(t())).toEqual(before);
  });

  it('answer not found for an event that is no giveaway, writing nothing', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent();
    const before = await giveawayTables(t());
    const eventid = String(show.id);
    expect((await t().get('/api/giveawayinfo_v1', { query: { eventid } })).http).toBe(404);
    expect((await t().get('/api/giveawayterms_v1', { query: { id: eventid } })).http).toBe(404);
    expect(
      (await t().get('/api/checkifgiveawayenroll_v1', { token: viewer.tokenvalue, query: { eventid } })).http,
    ).toBe(404);
    expect(await giveawayTables(t())).toEqual(before);
  });

  it('lists 1 or 20 giveaways for staff in the same few queries', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await t().createEvent({ title: 'Sapphire Sunday' });
    const counter = countingQueries(t().db);
    const ctx = { ...t().app.ctx, db: counter.db };
    const giveaways = createGiveawayService(ctx, createLiveLookup(ctx));
    const staffGiveaways = createStaffGiveawayService(ctx, giveaways, { invalidate: () => undefined });

    const first = await createGiveaway(t(), staff.tokenvalue, { show_id: show.id });
    await enter(t(), viewer.tokenvalue, first.id);
    counter.take();
    const one = await staffGiveaways.list('all');
    const forOne = counter.take();

    for (let i = 1; i < 20; i += 1) {
      const giveaway = await createGiveaway(t(), staff.tokenvalue, { title: `Giveaway ${i}`, show_id: show.id });
      await enter(t(), viewer.tokenvalue, giveaway.id);
    }
    await closeGiveaways(t());
    counter.take();
    const twenty = await staffGiveaways.list('all');
    const forTwenty = counter.take();

    expect(one.map((g) => [g.entrants, g.show_title])).toEqual([[1, 'Sapphire Sunday']]);
    expect(twenty).toHaveLength(20);
    expect(twenty.every((g) => g.entrants === 1 && g.tickets === 1 && g.state === 'closed')).toBe(true);
    expect(forOne).toBeLessThanOrEqual(3);
    expect(forTwenty).toBe(forOne);
  });
});
