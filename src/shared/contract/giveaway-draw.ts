// The live draw as viewers follow it (decisions 041, 042): giveawaydraw_v1 (the draw of one giveaway,
// or of every giveaway of a show, with the viewer's own entry number) and giveawayclaim_v1 (the
// winner's claim button). The same result travels as the chat socket's `draw` frame (chat.ts).
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { CLAIM_MODES, PICK_STATUSES } from './giveaways';
import { bodyId, queryId } from './ids';

/** One pick as every follower sees it: first name and last initial, never an account id. */
export const DrawPick = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  status: z.enum(PICK_STATUSES),
  /** First name and last initial, e.g. 'Ruby A.'. */
  name: z.string(),
  /** The picked entry's place in the published entry list. */
  entry_number: z.number().int(),
  /** End of the 5-minute claim window (pending picks); null for a repeat winner. */
  claim_by: z.string().nullable(),
});
export type DrawPick = z.infer<typeof DrawPick>;

/** A giveaway's draw as it stands: the same for everyone, pushed to every follower after each step. */
export const DrawResult = z.object({
  eventid: z.number().int(),
  title: z.string(),
  /** The prize ('' when staff named none: the title stands for it). */
  prize: z.string(),
  /** The show it belongs to, if any. */
  show_id: z.number().int().nullable(),
  claim_mode: z.enum(CLAIM_MODES),
  winner_count: z.number().int(),
  /** The length of the published entry list. */
  entrants: z.number().int(),
  commitment: z.string(),
  /** Revealed with the first pick; null until then. */
  seed: z.string().nullable(),
  /** Every pick so far, in order. */
  picks: z.array(DrawPick),
});
export type DrawResult = z.infer<typeof DrawResult>;

/** The draw with the asking viewer's own place in it (null when they did not enter). */
export const MyDrawResult = DrawResult.extend({
  mine: z.object({ entry_number: z.number().int() }).nullable(),
});
export type MyDrawResult = z.infer<typeof MyDrawResult>;
export const MyDrawResultResponse = envelopeOf(MyDrawResult);

export const DrawResultQuery = z
  .object({ eventid: queryId('eventid').optional(), showid: queryId('showid').optional() })
  .refine((q) => (q.eventid === undefined) !== (q.showid === undefined), {
    message: 'Give eventid or showid.',
    path: ['eventid'],
  });

export const ClaimRequest = z.object({ eventid: bodyId('eventid') });

export const giveawayDrawCalls = {
  /** giveawaydraw_v1?eventid=… or ?showid=… (token): the draw of a giveaway, or of each giveaway of a show. */
  result: defineCall({
    method: 'GET',
    path: '/api/giveawaydraw_v1',
    query: DrawResultQuery,
    response: MyDrawResultResponse,
  }),
  /** giveawayclaim_v1 (token): the winner claims the prize in the app, within the 5 minutes. */
  claim: defineCall({
    method: 'POST',
    path: '/api/giveawayclaim_v1',
    body: ClaimRequest,
    response: MyDrawResultResponse,
  }),
};

/** The viewer's part in a draw, worked out the same way wherever it is shown. */
export type MyOutcome =
  | { kind: 'none' }
  | { kind: 'won'; pick: DrawPick }
  | { kind: 'claimed'; pick: DrawPick }
  | { kind: 'lost_win'; pick: DrawPick }
  | { kind: 'repeat'; pick: DrawPick }
  | { kind: 'not_this_time'; winner: DrawPick }
  | { kind: 'drawn'; winner: DrawPick };

/** The newest pick that still stands (waiting for its claim, or claimed). */
export function standingPick(result: DrawResult): DrawPick | null {
  for (let i = result.picks.length - 1; i >= 0; i -= 1) {
    const pick = result.picks[i];
    if (pick && (pick.status === 'pending' || pick.status === 'claimed')) return pick;
  }
  return null;
}

/** What the viewer with this entry number (null: did not enter) should be told about the draw. */
export function outcomeFor(result: DrawResult, entryNumber: number | null): MyOutcome {
  const mine = entryNumber === null ? undefined : result.picks.find((p) => p.entry_number === entryNumber);
  if (mine) {
    if (mine.status === 'pending') return { kind: 'won', pick: mine };
    if (mine.status === 'claimed') return { kind: 'claimed', pick: mine };
    if (mine.status === 'forfeited') return { kind: 'lost_win', pick: mine };
    return { kind: 'repeat', pick: mine };
  }
  const winner = standingPick(result);
  if (!winner) return { kind: 'none' };
  return entryNumber === null ? { kind: 'drawn', winner } : { kind: 'not_this_time', winner };
}
