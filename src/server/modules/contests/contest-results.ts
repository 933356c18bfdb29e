// The results of a contest (decision 062), fixed once when voting closes: every approved entry
// ranked by the votes that count (voided ones excluded and shown as removed), ties going to the
// earlier entry (created_at, then id); the winners (place <= winner_count) credited prize_points
// through the rewards ledger, in the same transaction. A conditional update on results_fixed_at
// makes it happen exactly once, however many reads, sweeps or processes race for it. Every entrant
// is notified of the result in the same transaction (decision 069).
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { RewardsService } from '../rewards/rewards.service';
import { appendContestAudit } from './contest-audit';
import { notifyContestResults } from './contest-result-notices';
import { contestsRepository } from './contests.repository';

/** How often the sweep fixes the results of contests whose voting has closed. */
export const RESULTS_SWEEP_MS = 30_000;

export type Standing = { submission_id: number; user_id: number; votes: number; removed_votes: number };

/** Ranks entries: most votes first; a tie goes to the earlier entry (created_at, then id). */
export function rankEntries(
  entries: { id: number; user_id: number; created_at: string }[],
  votes: Map<number, number>,
  removed: Map<number, number>,
): Standing[] {
  return entries
    .map((e) => ({ ...e, votes: votes.get(e.id) ?? 0, removed_votes: removed.get(e.id) ?? 0 }))
    .sort((a, b) => b.votes - a.votes || a.created_at.localeCompare(b.created_at) || a.id - b.id)
    .map((e) => ({ submission_id: e.id, user_id: e.user_id, votes: e.votes, removed_votes: e.removed_votes }));
}

export type ResultsActor = { id: number; name: string } | null;

export function createContestResults(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config'>,
  rewards: Pick<RewardsService, 'credit'>,
) {
  const { db, clock } = ctx;

  /**
   * Fixes the results now if they are not fixed yet: true when this call fixed them. `closedBy`
   * is staff closing voting early (logged as 'closed'); otherwise voting must have closed.
   */
  async function fix(contestId: number, closedBy?: ResultsActor): Promise<boolean> {
    const now = clock.now();
    const at = now.toISOString();
    return db.transaction().execute(async (trx: Db) => {
      const before = await contestsRepository.byId(trx, contestId);
      if (!before || before.results_fixed_at) return false;
      if (closedBy === undefined && before.vote_closes_at > at) return false;
      const contest = await contestsRepository.markFixed(trx, contestId, at);
      if (!contest) return false;
      const [entries, votes, removed] = await Promise.all([
        contestsRepository.approved(trx, contestId),
        contestsRepository.voteCounts(trx, contestId),
        contestsRepository.voidedCounts(trx, contestId),
      ]);
      const standings = rankEntries(entries, votes, removed);
      await contestsRepository.insertResults(
        trx,
        standings.map((s, i) => ({ contest_id: contestId, place: i + 1, ...s })),
      );
      const winners = standings.slice(0, contest.winner_count);
      await notifyContestResults(trx, ctx, contest, standings, now);
      if (contest.prize_points > 0)
        for (const w of winners)
          await rewards.credit(w.user_id, contest.prize_points, 'contest', `contest:${contestId}:${w.submission_id}`, {
            trx,
          });
      if (closedBy !== undefined)
        await appendContestAudit(trx, {
          contestId,
          action: 'closed',
          actor: closedBy,
          detail: { planned_close: contest.vote_closes_at },
          at: now,
        });
      await appendContestAudit(trx, {
        contestId,
        action: 'results_fixed',
        actor: closedBy ?? null,
        detail: {
          entries: standings.length,
          winners: winners.map((w) => w.submission_id),
          prize_points: contest.prize_points,
        },
        at: now,
      });
      return true;
    });
  }

  /** Fixes every contest whose voting has closed; the number fixed. */
  async function sweep(): Promise<number> {
    let fixed = 0;
    for (const { id } of await contestsRepository.dueForResults(db, clock.now().toISOString()))
      if (await fix(id)) fixed += 1;
    return fixed;
  }

  return { fix, sweep };
}

export type ContestResults = ReturnType<typeof createContestResults>;

/** Runs the sweep at start and every RESULTS_SWEEP_MS; the timer never holds the process. */
export function startContestResults(ctx: AppContext, results: ContestResults): () => void {
  const run = () => results.sweep().catch((error: unknown) => ctx.log.error({ err: error }, 'contest results failed'));
  void run();
  const timer = setInterval(run, RESULTS_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
