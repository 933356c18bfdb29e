// The counts every viewer on a contest page polls (contestcounts_v1, every COUNTS_POLL_MS): the
// approved entries with their votes and likes, counted from rows (decision 062) and shared for
// TALLY_FRESH_MS per contest in this process, one count at a time however many viewers ask. A
// vote, like, void or review through this process forgets the contest's tally at once; other
// processes see it within TALLY_FRESH_MS, so a change still reaches every page within two seconds.
import type { Db } from '../../db/database';
import { contestsRepository } from './contests.repository';

export const TALLY_FRESH_MS = 250;

export type ContestTally = {
  /** Approved entries, oldest first. */
  approvedIds: number[];
  votes: Map<number, number>;
  likes: Map<number, number>;
};

type Kept = { until: number; tally: Promise<ContestTally> };

/** Per database, so test apps in one process never share counts. */
const tallies = new WeakMap<Db, Map<number, Kept>>();

function keptFor(db: Db): Map<number, Kept> {
  let kept = tallies.get(db);
  if (!kept) {
    kept = new Map();
    tallies.set(db, kept);
  }
  return kept;
}

async function count(db: Db, contestId: number): Promise<ContestTally> {
  const [approvedIds, votes, likes] = await Promise.all([
    contestsRepository.approvedIds(db, contestId),
    contestsRepository.voteCounts(db, contestId),
    contestsRepository.likeCounts(db, contestId),
  ]);
  return { approvedIds, votes, likes };
}

/** The contest's tally: the one counted in the last TALLY_FRESH_MS (or being counted), else a new count. */
export function contestTally(db: Db, contestId: number, now: number = Date.now()): Promise<ContestTally> {
  const kept = keptFor(db);
  const hit = kept.get(contestId);
  if (hit && hit.until > now) return hit.tally;
  const tally = count(db, contestId);
  const entry = { until: now + TALLY_FRESH_MS, tally };
  kept.set(contestId, entry);
  // A failed count is not kept: the next poll counts again.
  tally.catch(() => {
    if (kept.get(contestId) === entry) kept.delete(contestId);
  });
  return tally;
}

/** Forgets a contest's tally after a change this process made (a vote, like, void or review). */
export function forgetContestTally(db: Db, contestId: number): void {
  tallies.get(db)?.delete(contestId);
}
