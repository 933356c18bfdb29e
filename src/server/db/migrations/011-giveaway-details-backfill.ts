// Every giveaway event gets its details row (seed and published commitment) when it is made, so
// the reads no longer create one on first touch; this gives one to any giveaway made before that.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/** The tables as they stood when this migration was written. */
type Tables = {
  events: { id: number; type: string };
  giveaways: {
    event_id: number;
    show_id: number | null;
    prize: string;
    tnc: string;
    tnc_prices: string;
    winner_count: number;
    access_code: string | null;
    seed: string;
    seed_hash: string;
    created_at: string;
    updated_at: string;
  };
  giveaway_audit: {
    giveaway_id: number;
    pick_id: number | null;
    action: string;
    actor_id: number | null;
    actor_name: string;
    detail: string;
    created_at: string;
  };
};

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped.withTables<Tables>();
  const missing = await db
    .selectFrom('events')
    .leftJoin('giveaways', 'giveaways.event_id', 'events.id')
    .select('events.id')
    .where('events.type', '=', 'giveaway')
    .where('giveaways.event_id', 'is', null)
    .execute();
  const now = new Date().toISOString();
  for (const { id } of missing) {
    const seed = randomBytes(32).toString('hex');
    const seedHash = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    await db
      .insertInto('giveaways')
      .values({
        event_id: id,
        show_id: null,
        prize: '',
        tnc: '',
        tnc_prices: '',
        winner_count: 1,
        access_code: null,
        seed,
        seed_hash: seedHash,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('giveaway_audit')
      .values({
        giveaway_id: id,
        pick_id: null,
        action: 'commit',
        actor_id: null,
        actor_name: 'system',
        detail: `Published the seed commitment ${seedHash}.`,
        created_at: now,
      })
      .execute();
  }
}
