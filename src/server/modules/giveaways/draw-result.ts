// A giveaway's draw as its followers see it (decision 041): the picks with first name and last
// initial and the entry's place in the published list, the revealed seed. Read by the draw calls and
// by the chat's hook that pushes it after every draw step; only reads.
import type { DrawPick, DrawResult } from '../../../shared/contract/giveaway-draw';
import type { Db } from '../../db/database';
import { giveawayDrawRepository } from './giveaway-draw.repository';
import { publicName } from './giveaways.service';

/** The draw of each of these giveaways that exists, in id order. */
export async function drawResults(db: Db, giveawayIds: readonly number[]): Promise<DrawResult[]> {
  const [overviews, picks] = await Promise.all([
    giveawayDrawRepository.drawOverviews(db, giveawayIds),
    giveawayDrawRepository.drawPicks(db, giveawayIds),
  ]);
  const picksOf = new Map<number, DrawPick[]>();
  for (const p of picks) {
    const list = picksOf.get(p.giveaway_id) ?? [];
    list.push({
      id: p.id,
      sequence: p.sequence,
      status: p.status,
      name: publicName(p.first_name, p.last_name),
      entry_number: Number(p.entry_number ?? 0),
      claim_by: p.claim_by,
    });
    picksOf.set(p.giveaway_id, list);
  }
  return overviews.map((o) => ({
    eventid: o.event_id,
    title: o.title,
    prize: o.prize,
    show_id: o.show_id,
    claim_mode: o.claim_mode,
    winner_count: o.winner_count,
    entrants: Number(o.entrants ?? 0),
    commitment: o.seed_hash,
    seed: o.seed_revealed_at ? o.seed : null,
    picks: picksOf.get(o.event_id) ?? [],
  }));
}

/** One giveaway's draw; null when there is no such giveaway. */
export async function drawResultOf(db: Db, giveawayId: number): Promise<DrawResult | null> {
  return (await drawResults(db, [giveawayId]))[0] ?? null;
}
