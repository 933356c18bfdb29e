// The rules of uservotes and userlikes (decision 063): only approved entries, votes only while the
// contest's phase is voting and never for one's own entry, one vote per contest ('once') or per Los
// Angeles day ('daily') that moves when the viewer changes it, likes until the contest closes.
import type { VoteState } from '../../../shared/contract/contests';
import { contestPhase, countsVisible } from '../../../shared/contest-phase';
import { CONTEST_VOTE_MESSAGES } from '../../../shared/messages';
import { laDay } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import { forgetContestTally } from '../contests/contest-tally';
import { contestVotesRepository as repo, type VoteOrigin } from './contest-votes.repository';

/** What a vote did: cast a new vote, moved the day's vote here, or found it here already. */
export type VoteOutcome = 'cast' | 'moved' | 'kept';

export function createContestVotesService(ctx: AppContext) {
  const { db, clock } = ctx;

  /** An approved entry and its contest; anything else is 'not found', so pending entries do not leak. */
  async function approvedEntry(submissionId: number) {
    const entry = await repo.submissionWithContest(db, submissionId);
    if (!entry || entry.state !== 'approved') throw notFound();
    return entry;
  }

  type Entry = Awaited<ReturnType<typeof approvedEntry>>;

  const voteDayOf = (entry: Entry, now: Date) => (entry.vote_rule === 'daily' ? laDay(now) : '');

  async function stateOf(entry: Entry, user: UserRow, now: Date): Promise<VoteState> {
    const phase = contestPhase(entry, now);
    const visible = countsVisible(entry.show_counts === 1, phase);
    const [counts, mine] = await Promise.all([
      repo.countsOf(db, entry.id, user.id),
      repo.voteOf(db, entry.contest_id, user.id, voteDayOf(entry, now)),
    ]);
    const myVote = mine && mine.voided_at === null ? mine.submission_id : null;
    return {
      submissionid: entry.id,
      contestid: entry.contest_id,
      votes: visible ? counts.votes : null,
      likes: visible ? counts.likes : null,
      voted: myVote === entry.id,
      liked: counts.liked,
      my_vote: myVote,
    };
  }

  return {
    async vote(
      user: UserRow,
      submissionId: number,
      origin: VoteOrigin,
    ): Promise<{ outcome: VoteOutcome; state: VoteState }> {
      const now = clock.now();
      const entry = await approvedEntry(submissionId);
      if (entry.user_id === user.id) throw forbidden(CONTEST_VOTE_MESSAGES.ownEntry);
      const phase = contestPhase(entry, now);
      if (phase === 'closed') throw conflict(CONTEST_VOTE_MESSAGES.votingClosed);
      if (phase !== 'voting') throw conflict(CONTEST_VOTE_MESSAGES.votingNotOpen);

      const voteDay = voteDayOf(entry, now);
      const at = now.toISOString();
      const written = await repo.castOrMove(db, {
        contestId: entry.contest_id,
        submissionId: entry.id,
        userId: user.id,
        voteDay,
        at,
        ...origin,
      });
      let outcome: VoteOutcome;
      if (written) {
        // A moved row keeps its first created_at (a move in the same millisecond reads as a cast).
        outcome = written.created_at === at ? 'cast' : 'moved';
      } else {
        // Nothing written: the day's vote was voided, or it is on this entry already.
        const existing = await repo.voteOf(db, entry.contest_id, user.id, voteDay);
        if (!existing || existing.voided_at !== null) {
          throw conflict(
            entry.vote_rule === 'daily' ? CONTEST_VOTE_MESSAGES.voteVoidedToday : CONTEST_VOTE_MESSAGES.voteVoidedOnce,
          );
        }
        outcome = 'kept';
      }
      if (outcome !== 'kept') forgetContestTally(db, entry.contest_id);
      return { outcome, state: await stateOf(entry, user, now) };
    },

    async like(user: UserRow, submissionId: number, liked: boolean): Promise<VoteState> {
      const now = clock.now();
      const entry = await approvedEntry(submissionId);
      if (contestPhase(entry, now) === 'closed') throw conflict(CONTEST_VOTE_MESSAGES.contestClosed);
      if (liked) await repo.like(db, entry.id, user.id, now.toISOString());
      else await repo.unlike(db, entry.id, user.id);
      forgetContestTally(db, entry.contest_id);
      return stateOf(entry, user, now);
    },
  };
}

export type ContestVotesService = ReturnType<typeof createContestVotesService>;
