// Every giveaway event has its details row, and so its seed commitment, from the transaction that
// made it a giveaway: staff giveaways, staff events and the demo seed all create it here, reads never.
import { createHash } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { GiveawaysTable, UserRow } from '../../db/schema';
import { writeAudit } from './giveaway-audit';
import { giveawaysRepository } from './giveaways.repository';

/** What staff choose of a giveaway; a giveaway made as a plain event starts with these. */
export type GiveawayChoices = Pick<
  Insertable<GiveawaysTable>,
  'show_id' | 'prize' | 'prize_image' | 'tnc' | 'tnc_prices' | 'winner_count' | 'access_code' | 'claim_mode'
>;

export const PLAIN_GIVEAWAY: GiveawayChoices = {
  show_id: null,
  prize: '',
  tnc: '',
  tnc_prices: '',
  winner_count: 1,
  access_code: null,
  claim_mode: 'text',
};

/** A 32-byte random seed and its SHA-256, the commitment published before any entry. */
export function newSeed(random: AppContext['random']): { seed: string; seed_hash: string } {
  const seed = random.bytes(32).toString('hex');
  return { seed, seed_hash: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') };
}

/**
 * Writes the giveaway's details with a fresh seed, and the commitment to the audit log (by `staff`,
 * or the system when null), inside the caller's transaction. An event that was a giveaway before keeps the details (and seed) it had:
 * undefined then, and nothing is written.
 */
export async function createGiveawayDetails(
  trx: Db,
  ctx: Pick<AppContext, 'random' | 'clock'>,
  eventId: number,
  staff: UserRow | null,
  choices: GiveawayChoices = PLAIN_GIVEAWAY,
): Promise<Selectable<GiveawaysTable> | undefined> {
  const now = ctx.clock.now().toISOString();
  const details = await giveawaysRepository.insertDetails(trx, {
    event_id: eventId,
    ...choices,
    ...newSeed(ctx.random),
    created_at: now,
    updated_at: now,
  });
  if (details)
    await writeAudit(trx, ctx.clock, {
      giveawayId: eventId,
      staff,
      action: 'commit',
      detail: `Published the seed commitment ${details.seed_hash}.`,
    });
  return details;
}
