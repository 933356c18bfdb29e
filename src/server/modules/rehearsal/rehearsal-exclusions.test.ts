import { expect, it } from 'vitest';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { analyticsRepository } from '../analytics/analytics.repository';
import { memoryPubSub } from '../../platform/pubsub';
import { createChatHub } from '../chat/chat.hub';
import { createChatService } from '../chat/chat.service';
import { createLiveLookup } from '../events/live-lookup';
import { createGiveaway } from '../giveaways/giveaway-factories';
import { createGiveawayService } from '../giveaways/giveaways.service';
import { createSpinService } from '../giveaways/spin.service';
import { createGuessingService } from '../guessing/guessing.service';
import { createLiveService } from '../live/live.service';
import { notify, notifySubscribers, subjectEventId } from '../notifications/notifications.service';
import { showLiveRepository } from '../notifications/show-live.repository';
import { reportsRepository } from '../reports/reports.repository';
import { createRewardsService } from '../rewards/rewards.service';
import { createRehearsalService } from './rehearsal.service';

const MINUTE = 60_000;
const PAGE = { limit: 100, offset: 0 };

/** A rehearsal of a show with a giveaway, its audience idle (a tick an hour), and one real viewer. */
async function rehearsalWithViewer(t: TestApp) {
  const ctx = t.app.ctx;
  const rehearsals = createRehearsalService(
    ctx,
    {
      live: createLiveService(ctx),
      chat: createChatService(ctx),
      hub: createChatHub(memoryPubSub()),
      giveaways: createGiveawayService(ctx, createLiveLookup(ctx)),
      spins: createSpinService(ctx),
      guessing: createGuessingService(ctx, createRewardsService(ctx), () => undefined),
    },
    { tickMs: 60 * MINUTE, speed: 1 },
  );
  const staff = await t.createStaff();
  const viewer = await t.createViewer();
  const show = await t.createEvent({ title: 'Emerald Hour' });
  const giveaway = await createGiveaway(t, staff.tokenvalue, { show_id: show.id });
  const staffRow = await t.db.selectFrom('users').selectAll().where('id', '=', staff.id).executeTakeFirstOrThrow();
  const started = await rehearsals.start(staffRow, show.id, { viewers: 3 });
  const synthetic = await t.db
    .selectFrom('users')
    .select('id')
    .where('rehearsal_id', '=', started.rehearsal_id)
    .execute();
  const copiedGiveaway = await t.db
    .selectFrom('giveaways')
    .select('event_id')
    .where('show_id', '=', started.eventid)
    .executeTakeFirstOrThrow();
  return {
    rehearsals,
    show,
    giveaway,
    viewer,
    copyId: started.eventid,
    copiedGiveawayId: copiedGiveaway.event_id,
    syntheticIds: synthetic.map((u) => u.id),
  };
}

const notice = (subject: string) =>
  ({ kind: 'show_live', subject, title: 'Live now', body: 'On air.', at: new Date('2026-06-15T18:00:00Z') }) as const;

it('reads the event a notification subject is about', () => {
  expect(subjectEventId('show:12')).toBe(12);
  expect(subjectEventId('giveaway:7:draw:2')).toBe(7);
  expect(subjectEventId('chat:show:9:1234')).toBe(9);
  expect(subjectEventId('coupon:3')).toBeNull();
  expect(subjectEventId('points:2026-06-15')).toBeNull();
});

describeEachEngine('rehearsal data kept out', (app) => {
  it('notifies no synthetic viewer and nobody about a rehearsal, and real viewers as before', async () => {
    const t = app();
    const r = await rehearsalWithViewer(t);
    const added = await t.db
      .transaction()
      .execute((trx) => notify(trx, { ...notice(`show:${r.show.id}`), userIds: [r.viewer.id, ...r.syntheticIds] }));
    expect(added).toBe(1);
    for (const subject of [`show:${r.copyId}`, `giveaway:${r.copiedGiveawayId}:draw:1`, `chat:show:${r.copyId}:1`])
      expect(
        await t.db.transaction().execute((trx) => notify(trx, { ...notice(subject), userIds: [r.viewer.id] })),
      ).toBe(0);
    const subscriber = await t.db
      .insertInto('subscribers')
      .values({ email: 'fan@example.com', user_id: null, created_at: t.clock.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      await t.db
        .transaction()
        .execute((trx) => notifySubscribers(trx, { ...notice(`show:${r.copyId}`), subscriberIds: [subscriber.id] })),
    ).toBe(0);
    const rows = await t.db.selectFrom('notifications').select(['user_id', 'subject']).execute();
    expect(rows).toEqual([{ user_id: r.viewer.id, subject: `show:${r.show.id}` }]);
    await r.rehearsals.end(r.copyId);
  });

  it('never announces a rehearsal copy as live', async () => {
    const t = app();
    const r = await rehearsalWithViewer(t);
    const now = t.clock.now();
    const due = await showLiveRepository.dueShows(
      t.db,
      now.toISOString(),
      new Date(now.getTime() - 10 * MINUTE).toISOString(),
    );
    expect(due.map((s) => s.id)).not.toContain(r.copyId);
    await r.rehearsals.end(r.copyId);
  });

  it('leaves rehearsal copies, their giveaways, synthetic points and sign-ups out of the reports', async () => {
    const t = app();
    const r = await rehearsalWithViewer(t);
    const rewards = createRewardsService(t.app.ctx);
    const [synthetic] = r.syntheticIds;
    if (synthetic === undefined) throw new Error('no synthetic viewer');
    await rewards.credit(synthetic, 500, 'spin', `spin:${r.copyId}:rsvp`);
    await rewards.credit(r.viewer.id, 20, 'spin', `spin:${r.show.id}:rsvp`);

    const earlier = new Date(t.clock.now().getTime() - 10 * MINUTE).toISOString();
    const later = new Date(t.clock.now().getTime() + 24 * 60 * MINUTE).toISOString();
    const upcoming = await reportsRepository.upcomingShows(
      t.db,
      { types: ['show', 'specialshow'], now: earlier, until: later, viewerId: null },
      PAGE,
    );
    expect(upcoming.rows.map((s) => s.id)).toEqual([r.show.id]);
    const giveaways = await reportsRepository.giveawayEntries(t.db, {}, PAGE);
    expect(giveaways.rows.map((g) => g.event_id)).toEqual([r.giveaway.id]);
    const points = await reportsRepository.pointsByReason(t.db, { from: earlier, before: later }, PAGE);
    expect(points.rows).toEqual([{ reason: 'spin', lines: 1, viewers: 1, credited: 20, debited: 0 }]);
    // Sign-ups: the staff member and the viewer, not the three synthetic viewers.
    const totals = await analyticsRepository.totals(t.db, '2026-01-01', '2026-01-01T00:00:00.000Z');
    expect(totals.signups).toBe(2);
    await r.rehearsals.end(r.copyId);
    expect(await t.db.selectFrom('reward_ledger').select('user_id').execute()).toEqual([{ user_id: r.viewer.id }]);
  });
});
