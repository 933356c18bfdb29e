// Migration 011 gives every giveaway event without details its seed and commitment, once, and
// leaves giveaways that have details alone.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { createGiveaway } from '../../modules/giveaways/giveaway-factories';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { migrate, type MigrationTables } from '../database';

/** Runs migration 011 again through the migration runner, as on a database that predates it. */
async function rerun(t: TestApp) {
  await t.db
    .withTables<MigrationTables>()
    .deleteFrom('kysely_migration')
    .where('name', '=', '011-giveaway-details-backfill')
    .execute();
  await migrate({ db: t.db, dialect: t.engine, close: async () => undefined });
}

describeEachEngine('migration 011: giveaway details backfill', (t) => {
  it('commits to a seed for each giveaway event made without details, and to none twice', async () => {
    const staff = await t().createStaff();
    const made = await createGiveaway(t(), staff.tokenvalue);
    const bare = await t().createEvent({ type: 'giveaway', title: 'Made before details came with giveaways' });
    await t().createEvent({ type: 'show' });
    const kept = await t().db.selectFrom('giveaways').selectAll().where('event_id', '=', made.id).execute();

    await rerun(t());
    await rerun(t());

    const details = await t().db.selectFrom('giveaways').selectAll().orderBy('event_id').execute();
    expect(details.map((row) => row.event_id)).toEqual([made.id, bare.id]);
    expect(details[0]).toEqual(kept[0]);
    const added = details[1];
    expect(added).toMatchObject({ prize: '', tnc: '', winner_count: 1, access_code: null, seed_revealed_at: null });
    expect(added?.seed_hash).toBe(
      createHash('sha256')
        .update(Buffer.from(added?.seed ?? '', 'hex'))
        .digest('hex'),
    );
    const log = await t()
      .db.selectFrom('giveaway_audit')
      .select(['action', 'actor_name', 'detail'])
      .where('giveaway_id', '=', bare.id)
      .execute();
    expect(log).toEqual([
      { action: 'commit', actor_name: 'system', detail: `Published the seed commitment ${added?.seed_hash}.` },
    ]);
  });
});
