// Telling a giveaway's entrants its result (decision 069), in the draw's own transaction: the drawn
// winner gets "You won" with how to claim within the 5 minutes (in the app, by e-mail and push), the
// other entrants that the winner has been drawn. The subject carries the pick number, so a redraw
// after a forfeit is a new result; a repeat winner of the same show (respun) is told nothing.
import type { Selectable } from 'kysely';
import type { ClaimMode } from '../../../shared/contract/giveaways';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { EventsTable, GiveawayPicksTable, GiveawaysTable } from '../../db/schema';
import { notify } from '../notifications/notifications.service';

/** What a 'giveaway_result' notification carries in its data. */
export type GiveawayResultData =
  | {
      role: 'winner';
      giveaway_id: number;
      title: string;
      prize: string;
      claim_by: string;
      claim_mode: ClaimMode;
      phone: string;
    }
  | { role: 'entrant'; giveaway_id: number; title: string; prize: string; winner: string };

export async function notifyDrawResult(
  trx: Db,
  ctx: Pick<AppContext, 'clock' | 'config'>,
  input: {
    event: Selectable<EventsTable>;
    details: Selectable<GiveawaysTable>;
    pick: Selectable<GiveawayPicksTable>;
    winnerName: string;
    entrantIds: number[];
  },
): Promise<void> {
  const { event, details, pick } = input;
  if (pick.status !== 'pending' || !pick.claim_by) return;
  const prize = details.prize || event.title;
  const subject = `giveaway:${event.id}:draw:${pick.sequence}`;
  const url = `${ctx.config.publicUrl}/giveaway/${event.id}`;
  const at = ctx.clock.now();
  const won: GiveawayResultData = {
    role: 'winner',
    giveaway_id: event.id,
    title: event.title,
    prize,
    claim_by: pick.claim_by,
    claim_mode: details.claim_mode,
    phone: ctx.config.site.phone,
  };
  await notify(trx, {
    userIds: [pick.user_id],
    kind: 'giveaway_result',
    subject,
    title: `You won: ${prize}`,
    body: `You were drawn as the winner of "${event.title}". Claim it within 5 minutes.`,
    url,
    data: won,
    at,
    // Past the claim window the message can only disappoint.
    expiresAt: new Date(pick.claim_by),
  });
  const drawn: GiveawayResultData = {
    role: 'entrant',
    giveaway_id: event.id,
    title: event.title,
    prize,
    winner: input.winnerName,
  };
  await notify(trx, {
    userIds: input.entrantIds.filter((id) => id !== pick.user_id),
    kind: 'giveaway_result',
    subject,
    title: `Winner drawn: ${event.title}`,
    body: `The winner of "${event.title}" has been drawn: ${input.winnerName}. Thank you for entering.`,
    url,
    data: drawn,
    at,
  });
}
