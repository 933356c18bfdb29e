// The vote review of an entry (decision 063): a per-minute timeline, the fairness flags and every
// vote, and voids with a reason. Counts are never edited: a void marks votes, it is logged with the
// count, the ids and the reason, and it is refused once the results are fixed.
import type { z } from 'zod';
import type { VoidRequest, VoteReview } from '../../../shared/contract/contests';
import { CONTEST_VOTE_MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { appendContestAudit } from '../contests/contest-audit';
import { forgetContestTally } from '../contests/contest-tally';
import { contestVotesRepository as repo } from './contest-votes.repository';
import { minuteOf, voteFlags } from './vote-flags';

type VoidInput = z.output<typeof VoidRequest>;

export function createContestVotesStaffService(ctx: AppContext) {
  const { db, clock } = ctx;

  async function review(contestId: number, submissionId: number): Promise<VoteReview> {
    const [contest, entry] = await Promise.all([
      repo.contestById(db, contestId),
      repo.submissionOfContest(db, contestId, submissionId),
    ]);
    if (!contest || !entry) throw notFound();
    const rows = await repo.votesOfSubmission(db, submissionId);

    const minutes = new Map<string, { votes: number; voided: number }>();
    for (const row of rows) {
      const minute = minuteOf(row.cast_at);
      const slot = minutes.get(minute) ?? { votes: 0, voided: 0 };
      if (row.voided_at === null) slot.votes += 1;
      else slot.voided += 1;
      minutes.set(minute, slot);
    }
    const timeline = [...minutes].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([minute, slot]) => ({ minute, ...slot }));

    const flags = voteFlags(
      rows.map((row) => ({
        id: row.id,
        account_created_at: row.account_created_at,
        cast_at: row.cast_at,
        network: row.network,
        visitor: row.visitor,
        voided: row.voided_at !== null,
      })),
    );
    const voided = rows.filter((row) => row.voided_at !== null).length;
    return {
      submissionid: submissionId,
      votes: rows.length - voided,
      voided_votes: voided,
      timeline,
      flags,
      list: rows.map((row) => ({
        id: row.id,
        userid: row.user_id,
        voter: `${row.first_name} ${row.last_name}`.trim() || row.email,
        account_created_at: row.account_created_at,
        network: row.network,
        visitor: row.visitor,
        vote_day: row.vote_day,
        cast_at: row.cast_at,
        voided_at: row.voided_at,
        void_reason: row.void_reason,
      })),
    };
  }

  return {
    review,

    /** Voids all the given votes of the entry or none; the answer is the entry's review after. */
    async voidVotes(
      staff: UserRow,
      contestId: number,
      input: VoidInput,
    ): Promise<{ count: number; review: VoteReview }> {
      const ids = [...new Set(input.voteids)].sort((a, b) => a - b);
      const now = clock.now();
      const count = await db.transaction().execute(async (trx) => {
        const contest = await repo.contestById(trx, contestId);
        const entry = await repo.submissionOfContest(trx, contestId, input.submissionid);
        if (!contest || !entry) throw notFound();
        if (!(await repo.holdUnfixed(trx, contestId))) throw conflict(CONTEST_VOTE_MESSAGES.voidResultsFixed);

        const found = await repo.votesByIds(trx, ids);
        const foreign = ids.filter((id) => {
          const vote = found.find((v) => v.id === id);
          return !vote || vote.contest_id !== contestId || vote.submission_id !== input.submissionid;
        });
        if (foreign.length) {
          throw badRequest(CONTEST_VOTE_MESSAGES.voidNotThisEntry, [{ field: 'voteids', ids: foreign }]);
        }
        if (found.some((v) => v.voided_at !== null)) throw conflict(CONTEST_VOTE_MESSAGES.voidAlreadyVoided);

        const voided = await repo.voidVotes(trx, {
          contestId,
          submissionId: input.submissionid,
          ids,
          by: staff.id,
          reason: input.reason,
          at: now.toISOString(),
        });
        // Another void or a move got there between the read and the write: undo all of it.
        if (voided !== ids.length) throw conflict(CONTEST_VOTE_MESSAGES.voidAlreadyVoided);
        await appendContestAudit(trx, {
          contestId,
          submissionId: input.submissionid,
          action: 'votes_voided',
          actor: { id: staff.id, name: `${staff.first_name} ${staff.last_name}`.trim() },
          detail: { count: voided, vote_ids: ids, reason: input.reason },
          at: now,
        });
        return voided;
      });
      forgetContestTally(db, contestId);
      return { count, review: await review(contestId, input.submissionid) };
    },
  };
}

export type ContestVotesStaffService = ReturnType<typeof createContestVotesStaffService>;
