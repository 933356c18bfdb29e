// Who holds a win in a show's giveaways now, read by the show's chat to mark winners' names. Only
// reads: the giveaways module owns these tables and every change to them.
import type { PickStatus } from '../../../shared/contract/giveaways';
import type { Db } from '../../db/database';

/** A drawn viewer counts as a winner while their pick waits for its claim or once it is claimed. */
const WINNING_STATUSES: PickStatus[] = ['pending', 'claimed'];

/**
 * The winners of one show's giveaways, found from the show or from one of its giveaways; null when
 * that giveaway belongs to no show.
 */
export async function showWinners(db: Db, of: { showId: number } | { giveawayId: number }): Promise<{ showId: number; userIds: number[] } | null> {
  let showId: number;
  if ('showId' in of) {
    showId = of.showId;
  } else {
    const giveaway = await db.selectFrom('giveaways').select('show_id').where('event_id', '=', of.giveawayId).executeTakeFirst();
    if (!giveaway || giveaway.show_id === null) return null;
    showId = giveaway.show_id;
  }
  const rows = await db
    .selectFrom('giveaway_picks')
    .innerJoin('giveaways', 'giveaways.event_id', 'giveaway_picks.giveaway_id')
    .select('giveaway_picks.user_id')
    .distinct()
    .where('giveaways.show_id', '=', showId)
    .where('giveaway_picks.status', 'in', WINNING_STATUSES)
    .orderBy('giveaway_picks.user_id')
    .execute();
  return { showId, userIds: rows.map((row) => row.user_id) };
}
