// Spin-to-win: once per viewer per event and kind, only after an RSVP (rsvp) or a giveaway entry
// (giveaway). The server picks the prize from the event's weighted table with the CSPRNG and
// writes the spin and its ledger credit in one transaction; a second spin, concurrent or not,
// is answered with the first one's result. A prize with a stock is drawn while some is left and taken
// in the spin's transaction (decision 081). Staff edit the prize table. A private event's wheel is
// for those who may see it (decision 051): staff, and viewers who entered or RSVPed.
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  SetSpinPrizesRequest,
  SpinCheck,
  SpinKind,
  SpinPrizeTable,
  SpinResult,
  WheelSegment,
} from '../../../shared/contract/spin';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { Random } from '../../platform/clock';
import type { Db } from '../../db/database';
import { createGroupedTransactions } from '../../db/grouped-transactions';
import { groupsInFlightFor } from '../../db/grouped-writer';
import type { EventsTable, SpinPrizesTable, SpinsTable, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { createEventAccess } from '../event-access/event-access.service';
import { publicImage } from '../events/event-record';
import { storedImage } from '../events/event-row';
import { eventsRepository } from '../events/events.repository';
import type { AppendedRow } from '../rewards/rewards.repository';
import { createRewardsService, type LockedHeads } from '../rewards/rewards.service';
import { rsvpRepository } from '../rsvp/rsvp.repository';
import { spinRepository } from './spin.repository';

type Prize = Selectable<SpinPrizesTable>;

/** Index of the item a CSPRNG draw lands on, each with chance weight / total; -1 when no weight is positive. */
export function chooseWeighted(weights: readonly number[], random: Pick<Random, 'int'>): number {
  const total = weights.reduce((sum, w) => sum + Math.max(0, w), 0);
  if (total <= 0) return -1;
  let ticket = random.int(total);
  for (let i = 0; i < weights.length; i += 1) {
    const weight = Math.max(0, weights[i] ?? 0);
    if (ticket < weight) return i;
    ticket -= weight;
  }
  return -1;
}

/** A prize a spin may land on: some chance, and stock left or no limit. */
export const isDrawable = (prize: Pick<Prize, 'weight' | 'stock'>) =>
  prize.weight > 0 && (prize.stock === null || prize.stock > 0);

/** Thrown inside the spin's transaction when another spin of the same viewer got there first: undoes the stock taken. */
class SpunAlready extends Error {}

/** A group of spins (decision 116): its viewers' locked ledger heads, and the spins and credits its pieces drew. */
type SpinGroup = { heads: LockedHeads; spins: SpinsTable[]; credits: AppendedRow[] };

/** The kind of spin an event offers: giveaways after entry, shows and special events after RSVP. */
export const spinKindOf = (event: Pick<Selectable<EventsTable>, 'type'>): SpinKind =>
  event.type === 'giveaway' ? 'giveaway' : 'rsvp';

export function createSpinService(ctx: AppContext) {
  const { db, clock, random } = ctx;
  const access = createEventAccess(ctx);
  const rewards = createRewardsService(ctx);
  // Spins that arrive together share a commit: at a giveaway's opening they come by the hundred (decision 106).
  // A group locks its viewers' ledger heads in one statement, its pieces draw in memory (but for a
  // prize's stock), and it writes its spins and their credits at its end (decision 116).
  const groupOptions = {
    prepare: async (trx: Db, userIds: number[]): Promise<SpinGroup> => ({
      heads: await rewards.lockHeads(trx, userIds),
      spins: [],
      credits: [],
    }),
    finish: async (trx: Db, group: SpinGroup) => {
      // The unique key said another spin got there first: the group is undone, stock and all, and
      // each of its spins runs again alone, where only that one is refused.
      if ((await spinRepository.insertSpins(trx, group.spins)) < group.spins.length) throw new SpunAlready();
      await rewards.writeCredits(trx, group.credits);
    },
  };
  const spinWrites = createGroupedTransactions(db, { ...groupOptions, groupsInFlight: groupsInFlightFor(ctx.dialect) });
  // On PostgreSQL a spin drawn on a prize with a stock goes in groups of its own, one at a time. Every
  // such spin updates the same row, whose lock a group holds until it commits: mixed into the other
  // groups, it made each of them wait for the one before, holding a pooled connection meanwhile
  // (decision 106). SQLite has one writer, so its groups queue once either way.
  const stockedSpinWrites =
    ctx.dialect === 'postgres' ? createGroupedTransactions(db, { ...groupOptions, groupsInFlight: 1 }) : spinWrites;

  const imageOf = (prize: Prize) => publicImage(prize.image, ctx.config.mediaBaseUrl);
  const segmentsOf = (prizes: Prize[]): WheelSegment[] =>
    prizes.map((p) => ({ id: p.id, label: p.label, image: imageOf(p) }));

  function toResult(spin: Selectable<SpinsTable>, prizes: Prize[], already: boolean): SpinResult {
    const segment = prizes.findIndex((p) => p.id === spin.prize_id);
    return {
      eventId: spin.event_id,
      kind: spin.kind,
      prize_id: spin.prize_id,
      label: spin.label,
      points: spin.points,
      segment: segment >= 0 ? segment : null,
      segments: segmentsOf(prizes),
      created_at: spin.created_at,
      already,
    };
  }

  async function eventFor(user: UserRow, eventId: number, kind: SpinKind) {
    const event = await eventsRepository.byId(db, eventId);
    if (!event || !(await access.seenBy(event, user))) throw notFound(MESSAGES.eventNotFound);
    if (spinKindOf(event) !== kind)
      throw new AppError(422, kind === 'rsvp' ? GIVEAWAY_MESSAGES.spinNotShow : GIVEAWAY_MESSAGES.spinNotGiveaway);
    return event;
  }

  const isEligible = (eventId: number, userId: number, kind: SpinKind): Promise<boolean> =>
    kind === 'rsvp' ? rsvpRepository.exists(db, userId, eventId) : spinRepository.hasEntry(db, eventId, userId);

  const draw = (candidates: Prize[]): Prize | undefined =>
    candidates[
      chooseWeighted(
        candidates.map((p) => p.weight),
        random,
      )
    ];

  /**
   * Takes the drawn prize; a prize with a stock is won only if one is still left to take, else the
   * draw is made again among the others. Undefined when none is left.
   */
  async function takePrize(trx: Db, candidates: Prize[], drawn: Prize | undefined): Promise<Prize | undefined> {
    let left = candidates;
    for (let prize = drawn; prize; prize = draw(left)) {
      if (prize.stock === null || (await spinRepository.takeOne(trx, prize.id))) return prize;
      left = left.filter((p) => p.id !== prize.id);
    }
    return undefined;
  }

  async function table(eventId: number): Promise<SpinPrizeTable> {
    const event = await eventsRepository.byId(db, eventId);
    if (!event) throw notFound(MESSAGES.eventNotFound);
    const [prizes, won] = await Promise.all([
      spinRepository.prizes(db, eventId),
      spinRepository.wonCounts(db, eventId),
    ]);
    const wonBy = new Map(won.map((w) => [w.prize_id, Number(w.n)]));
    return {
      eventId,
      kind: spinKindOf(event),
      prizes: prizes.map((p) => ({
        id: p.id,
        label: p.label,
        weight: p.weight,
        points: p.points,
        won: wonBy.get(p.id) ?? 0,
        image: imageOf(p),
        stock: p.stock,
      })),
      spins: won.reduce((sum, w) => sum + Number(w.n), 0),
    };
  }

  return {
    async spin(user: UserRow, kind: SpinKind, eventId: number): Promise<SpinResult> {
      // One round trip's wait, not four, on PostgreSQL: the reads do not depend on each other.
      const [, prizes, earlier, eligible] = await Promise.all([
        eventFor(user, eventId, kind),
        spinRepository.prizes(db, eventId),
        spinRepository.spinOf(db, eventId, user.id, kind),
        isEligible(eventId, user.id, kind),
      ]);
      if (earlier) return toResult(earlier, prizes, true);
      if (!eligible)
        throw new AppError(422, kind === 'rsvp' ? GIVEAWAY_MESSAGES.spinRsvpFirst : GIVEAWAY_MESSAGES.spinEnterFirst);
      if (!prizes.some(isDrawable)) throw new AppError(422, GIVEAWAY_MESSAGES.spinNoWheel);
      const now = clock.now().toISOString();
      const drawable = prizes.filter(isDrawable);
      const drawn = draw(drawable);
      const outcome = await (drawn?.stock === null ? spinWrites : stockedSpinWrites)
        .run(user.id, async (trx, group) => {
          const prize = await takePrize(trx, drawable, drawn);
          // Every prize with a chance ran out while this spin was drawn.
          if (!prize) throw new AppError(422, GIVEAWAY_MESSAGES.spinNoWheel);
          const spin = {
            event_id: eventId,
            user_id: user.id,
            kind,
            prize_id: prize.id,
            label: prize.label,
            points: prize.points,
            created_at: now,
          };
          group.spins.push(spin);
          // The ledger's source is the one migration 016 gave spins copied from reward_points.
          if (prize.points > 0)
            group.credits.push(
              rewards.planCredit(group.heads, user.id, prize.points, 'spin', `spin:${eventId}:${kind}`),
            );
          return { spin, already: false };
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof SpunAlready)) throw error;
          return { spin: await spinRepository.spinOf(db, eventId, user.id, kind), already: true };
        });
      if (!outcome.spin) throw new AppError(409, GIVEAWAY_MESSAGES.spinAlready);
      return toResult(outcome.spin, prizes, outcome.already);
    },

    async check(user: UserRow, kind: SpinKind, eventId: number): Promise<SpinCheck> {
      const [, prizes, spin, eligible] = await Promise.all([
        eventFor(user, eventId, kind),
        spinRepository.prizes(db, eventId),
        spinRepository.spinOf(db, eventId, user.id, kind),
        isEligible(eventId, user.id, kind),
      ]);
      const canSpin = !spin && prizes.some(isDrawable) && eligible;
      return {
        exists: Boolean(spin),
        eventId,
        kind,
        can_spin: canSpin,
        segments: segmentsOf(prizes),
        result: spin ? toResult(spin, prizes, true) : null,
      };
    },

    table,

    async setTable(eventId: number, input: z.output<typeof SetSpinPrizesRequest>): Promise<SpinPrizeTable> {
      if (!(await eventsRepository.byId(db, eventId))) throw notFound(MESSAGES.eventNotFound);
      await db.transaction().execute((trx) =>
        spinRepository.replacePrizes(
          trx,
          eventId,
          input.prizes.map((p) => ({ ...p, image: storedImage(p.image) })),
        ),
      );
      return table(eventId);
    },
  };
}
export type SpinService = ReturnType<typeof createSpinService>;
