// Who holds a win in a show's giveaways now, read by the show's chat to mark winners' names. Only
// reads: the giveaways module owns these tables and every change to them.
import type { Db } from '../../db/database';
import { turnBatchedRows } from '../../db/turn-batch';
import { giveawayDrawRepository } from './giveaway-draw.repository';

/** Every chat join of a show reads its winners: on PostgreSQL, a turn's joins share a query (decision 111). */
const winnersOf = turnBatchedRows<Db, number, { show_id: number | null; user_id: number }>({
  key: String,
  keyOfRow: (row) => String(row.show_id),
  one: (db, showId) => giveawayDrawRepository.winnersOfShow(db, showId),
  many: (db, showIds) => giveawayDrawRepository.winnersOfShows(db, showIds),
});

/**
 * The winners of one show's giveaways, found from the show or from one of its giveaways; null when
 * that giveaway belongs to no show.
 */
export async function showWinners(
  db: Db,
  of: { showId: number } | { giveawayId: number },
): Promise<{ showId: number; userIds: number[] } | null> {
  const showId = 'showId' in of ? of.showId : await giveawayDrawRepository.showOf(db, of.giveawayId);
  if (showId === null) return null;
  return { showId, userIds: (await winnersOf(db, showId)).map((row) => row.user_id) };
}
