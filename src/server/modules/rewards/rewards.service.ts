// The points ledger's rules (decision 055): credits, debits and staff corrections as appended,
// hash-chained rows, one per (viewer, reason, source); balance, expiry and tier computed from them.
import type { Selectable } from 'kysely';
import { MESSAGES } from '../../../shared/messages';
import type { CouponView } from '../../../shared/contract/coupons';
import type { LedgerRow, RewardDetails } from '../../../shared/contract/rewards';
import { GENESIS_HASH, canonicalRow } from '../../../shared/ledger-chain';
import { sha256Hex } from '../../platform/secrets';
import {
  ADJUSTMENT_REASON,
  expiryOf,
  seasonOf,
  summarizeLedger,
  tierFor,
  type CreditReason,
  type DebitReason,
  type LedgerReason,
  type LedgerState,
} from '../../../shared/rewards';
import { laDay } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { RewardLedgerTable } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { rewardsRepository, type AppendedRow, type LedgerHead } from './rewards.repository';

type StoredRow = Selectable<RewardLedgerTable>;

/** The answer of every write: the row, and whether this call made it (false: it was already there). */
export type Appended = { row: LedgerRow; isNew: boolean };

export type AppendOptions = {
  /** The caller's transaction, so points move together with what earned or spent them. */
  trx?: Db;
};

/** The heads `lockHeads` locked for a transaction, by viewer, as the credits planned since leave them. */
export type LockedHeads = Map<number, LedgerHead>;

/** Points in one row at most, either way: far above any rule, low enough that sums stay exact. */
const MAX_POINTS = 100_000;
const NOTE_CHARS = 200;
const SOURCE_CHARS = 200;
/** A Los Angeles day is at most 25 hours long and ends by now, so this far back covers it. */
const CAP_WINDOW_MS = 26 * 3600_000;

type RecentRow = Pick<StoredRow, 'points' | 'created_at' | 'source_id'>;

/** The points of `wanted` that today's cap leaves, given the reason's rows of the last CAP_WINDOW_MS. */
function capLeft(recent: readonly RecentRow[], wanted: number, dailyCap: number, now: Date): number {
  const today = laDay(now);
  const earnedToday = recent
    .filter((row) => laDay(new Date(row.created_at)) === today)
    .reduce((sum, row) => sum + row.points, 0);
  return Math.min(wanted, dailyCap - earnedToday);
}

/** One credit of a group (creditCappedGroup). */
export type GroupCredit = { userId: number; points: number; sourceId: string };

export function toLedgerRow(row: StoredRow): LedgerRow {
  return {
    user_id: row.user_id,
    seq: row.seq,
    points: row.points,
    reason: row.reason,
    source_id: row.source_id,
    state: row.state,
    note: row.note,
    created_at: row.created_at,
    expires_at: row.expires_at,
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

type NewEntry = {
  userId: number;
  points: number;
  reason: LedgerReason;
  sourceId: string;
  state: LedgerState;
  note?: string;
  createdBy?: number;
  /** Refuse with 409 when the balance does not cover a negative amount. */
  mustCover?: boolean;
};

export type RewardsOptions = {
  /** The viewer's coupons for rewarddetails (the coupons module's viewerCoupons); none when not given. */
  coupons?: (userId: number) => Promise<CouponView[]>;
};

export function createRewardsService(ctx: Pick<AppContext, 'db' | 'clock' | 'dialect'>, options: RewardsOptions = {}) {
  const { db, clock } = ctx;
  const couponsOf = options.coupons ?? (() => Promise.resolve([]));

  /** Runs `work` in the caller's transaction, or in a new one. */
  function inTransaction<T>(trx: Db | undefined, work: (db: Db) => Promise<T>): Promise<T> {
    return trx ? work(trx) : db.transaction().execute(work);
  }

  function summaryOf(rows: StoredRow[]) {
    const now = clock.now();
    const season = seasonOf(now);
    return { season, ...summarizeLedger(rows, now, season) };
  }

  /**
   * Appends one row at the end of the viewer's chain. The head row is locked first, so appends for
   * one viewer take turns; the insert's unique key makes a repeat (concurrent, or after a restart)
   * answer the row already there, with nothing written.
   */
  async function append(trx: Db, entry: NewEntry): Promise<Appended> {
    const head = await rewardsRepository.lockHead(trx, ctx.dialect, entry.userId);
    // A repeat is found by the unique key when its row is written (write); only a debit that must be
    // covered looks first, so a repeat is not refused for a balance it already paid from.
    if (entry.mustCover) {
      const existing = await rewardsRepository.byKey(trx, entry.userId, entry.reason, entry.sourceId, entry.state);
      if (existing) return { row: toLedgerRow(existing), isNew: false };
    }
    return write(trx, head, entry);
  }

  /**
   * The row already there for this credit, or else the points today's cap leaves for it. One read
   * of the reason's last 26 hours answers both nearly always: the full row is read only when that
   * read shows it, or when the cap is reached (a row older than the window still answers a repeat).
   */
  async function cappedCredit(trx: Db, entry: NewEntry, dailyCap: number) {
    const now = clock.now();
    const recent = await rewardsRepository.earnedSinceBy(
      trx,
      [entry.userId],
      entry.reason,
      new Date(now.getTime() - CAP_WINDOW_MS).toISOString(),
    );
    const points = capLeft(recent, entry.points, dailyCap, now);
    if (points > 0 && !recent.some((row) => row.source_id === entry.sourceId)) return { existing: null, points };
    const existing = await rewardsRepository.byKey(trx, entry.userId, entry.reason, entry.sourceId, entry.state);
    return existing ? { existing, points: 0 } : { existing: null, points };
  }

  /**
   * As append, with a daily cap checked under the same head lock: the points of this reason the
   * viewer already has today (Los Angeles day) are counted, and the credit is cut to what is left.
   * Null when nothing is left, so two events at once can never pass the cap together.
   * Looked at once before the lock too, and the lock taken only when a row may be written: on
   * PostgreSQL a row lock is written to the row and committed like a change. Rows are never
   * removed and a day's earnings only grow, so what the first look refuses the second would refuse
   * too. An RSVP or a quiz under a capped rule pays one indexed read for it; the entry and
   * check-in runs credit in groups instead (creditCappedGroup).
   */
  async function appendCapped(trx: Db, entry: NewEntry, dailyCap: number): Promise<Appended | null> {
    const unlocked = await cappedCredit(trx, entry, dailyCap);
    if (unlocked.existing) return { row: toLedgerRow(unlocked.existing), isNew: false };
    if (unlocked.points <= 0) return null;
    const head = await rewardsRepository.lockHead(trx, ctx.dialect, entry.userId);
    const locked = await cappedCredit(trx, entry, dailyCap);
    if (locked.existing) return { row: toLedgerRow(locked.existing), isNew: false };
    if (locked.points <= 0) return null;
    return write(trx, head, { ...entry, points: locked.points });
  }

  /** The row that follows `head` for `entry`, hashed into the chain. */
  function rowAfter(head: LedgerHead, entry: NewEntry): AppendedRow {
    const createdAt = clock.now().toISOString();
    const fields = {
      user_id: entry.userId,
      seq: head.seq + 1,
      points: entry.points,
      reason: entry.reason,
      source_id: entry.sourceId,
      state: entry.state,
      note: entry.note ?? '',
      created_at: createdAt,
      expires_at: entry.points > 0 && entry.state === 'settled' ? expiryOf(createdAt) : null,
      prev_hash: head.hash,
    };
    // rowHash's own digest, hashed at once: Web Crypto's is a job on the thread pool, which cost
    // 100 µs a row at a show start and held the transaction open across a turn of the event loop.
    return { ...fields, hash: sha256Hex(canonicalRow(fields)), created_by: entry.createdBy ?? null };
  }

  async function write(trx: Db, head: LedgerHead, entry: NewEntry): Promise<Appended> {
    if (entry.mustCover) {
      const { balance } = summaryOf(await rewardsRepository.all(trx, entry.userId));
      if (balance + entry.points < 0) throw new AppError(409, MESSAGES.notEnoughPoints);
    }
    const row = rowAfter(head, entry);
    // PostgreSQL moves the head in the insert's own statement: one round trip inside the transaction
    // fewer, where every one waits for a turn of a busy event loop. SQLite writes without a trip.
    const stored =
      ctx.dialect === 'postgres'
        ? await rewardsRepository.appendAndMoveHead(trx, row)
        : await rewardsRepository.append(trx, row);
    if (!stored) {
      // The unique key is the guard; the read above only spares a repeat the balance check.
      const first = await rewardsRepository.byKey(trx, entry.userId, entry.reason, entry.sourceId, entry.state);
      if (!first) throw new Error('a ledger row conflicted with one that is not there');
      return { row: toLedgerRow(first), isNew: false };
    }
    if (ctx.dialect !== 'postgres')
      await rewardsRepository.moveHeads(trx, new Map([[entry.userId, { seq: stored.seq, hash: row.hash }]]));
    return { row: toLedgerRow(stored), isNew: true };
  }

  /**
   * A settled credit for a group to write at its end with writeCredits (decision 116): its row
   * follows the viewer's head in `heads`, which moves to it, so a second credit to the viewer in
   * the group follows the first. The head must have been locked by lockHeads in that transaction.
   */
  function planCredit(heads: LockedHeads, userId: number, points: number, reason: CreditReason, sourceId: string) {
    checkAmount(points);
    checkSource(sourceId);
    const head = heads.get(userId);
    if (!head) throw new Error(`the ledger head of viewer ${userId} was not locked for this credit`);
    const row = rowAfter(head, { userId, points, reason, sourceId, state: 'settled' });
    heads.set(userId, { seq: row.seq, hash: row.hash });
    return row;
  }

  /**
   * Writes a group's planned credits and moves their viewers' heads to the last of them, a
   * statement each. A credit already there fails the whole write, and so the transaction: a group
   * plans a credit only where its own write (a spin's row) or its read under the heads' lock
   * (creditCappedGroup) showed it is not there.
   */
  async function writeCredits(trx: Db, credits: readonly AppendedRow[]) {
    if (!credits.length) return;
    if ((await rewardsRepository.appendMany(trx, credits)) < credits.length)
      throw new Error('a planned ledger row is there already');
    await rewardsRepository.moveHeads(trx, new Map(credits.map((row) => [row.user_id, row])));
  }

  function checkAmount(points: number) {
    if (!Number.isInteger(points) || points <= 0 || points > MAX_POINTS)
      throw new RangeError(`points must be a whole number from 1 to ${MAX_POINTS}, not ${points}`);
  }

  function checkSource(sourceId: string) {
    if (!sourceId || sourceId.length > SOURCE_CHARS) throw new RangeError('a ledger source id is 1 to 200 characters');
  }

  return {
    /**
     * Credits points for `reason` and `sourceId` (the show, spin, quiz… that earned them), once per
     * viewer: a repeat answers the first row. A pending credit counts only once `settle` is called.
     */
    credit(
      userId: number,
      points: number,
      reason: CreditReason,
      sourceId: string,
      options: AppendOptions & { pending?: boolean } = {},
    ): Promise<Appended> {
      checkAmount(points);
      checkSource(sourceId);
      const state = options.pending ? 'pending' : 'settled';
      return inTransaction(options.trx, (trx) => append(trx, { userId, points, reason, sourceId, state }));
    },

    /** Locks the heads of these viewers for the rest of the transaction in one go, for planCredit (decision 116). */
    lockHeads: (trx: Db, userIds: readonly number[]): Promise<LockedHeads> =>
      rewardsRepository.lockHeads(trx, ctx.dialect, userIds),

    planCredit,
    writeCredits,

    /**
     * creditCapped for a group of credits of one reason, in one transaction (the entry and check-in
     * runs, decision 117): the viewers' heads are locked in one statement and the reason's last
     * CAP_WINDOW_MS read in one, so the cap counts a group's earlier credits to the same viewer too;
     * then writeCredits writes the new rows. A credit whose row is there already, or for which
     * today's cap (null: none) leaves nothing, is passed over. Answers how many were written.
     */
    async creditCappedGroup(
      trx: Db,
      reason: CreditReason,
      credits: readonly GroupCredit[],
      dailyCap: number | null,
    ): Promise<number> {
      for (const credit of credits) {
        checkAmount(credit.points);
        checkSource(credit.sourceId);
      }
      const userIds = [...new Set(credits.map((credit) => credit.userId))];
      if (!userIds.length) return 0;
      const heads = await rewardsRepository.lockHeads(trx, ctx.dialect, userIds);
      const now = clock.now();
      const since = new Date(now.getTime() - CAP_WINDOW_MS).toISOString();
      const recent = new Map<number, RecentRow[]>(userIds.map((id) => [id, []]));
      for (const row of await rewardsRepository.earnedSinceBy(trx, userIds, reason, since))
        recent.get(row.user_id)?.push(row);
      const planned: AppendedRow[] = [];
      for (const credit of credits) {
        const rows = recent.get(credit.userId) ?? [];
        if (rows.some((row) => row.source_id === credit.sourceId)) continue;
        const points = dailyCap === null ? credit.points : capLeft(rows, credit.points, dailyCap, now);
        if (points <= 0) continue;
        const row = planCredit(heads, credit.userId, points, reason, credit.sourceId);
        planned.push(row);
        rows.push(row);
      }
      await writeCredits(trx, planned);
      return planned.length;
    },

    /**
     * credit with a daily cap for the reason (decision 056): cut to what is left of the cap today,
     * or null (nothing written) when none is. A repeat still answers the first row.
     */
    creditCapped(
      userId: number,
      points: number,
      reason: CreditReason,
      sourceId: string,
      options: AppendOptions & { dailyCap: number },
    ): Promise<Appended | null> {
      checkAmount(points);
      checkSource(sourceId);
      return inTransaction(options.trx, (trx) =>
        appendCapped(trx, { userId, points, reason, sourceId, state: 'settled' }, options.dailyCap),
      );
    },

    /** Turns a pending credit into points: a settled row with the same reason, source and amount. */
    settle(userId: number, reason: CreditReason, sourceId: string, options: AppendOptions = {}) {
      return inTransaction(options.trx, async (trx): Promise<Appended | null> => {
        const pending = await rewardsRepository.byKey(trx, userId, reason, sourceId, 'pending');
        if (!pending) return null;
        return append(trx, { userId, points: pending.points, reason, sourceId, state: 'settled' });
      });
    },

    /** Spends points (a coupon), once per source; 409 when the balance does not cover them. */
    debit(
      userId: number,
      points: number,
      reason: DebitReason,
      sourceId: string,
      options: AppendOptions = {},
    ): Promise<Appended> {
      checkAmount(points);
      checkSource(sourceId);
      return inTransaction(options.trx, (trx) =>
        append(trx, { userId, points: -points, reason, sourceId, state: 'settled', mustCover: true }),
      );
    },

    /**
     * A staff correction: a new row, never an edit. `key` makes a resent form one row. Taking
     * points away is refused beyond the balance, which never goes below 0.
     */
    async adjust(staffId: number, userId: number, points: number, note: string, key: string): Promise<Appended> {
      const words = note.trim();
      if (!words || [...words].length > NOTE_CHARS) throw badRequest(MESSAGES.adjustmentNoteNeeded);
      if (!Number.isInteger(points) || points === 0 || Math.abs(points) > MAX_POINTS)
        throw badRequest(MESSAGES.adjustmentPoints);
      checkSource(key);
      if (!(await rewardsRepository.userExists(db, userId))) throw notFound(MESSAGES.adjustmentNoViewer);
      return db.transaction().execute((trx) =>
        append(trx, {
          userId,
          points,
          reason: ADJUSTMENT_REASON,
          sourceId: key,
          state: 'settled',
          note: words,
          createdBy: staffId,
          mustCover: points < 0,
        }),
      );
    },

    /** rewarddetails: balance, pending, next expiry, tier and progress, and one page of the ledger. */
    async details(userId: number, page: { cursor?: number; limit: number }): Promise<RewardDetails> {
      const rows = await rewardsRepository.all(db, userId);
      const { season, balance, pending, nextExpiry, earnedInSeason } = summaryOf(rows);
      const newestFirst = rows.filter((row) => page.cursor === undefined || row.seq < page.cursor).reverse();
      const shown = newestFirst.slice(0, page.limit);
      const last = shown.at(-1);
      const tier = tierFor(earnedInSeason);
      return {
        balance,
        pending,
        next_expiry: nextExpiry && { points: nextExpiry.points, expires_at: nextExpiry.expiresAt },
        tier: {
          name: tier.name,
          earned: tier.earned,
          season: { label: season.label, starts_at: season.startsAt, ends_at: season.endsAt },
          next: tier.next,
          progress: tier.progress,
        },
        ledger: {
          rows: shown.map(toLedgerRow),
          next_cursor: last && newestFirst.length > shown.length ? last.seq : null,
        },
        chain: { rows: rows.length, head_hash: rows.at(-1)?.hash ?? GENESIS_HASH },
        coupons: await couponsOf(userId),
      };
    },

    /** rewardledger_v1: every row, oldest first, as verifyLedger reads them. */
    async ledger(userId: number): Promise<LedgerRow[]> {
      return (await rewardsRepository.all(db, userId)).map(toLedgerRow);
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
