// Earning points (decision 056): the rules staff edit, and the hooks other modules call when a viewer
// RSVPs, checks in, enters a giveaway, answers a quiz right, refers a friend or watches a show. Every
// credit goes through the rewards service, once per (viewer, reason, source), within the daily cap.
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type {
  EarningRuleRecord,
  PublicEarningRule,
  SetEarningRulesRequest,
} from '../../../shared/contract/reward-rules';
import { defaultRuleRow, EARNING_RULES, watchPoints, type EarningRule } from '../../../shared/rewards';
import type { AppContext } from '../../context';
import { retryOnDeadlock, type Db } from '../../db/database';
import type { RewardRulesTable, UserRow } from '../../db/schema';
import { earningRepository, type CheckInCursor } from './earning.repository';
import { createRewardsService, type Appended } from './rewards.service';

type RuleRow = Selectable<RewardRulesTable>;

/** Shows that ended this long ago or less are checked by the housekeeping pass for unpaid watch time. */
const WATCH_LOOKBACK_MS = 7 * 24 * 3600_000;
/**
 * How old an entry or check-in the credits runs still credit (decision 056): a start with no marks kept
 * (decision 103) catches up over this much.
 */
const ACTIVITY_LOOKBACK_MS = 24 * 3600_000;
const ACTIVITY_PAGE = 500;
/** Entry or check-in credits written in one transaction. */
const CREDIT_GROUP = 20;
/**
 * Watch credits written a statement each in a show's one transaction: a count up to 256 is compiled
 * once (decision 116), and 200 rows of a ledger insert stay far below PostgreSQL's parameter limit.
 */
const WATCH_GROUP = 200;

/** Where a credits run starts: an entry id, and a check-in in (created_at, event_id, user_id) order. */
const ActivityMarks = z.object({
  entry: z.number().int().nonnegative(),
  checkIn: z.object({ created_at: z.string(), event_id: z.number().int(), user_id: z.number().int() }),
});
type ActivityMarks = z.output<typeof ActivityMarks>;
/** Where the next run starts, and where the run after it will (the next run's own start). */
const KeptActivityMarks = z.object({ from: ActivityMarks, next: ActivityMarks });
type KeptActivityMarks = z.output<typeof KeptActivityMarks>;
const FIRST_MARKS: ActivityMarks = { entry: 0, checkIn: { created_at: '', event_id: 0, user_id: 0 } };
/** The share of the credits run's interval within which a turn taken is another process's (decision 118). */
const TURN_SHARE = 0.8;

const isEarningRule = (rule: string): rule is EarningRule => (EARNING_RULES as readonly string[]).includes(rule);

function toRecord(row: RuleRow): EarningRuleRecord | null {
  if (!isEarningRule(row.rule)) return null;
  return {
    rule: row.rule,
    points: row.points,
    daily_cap: row.daily_cap,
    show_cap: row.show_cap,
    enabled: row.enabled === 1,
    updated_at: row.updated_at,
  };
}

/** How long a credit may use a rule read earlier: every credit read its row before (decision 061). */
const RULE_FRESH_MS = 5000;

/**
 * The rules read recently, per database (so test apps in one process never share them). Staff
 * changes through this process clear them at once (setRules); other processes follow within
 * RULE_FRESH_MS. `generation` rises with each clear, so a read that began before it is not kept.
 */
type RuleCache = { generation: number; rows: Map<EarningRule, { row: RuleRow; until: number }> };
const ruleCaches = new WeakMap<Db, RuleCache>();

function ruleCacheOf(db: Db): RuleCache {
  let cache = ruleCaches.get(db);
  if (!cache) {
    cache = { generation: 0, rows: new Map() };
    ruleCaches.set(db, cache);
  }
  return cache;
}

/** A rule's row, or its default when the row is missing (a database emptied by hand, or by tests). */
async function ruleOf(db: Db, rule: EarningRule): Promise<RuleRow> {
  const row = await earningRepository.rule(db, rule);
  return row ?? defaultRuleRow(rule, new Date(0).toISOString());
}

const asLogged = (row: RuleRow) =>
  JSON.stringify({ points: row.points, daily_cap: row.daily_cap, show_cap: row.show_cap, enabled: row.enabled === 1 });

export function createEarningService(ctx: Pick<AppContext, 'db' | 'clock' | 'dialect'>) {
  const { db, clock } = ctx;
  const rewards = createRewardsService(ctx);
  const cache = ruleCacheOf(db);

  /** The rule a credit uses: from memory for up to RULE_FRESH_MS, else read (in `trx` when given). */
  async function currentRule(rule: EarningRule, trx: Db = db): Promise<RuleRow> {
    const now = clock.now().getTime();
    const hit = cache.rows.get(rule);
    if (hit && hit.until > now) return hit.row;
    const generation = cache.generation;
    const row = await ruleOf(trx, rule);
    if (cache.generation === generation) cache.rows.set(rule, { row, until: now + RULE_FRESH_MS });
    return row;
  }

  async function list(): Promise<EarningRuleRecord[]> {
    const rows = await Promise.all(EARNING_RULES.map((rule) => ruleOf(db, rule)));
    return rows.flatMap((row) => toRecord(row) ?? []);
  }

  /**
   * Credits `rule`'s points to the viewer for `sourceId`, within the rule's daily cap. Null when the
   * rule is off, there is nothing to credit or the cap is reached. The rule is at most RULE_FRESH_MS
   * old (read in the caller's transaction when it is read).
   */
  async function earn(trx: Db, rule: EarningRule, userId: number, sourceId: string): Promise<Appended | null> {
    const settings = await currentRule(rule, trx);
    if (settings.enabled !== 1 || settings.points <= 0) return null;
    if (settings.daily_cap === null) return rewards.credit(userId, settings.points, rule, sourceId, { trx });
    return rewards.creditCapped(userId, settings.points, rule, sourceId, { trx, dailyCap: settings.daily_cap });
  }

  /**
   * Credits `rule`'s points for the rows, CREDIT_GROUP of them to a transaction: one commit (an fsync
   * on SQLite) for a group instead of one per credit, and a group short enough that requests
   * hardly wait for it, as they get their turn between groups (decision 106). A group locks its
   * viewers' heads, reads their day's credits of the rule and writes its credits, a statement each
   * (creditCappedGroup, decision 117); `after` runs in the group's transaction once they are
   * written. The rows are the runs' pages, which hold only credits that are not there; on SQLite a
   * group whose credits are all over the cap (a restart's catch-up) writes nothing, and its commit
   * costs no fsync.
   */
  async function creditInGroups<T extends { user_id: number }>(
    rule: EarningRule,
    rows: readonly T[],
    sourceOf: (row: T) => string,
    after?: (trx: Db, row: T) => Promise<unknown>,
  ) {
    for (let at = 0; at < rows.length; at += CREDIT_GROUP) {
      // A group takes several viewers' head locks, in viewer order (lockHeads), so the groups of two
      // processes walking the same rows wait for each other rather than deadlock; a referral settled
      // by `after` locks a second head out of that order, so a deadlock PostgreSQL breaks runs the
      // group again (nothing of it was committed).
      const group = rows.slice(at, at + CREDIT_GROUP);
      await retryOnDeadlock(() =>
        db.transaction().execute(async (trx) => {
          const settings = await currentRule(rule, trx);
          if (settings.enabled === 1 && settings.points > 0) {
            const credits = group.map((row) => ({
              userId: row.user_id,
              points: settings.points,
              sourceId: sourceOf(row),
            }));
            await rewards.creditCappedGroup(trx, rule, credits, settings.daily_cap);
          }
          if (after) for (const row of group) await after(trx, row);
        }),
      );
      // SQLite answers at once, so without this a run is one turn of the event loop: the credits
      // of a show start's 6,000 entries and check-ins held every request for 2.4 s.
      await setImmediatePromise();
    }
  }

  /** Credits the show's watch time to each viewer who watched it, once per show (claimed first). */
  async function creditWatch(eventId: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const watched = await earningRepository.watchedSeconds(trx, eventId);
      if (!(await earningRepository.markWatchSettled(trx, eventId, watched.length, clock.now().toISOString())))
        return 0;
      const settings = await currentRule('watch', trx);
      if (settings.enabled !== 1) return 0;
      const sourceId = `watch:event:${eventId}`;
      // In viewer order, as every group takes heads (creditInGroups), so no two wait on each other in a cycle.
      const credits = watched
        .map((viewer) => ({
          userId: viewer.user_id,
          points: watchPoints(viewer.seconds, { points: settings.points, showCap: settings.show_cap }),
          sourceId,
        }))
        .filter((credit) => credit.points > 0)
        .sort((a, b) => a.userId - b.userId);
      let credited = 0;
      for (let at = 0; at < credits.length; at += WATCH_GROUP)
        credited += await rewards.creditCappedGroup(
          trx,
          'watch',
          credits.slice(at, at + WATCH_GROUP),
          settings.daily_cap,
        );
      return credited;
    });
  }

  return {
    rules: list,

    /** The rules that are on, as the rewards page shows them: points and caps only. */
    async publicRules(): Promise<PublicEarningRule[]> {
      return (await list())
        .filter((rule) => rule.enabled)
        .map(({ rule, points, daily_cap, show_cap }) => ({ rule, points, daily_cap, show_cap }));
    },

    /** Replaces the rules given, logging each change with who made it and the rule before and after. */
    async setRules(staff: UserRow, input: z.output<typeof SetEarningRulesRequest>): Promise<EarningRuleRecord[]> {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const given of input.rules) {
          const before = await ruleOf(trx, given.rule);
          const after: RuleRow = {
            rule: given.rule,
            points: given.points,
            daily_cap: given.daily_cap,
            show_cap: given.show_cap,
            enabled: given.enabled ? 1 : 0,
            updated_at: now,
            updated_by: staff.id,
          };
          if (asLogged(before) === asLogged(after)) continue;
          await earningRepository.setRule(trx, after);
          await earningRepository.logChange(trx, {
            rule: given.rule,
            staff_id: staff.id,
            staff_name: `${staff.first_name} ${staff.last_name}`.trim(),
            before: asLogged(before),
            after: asLogged(after),
            created_at: now,
          });
        }
      });
      // The next credit in this process uses the rules as saved.
      cache.generation += 1;
      cache.rows.clear();
      return list();
    },

    /** An RSVP to a show, in the RSVP's transaction. */
    rsvp: (trx: Db, userId: number, eventId: number) => earn(trx, 'rsvp', userId, `event:${eventId}`),

    /**
     * Check-in points, from the check-ins table: every check-in after `after` (and at most a day
     * old) is credited once per show, and the referral its viewer's inviter has pending is settled
     * (the first check-in settles it; later ones find nothing pending). Run off the check-in's path
     * (startActivityCredits), so a show start's check-ins share a few short transactions. Only
     * check-ins without their credit are written. Answers the newest check-in at the run's
     * start, where the next run starts.
     */
    async creditCheckInsAfter(after: CheckInCursor): Promise<CheckInCursor> {
      const since = new Date(clock.now().getTime() - ACTIVITY_LOOKBACK_MS).toISOString();
      const upto = await earningRepository.lastCheckIn(db);
      if (!upto) return after;
      let last = after;
      for (;;) {
        const rows = await earningRepository.uncreditedCheckIns(db, last, upto, since, ACTIVITY_PAGE);
        await creditInGroups(
          'checkin',
          rows,
          (row) => `event:${row.event_id}`,
          async (trx, row) => {
            if (row.invited_by !== null)
              await rewards.settle(row.invited_by, 'referral', `user:${row.user_id}`, { trx });
          },
        );
        const end = rows.at(-1);
        if (end) last = { created_at: end.created_at, event_id: end.event_id, user_id: end.user_id };
        if (rows.length < ACTIVITY_PAGE)
          return { created_at: upto.created_at, event_id: upto.event_id, user_id: upto.user_id };
      }
    },

    /**
     * Entry points, from the entries table: every entry after `afterId` (and at most a day old) is
     * credited once per giveaway per viewer, whatever bonus entries follow. Run off the request path
     * (startActivityCredits), so a surge's entries stay one grouped commit each (decision 056). Only
     * entries without their credit are written: a start after a crash walked a day of entries,
     * a transaction each, while it began to serve. Answers the newest entry id at the run's start,
     * where the next run starts.
     */
    async creditEntriesAfter(afterId: number): Promise<number> {
      const since = new Date(clock.now().getTime() - ACTIVITY_LOOKBACK_MS).toISOString();
      const upto = await earningRepository.lastEntryId(db);
      if (upto <= afterId) return afterId;
      let last = afterId;
      for (;;) {
        const rows = await earningRepository.uncreditedEntries(db, last, upto, since, ACTIVITY_PAGE);
        await creditInGroups('giveaway_entry', rows, (row) => `giveaway:${row.giveaway_id}`);
        last = rows.at(-1)?.id ?? last;
        if (rows.length < ACTIVITY_PAGE) return upto;
      }
    },

    /**
     * The credits run's turn (decision 118) and where it starts: where the runs have got to, as the
     * last run of any process kept it (decision 103), from the beginning (bounded by the day's
     * lookback) when nothing is kept. Null when another process took a turn less than `turnMs` ago
     * by the wall clock, or takes it first: that process reads the same entries and check-ins. A
     * `forced` turn is taken whatever: a starting process catches up at once.
     */
    async activityTurn(turnMs: number, forced = false): Promise<KeptActivityMarks | null> {
      const kept = await earningRepository.activityMarks(db);
      if (kept) {
        const nowMs = Date.now();
        const recent = nowMs - (Date.parse(kept.turn_at) || 0) < turnMs;
        const taken =
          !recent && (await earningRepository.takeActivityTurn(db, kept.turn_at, new Date(nowMs).toISOString()));
        if (!taken && !forced) return null;
      }
      let parsed: unknown = null;
      try {
        parsed = kept === undefined ? null : JSON.parse(kept.marks);
      } catch {
        // A row that is not JSON is as good as none: the start catches up over the day.
      }
      const marks = KeptActivityMarks.safeParse(parsed);
      return marks.success ? marks.data : { from: FIRST_MARKS, next: FIRST_MARKS };
    },

    /** Keeps where the entry and check-in credits runs have got to. */
    keepActivityMarks: (marks: KeptActivityMarks) =>
      earningRepository.keepActivityMarks(db, JSON.stringify(marks), clock.now().toISOString()),

    /** A special event's quiz answered right (every right answer given, decision 061), in the answers' transaction. */
    quiz: (trx: Db, userId: number, eventId: number) => earn(trx, 'quiz', userId, `event:${eventId}`),

    /**
     * A birthday or anniversary, in the transaction that claims that year's gift (decision 061): the
     * source names the year, so the ledger's key allows one such credit per viewer per year.
     */
    yearly: (trx: Db, kind: 'birthday' | 'anniversary', userId: number, year: number) =>
      earn(trx, kind, userId, `year:${year}`),

    /** A new account made with an invite code: the inviter's points wait for the friend's first check-in. */
    async referral(referrerId: number, newUserId: number) {
      const settings = await currentRule('referral');
      if (settings.enabled !== 1) return null;
      return rewards.credit(referrerId, settings.points, 'referral', `user:${newUserId}`, { pending: true });
    },

    creditWatch,

    /** The housekeeping pass: watch points for shows that ended without staff pressing end. */
    async creditEndedShows(): Promise<number> {
      const now = clock.now();
      const ended = await earningRepository.endedUnsettled(
        db,
        new Date(now.getTime() - WATCH_LOOKBACK_MS).toISOString(),
        now.toISOString(),
      );
      let credited = 0;
      for (const eventId of ended) credited += await creditWatch(eventId);
      return credited;
    },
  };
}
export type EarningService = ReturnType<typeof createEarningService>;

/**
 * Credits giveaway entries and live check-ins every `intervalMs` (and once at start, which catches
 * up after a crash): neither answer waits for its points. Several processes may each run it: one
 * takes a turn and the others pass theirs while it is recent (decision 118), and should two run at
 * once, the ledger's key keeps one credit per giveaway or show per viewer. Each run goes over the
 * run before it once more: on PostgreSQL an id is handed out before its commit, so a run can read
 * past an entry that commits a moment later, and the next run finds it (a credited one costs
 * nothing but its look in the query). Where the next run starts is kept in the database (decision
 * 103) and read at each turn, so a start, or another process's turn, goes on from there. Answers a
 * stop function that waits for a run in hand.
 */
export function startActivityCredits(
  ctx: AppContext,
  log: { error: (obj: object, msg: string) => void },
  intervalMs = 30_000,
): () => Promise<void> {
  const earning = createEarningService(ctx);
  let running: Promise<void> = Promise.resolve();
  // A turn taken less than this long ago is another process's: timers fire a little early or late.
  const turnMs = intervalMs * TURN_SHARE;
  let starting = true;
  const run = () => {
    const forced = starting;
    starting = false;
    running = running.then(async () => {
      try {
        const marks = await earning.activityTurn(turnMs, forced);
        if (!marks) return;
        const upto: ActivityMarks = {
          checkIn: await earning.creditCheckInsAfter(marks.from.checkIn),
          entry: await earning.creditEntriesAfter(marks.from.entry),
        };
        const moved: KeptActivityMarks = { from: marks.next, next: upto };
        // A quiet spell moves no mark: nothing to write.
        if (!isDeepStrictEqual(moved, marks)) await earning.keepActivityMarks(moved);
      } catch (error) {
        log.error({ err: error }, 'entry and check-in credits failed');
      }
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
