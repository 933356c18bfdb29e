// The live draw: draw weighted by entries with the verifiable algorithm, respin a repeat winner of
// the same show, confirm a claim within 5 minutes (staff, or the winner's claim button) or forfeit and
// redraw, and announce the winners. Each step runs in one transaction and writes its audit line; a
// racing second step gets a 409. A new winner and the other entrants are notified in the draw's
// transaction (decision 069); viewers read the draw with their entry number.
import type { Selectable } from 'kysely';
import type { MyDrawResult } from '../../../shared/contract/giveaway-draw';
import type { AuditAction, StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import { pickWinner } from '../../../shared/verifiable-draw';
import type { AppContext } from '../../context';
import { isUniqueViolation, type Db } from '../../db/database';
import type { EventsTable, GiveawayPicksTable, GiveawaysTable, UserRow } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import { eventsRepository } from '../events/events.repository';
import { drawResults } from './draw-result';
import { writeAudit } from './giveaway-audit';
import { notifyDrawResult } from './giveaway-result-notices';
import { giveawayDrawRepository } from './giveaway-draw.repository';
import { giveawaysRepository } from './giveaways.repository';
import { publicName, type GiveawayService } from './giveaways.service';
import type { StaffGiveawayService } from './giveaways-staff.service';

/** Spec §5 and §9: a winner must message in within 5 minutes of the announcement. */
export const CLAIM_WINDOW_MS = 5 * 60_000;

type PickRow = Selectable<GiveawayPicksTable>;
type Outcome = { detail: StaffGiveawayDetail; message: string };

const claimedCount = (picks: PickRow[]) => picks.filter((p) => p.status === 'claimed').length;

function pickIn(picks: PickRow[], pickId: number): PickRow {
  const pick = picks.find((p) => p.id === pickId);
  if (!pick) throw notFound(GIVEAWAY_MESSAGES.pickNotFound);
  return pick;
}

export function createGiveawayDrawService(
  ctx: AppContext,
  giveaways: Pick<GiveawayService, 'load' | 'loadFor' | 'seenBy'>,
  staffGiveaways: Pick<StaffGiveawayService, 'detail'>,
) {
  const { db, clock } = ctx;

  const audit = (trx: Db, giveawayId: number, staff: UserRow, action: AuditAction, detail: string, pickId?: number) =>
    writeAudit(trx, clock, { giveawayId, staff, action, detail, pickId });

  /** Draws pick number picks.length + 1 inside `trx`; null when no eligible entry is left. */
  async function drawIn(
    trx: Db,
    staff: UserRow,
    event: Selectable<EventsTable>,
    details: Selectable<GiveawaysTable>,
    picks: PickRow[],
  ): Promise<PickRow | null> {
    const now = clock.now();
    const entries = await giveawaysRepository.entriesWithWeights(trx, event.id);
    const list = entries.map((e) => ({ entry_id: e.entry_id, weight: 1 + Number(e.bonuses ?? 0) }));
    const drawn = await pickWinner({
      seedHex: details.seed,
      giveawayId: event.id,
      entries: list,
      alreadyPicked: picks.map((p) => p.entry_id),
      sequence: picks.length + 1,
    });
    const entry = drawn && entries.find((e) => e.entry_id === drawn.entry_id);
    if (!drawn || !entry) return null;
    if (!details.seed_revealed_at) {
      await giveawaysRepository.updateDetails(trx, event.id, { seed_revealed_at: now.toISOString() });
      await audit(
        trx,
        event.id,
        staff,
        'reveal',
        `Revealed the seed ${details.seed} (its SHA-256 is the published commitment ${details.seed_hash}).`,
      );
    }
    const earlier =
      details.show_id !== null
        ? await giveawayDrawRepository.wonInShow(trx, details.show_id, entry.user_id, event.id)
        : undefined;
    const pick = await giveawayDrawRepository.insertPick(trx, {
      giveaway_id: event.id,
      sequence: drawn.sequence,
      entry_id: entry.entry_id,
      user_id: entry.user_id,
      ticket: drawn.ticket.toString(),
      total_weight: drawn.total_weight,
      weight: 1 + Number(entry.bonuses ?? 0),
      status: earlier ? 'repeat' : 'pending',
      repeat_of: earlier?.giveaway_id ?? null,
      drawn_by: staff.id,
      drawn_at: now.toISOString(),
      claim_by: earlier ? null : new Date(now.getTime() + CLAIM_WINDOW_MS).toISOString(),
      resolved_by: null,
      resolved_at: null,
    });
    await notifyDrawResult(trx, ctx, {
      event,
      details,
      pick,
      winnerName: publicName(entry.first_name, entry.last_name),
      entrantIds: entries.map((e) => e.user_id),
    });
    const who = `entry ${entry.entry_id} (${publicName(entry.first_name, entry.last_name)})`;
    await audit(
      trx,
      event.id,
      staff,
      'draw',
      `Pick ${drawn.sequence}: ticket ${drawn.ticket} of ${drawn.total_weight} chose ${who}${earlier ? `, who already won giveaway ${earlier.giveaway_id} of this show` : ''}.`,
      pick.id,
    );
    return pick;
  }

  /** Runs a draw-changing step in one transaction; a clash on the pick number means another staff member got there first. */
  async function drawStep<T>(step: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(step);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(GIVEAWAY_MESSAGES.drawRace);
      throw error;
    }
  }

  /** The giveaway as the step's transaction sees it. */
  async function current(trx: Db, eventId: number) {
    const [event, details, picks] = await Promise.all([
      eventsRepository.byId(trx, eventId),
      giveawaysRepository.details(trx, eventId),
      giveawayDrawRepository.picks(trx, eventId),
    ]);
    if (!event || !details) throw notFound(GIVEAWAY_MESSAGES.notFound);
    return { event, details, picks };
  }

  async function nameOf(pick: PickRow, fallback: string): Promise<string> {
    const [user] = await giveawaysRepository.usersByIds(db, [pick.user_id]);
    return user ? publicName(user.first_name, user.last_name) : fallback;
  }

  async function messageFor(pick: PickRow | null): Promise<string> {
    if (!pick) return GIVEAWAY_MESSAGES.drawEmpty;
    const name = await nameOf(pick, `entry ${pick.entry_id}`);
    return pick.status === 'repeat' ? GIVEAWAY_MESSAGES.repeatWinner(name) : GIVEAWAY_MESSAGES.drawn(name);
  }

  /** The draws with the viewer's own place in each giveaway they entered. */
  async function withMine(user: UserRow, giveawayIds: number[]): Promise<MyDrawResult[]> {
    const [results, numbers] = await Promise.all([
      drawResults(db, giveawayIds),
      giveawayDrawRepository.entryNumbersOf(db, user.id, giveawayIds),
    ]);
    const numberOf = new Map(numbers.map((n) => [n.giveaway_id, Number(n.entry_number ?? 0)]));
    return results.map((result) => {
      const entryNumber = numberOf.get(result.eventid);
      return { ...result, mine: entryNumber ? { entry_number: entryNumber } : null };
    });
  }

  const outcome = async (id: number, message: string): Promise<Outcome> => ({
    detail: await staffGiveaways.detail(id),
    message,
  });

  return {
    async draw(staff: UserRow, id: number): Promise<Outcome> {
      const { event } = await giveaways.load(id);
      if (clock.now().toISOString() < event.cust_end) throw new AppError(422, GIVEAWAY_MESSAGES.drawBeforeClose);
      const pick = await drawStep(async (trx) => {
        const state = await current(trx, id);
        if (state.picks.some((p) => p.status === 'pending' || p.status === 'repeat'))
          throw conflict(GIVEAWAY_MESSAGES.drawPending);
        if (claimedCount(state.picks) >= state.details.winner_count)
          throw new AppError(422, GIVEAWAY_MESSAGES.drawComplete);
        const drawn = await drawIn(trx, staff, state.event, state.details, state.picks);
        if (!drawn) throw new AppError(422, GIVEAWAY_MESSAGES.drawEmpty);
        return drawn;
      });
      return outcome(id, await messageFor(pick));
    },

    async respin(staff: UserRow, id: number, pickId: number): Promise<Outcome> {
      await giveaways.load(id);
      const pick = await drawStep(async (trx) => {
        const state = await current(trx, id);
        const repeat = pickIn(state.picks, pickId);
        if (repeat.status !== 'repeat') throw new AppError(422, GIVEAWAY_MESSAGES.notRepeat);
        const resolved = await giveawayDrawRepository.resolvePick(
          trx,
          pickId,
          'repeat',
          'respun',
          staff.id,
          clock.now().toISOString(),
        );
        if (!resolved) throw conflict(GIVEAWAY_MESSAGES.drawRace);
        await audit(
          trx,
          id,
          staff,
          'respin',
          `Pick ${repeat.sequence} (entry ${repeat.entry_id}) already won in this show: respun.`,
          pickId,
        );
        return drawIn(trx, staff, state.event, state.details, state.picks);
      });
      return outcome(id, await messageFor(pick));
    },

    async claim(staff: UserRow, id: number, pickId: number): Promise<Outcome> {
      await giveaways.load(id);
      const pick = await drawStep(async (trx) => {
        const state = await current(trx, id);
        const pending = pickIn(state.picks, pickId);
        const claimed =
          pending.status === 'pending'
            ? await giveawayDrawRepository.resolvePick(
                trx,
                pickId,
                'pending',
                'claimed',
                staff.id,
                clock.now().toISOString(),
              )
            : undefined;
        if (!claimed) throw conflict(GIVEAWAY_MESSAGES.notPending);
        await audit(
          trx,
          id,
          staff,
          'claim',
          `Pick ${claimed.sequence} (entry ${claimed.entry_id}) messaged in: claim confirmed.`,
          pickId,
        );
        return claimed;
      });
      return outcome(id, GIVEAWAY_MESSAGES.claimed(await nameOf(pick, `Entry ${pick.entry_id}`)));
    },

    /** Forfeits a pick whose 5 minutes have run out and, unless told not to, draws the next winner at once. */
    async forfeit(staff: UserRow, id: number, pickId: number, redraw: boolean): Promise<Outcome> {
      await giveaways.load(id);
      const next = await drawStep(async (trx) => {
        const state = await current(trx, id);
        const pending = pickIn(state.picks, pickId);
        if (pending.status !== 'pending') throw conflict(GIVEAWAY_MESSAGES.notPending);
        const leftMs = new Date(pending.claim_by ?? 0).getTime() - clock.now().getTime();
        if (leftMs > 0) throw new AppError(422, GIVEAWAY_MESSAGES.stillInWindow(Math.ceil(leftMs / 1000)));
        const forfeited = await giveawayDrawRepository.resolvePick(
          trx,
          pickId,
          'pending',
          'forfeited',
          staff.id,
          clock.now().toISOString(),
        );
        if (!forfeited) throw conflict(GIVEAWAY_MESSAGES.notPending);
        await audit(
          trx,
          id,
          staff,
          'forfeit',
          `Pick ${pending.sequence} (entry ${pending.entry_id}) did not message in within 5 minutes: forfeited.`,
          pickId,
        );
        if (!redraw || claimedCount(state.picks) >= state.details.winner_count) return { redrawn: false, pick: null };
        return {
          redrawn: true,
          pick: await drawIn(trx, staff, state.event, state.details, [
            ...state.picks.filter((p) => p.id !== pickId),
            forfeited,
          ]),
        };
      });
      return outcome(id, next.redrawn ? await messageFor(next.pick) : GIVEAWAY_MESSAGES.forfeited);
    },

    /** The draw of one giveaway, or of every giveaway of a show, with the viewer's entry number in each. */
    async results(user: UserRow, of: { eventid?: number; showid?: number }): Promise<MyDrawResult[]> {
      if (of.eventid !== undefined) {
        await giveaways.loadFor(user, of.eventid);
        return withMine(user, [of.eventid]);
      }
      const ofShow = await giveawayDrawRepository.giveawaysOfShow(db, of.showid ?? 0);
      const seen = await Promise.all(ofShow.map((giveaway) => giveaways.seenBy(giveaway, user)));
      return withMine(
        user,
        ofShow.filter((_, i) => seen[i]).map((giveaway) => giveaway.id),
      );
    },

    /**
     * The winner's own claim (claim mode 'app'), within the 5 minutes: recorded as staff's "Claimed"
     * is, with the winner as the one who did it.
     */
    async claimAsWinner(user: UserRow, id: number): Promise<MyDrawResult> {
      await giveaways.loadFor(user, id);
      await drawStep(async (trx) => {
        const state = await current(trx, id);
        const mine = state.picks.filter((p) => p.user_id === user.id);
        const pending = mine.find((p) => p.status === 'pending');
        if (!pending) {
          if (mine.some((p) => p.status === 'claimed')) throw conflict(GIVEAWAY_MESSAGES.claimAlready);
          throw forbidden(GIVEAWAY_MESSAGES.claimNotYours);
        }
        if (state.details.claim_mode !== 'app') throw new AppError(422, GIVEAWAY_MESSAGES.claimByText);
        const now = clock.now();
        if (now.getTime() >= new Date(pending.claim_by ?? 0).getTime())
          throw new AppError(422, GIVEAWAY_MESSAGES.claimTooLate);
        const claimed = await giveawayDrawRepository.resolvePick(
          trx,
          pending.id,
          'pending',
          'claimed',
          user.id,
          now.toISOString(),
        );
        if (!claimed) throw conflict(GIVEAWAY_MESSAGES.notPending);
        await audit(
          trx,
          id,
          user,
          'claim',
          `Pick ${claimed.sequence} (entry ${claimed.entry_id}) claimed in the app by the winner.`,
          pending.id,
        );
      });
      const [result] = await withMine(user, [id]);
      if (!result) throw notFound(GIVEAWAY_MESSAGES.notFound);
      return result;
    },

    /** Shows (or hides) the claimed winners publicly, as first name and last initial. */
    async announce(staff: UserRow, id: number, announced: boolean): Promise<Outcome> {
      await giveaways.load(id);
      await db.transaction().execute(async (trx) => {
        await giveawaysRepository.updateDetails(trx, id, {
          announced_at: announced ? clock.now().toISOString() : null,
        });
        await audit(
          trx,
          id,
          staff,
          announced ? 'announce' : 'unannounce',
          announced ? 'Winners shown publicly.' : 'Winners hidden from the public list.',
        );
      });
      return outcome(id, announced ? GIVEAWAY_MESSAGES.announced : GIVEAWAY_MESSAGES.unannounced);
    },
  };
}
export type GiveawayDrawService = ReturnType<typeof createGiveawayDrawService>;
