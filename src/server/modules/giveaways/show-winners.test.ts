import { expect, it } from 'vitest';
import type { StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import { describeEachEngine } from '../../testing/harness';
import { countingQueries } from '../../testing/query-counter';
import { closeGiveaways, createGiveaway, enter } from './giveaway-factories';
import { showWinners } from './show-winners';

const MINUTE = 60_000;

describeEachEngine("a show's winners", (t) => {
  it("answers a turn's asks each for its own show, in one query on PostgreSQL (decision 111)", async () => {
    const showAt = (title: string) =>
      t().createEvent({
        title,
        cust_start: new Date(t().clock.now().getTime() - MINUTE).toISOString(),
        cust_end: new Date(t().clock.now().getTime() + 3 * 60 * MINUTE).toISOString(),
      });
    const [opal, jade, quiet] = [await showAt('Opal Hour'), await showAt('Jade Night'), await showAt('Quiet')];
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const giveaways = [
      await createGiveaway(t(), staff.tokenvalue, { show_id: opal.id }),
      await createGiveaway(t(), staff.tokenvalue, { show_id: jade.id }),
    ];
    for (const giveaway of giveaways) expect((await enter(t(), viewer.tokenvalue, giveaway.id)).http).toBe(200);
    await closeGiveaways(t());
    for (const giveaway of giveaways) {
      const drawn = await t().post<StaffGiveawayDetail>(
        `/api/staff/giveaways/${giveaway.id}/draw`,
        {},
        { token: staff.tokenvalue },
      );
      expect(drawn.http, drawn.body.message).toBe(200);
    }

    const counter = countingQueries(t().db);
    const shows = [opal.id, jade.id, opal.id, quiet.id];
    const winners = await Promise.all(shows.map((showId) => showWinners(counter.db, { showId })));
    expect(winners).toEqual([
      { showId: opal.id, userIds: [viewer.id] },
      { showId: jade.id, userIds: [viewer.id] },
      { showId: opal.id, userIds: [viewer.id] },
      { showId: quiet.id, userIds: [] },
    ]);
    expect(counter.take()).toBe(t().engine === 'postgres' ? 1 : shows.length);
  });
});
