// SQL of contest votes and likes (decision 063, tables of migration 023). Counts are counted rows
// under unique keys, never stored counters: a vote is one row per (contest, viewer, vote_day) that
// moves between entries in one upsert, a like is one row per (entry, viewer).
import type { Db } from '../../db/database';

export type VoteOrigin = { ip: string; network: string; visitor: string };

const n = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

export const contestVotesRepository = {
  /** A submission with its contest's windows and rules, or undefined. */
  submissionWithContest: (db: Db, submissionId: number) =>
    db
      .selectFrom('contest_submissions as s')
      .innerJoin('contests as c', 'c.id', 's.contest_id')
      .select([
        's.id',
        's.contest_id',
        's.user_id',
        's.state',
        'c.submit_opens_at',
        'c.submit_closes_at',
        'c.vote_opens_at',
        'c.vote_closes_at',
        'c.results_fixed_at',
        'c.vote_rule',
        'c.show_counts',
      ])
      .where('s.id', '=', submissionId)
      .executeTakeFirst(),

  /**
   * Casts the viewer's vote of `voteDay` for the submission, or moves their vote of that day to it:
   * one statement on both engines. A voided vote is neither moved nor re-cast, and a vote already on
   * this submission is left as it is: both return undefined.
   */
  castOrMove: (
    db: Db,
    row: { contestId: number; submissionId: number; userId: number; voteDay: string; at: string } & VoteOrigin,
  ) =>
    db
      .insertInto('contest_votes')
      .values({
        contest_id: row.contestId,
        submission_id: row.submissionId,
        user_id: row.userId,
        vote_day: row.voteDay,
        ip: row.ip,
        network: row.network,
        visitor: row.visitor,
        created_at: row.at,
        cast_at: row.at,
        voided_at: null,
        voided_by: null,
        void_reason: '',
      })
      .onConflict((oc) =>
        oc
          .columns(['contest_id', 'user_id', 'vote_day'])
          .doUpdateSet((eb) => ({
            submission_id: eb.ref('excluded.submission_id'),
            cast_at: eb.ref('excluded.cast_at'),
            ip: eb.ref('excluded.ip'),
            network: eb.ref('excluded.network'),
            visitor: eb.ref('excluded.visitor'),
          }))
          .where('contest_votes.voided_at', 'is', null)
          .whereRef('contest_votes.submission_id', '<>', 'excluded.submission_id'),
      )
      .returning(['id', 'submission_id', 'created_at', 'cast_at'])
      .executeTakeFirst(),

  /** The viewer's vote of `voteDay` in the contest (voided or not), or undefined. */
  voteOf: (db: Db, contestId: number, userId: number, voteDay: string) =>
    db
      .selectFrom('contest_votes')
      .select(['id', 'submission_id', 'voided_at'])
      .where('contest_id', '=', contestId)
      .where('user_id', '=', userId)
      .where('vote_day', '=', voteDay)
      .executeTakeFirst(),

  like: (db: Db, submissionId: number, userId: number, at: string) =>
    db
      .insertInto('contest_likes')
      .values({ submission_id: submissionId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['submission_id', 'user_id']).doNothing())
      .execute(),

  unlike: (db: Db, submissionId: number, userId: number) =>
    db.deleteFrom('contest_likes').where('submission_id', '=', submissionId).where('user_id', '=', userId).execute(),

  /** The entry's votes that count (not voided) and its likes, and whether the viewer likes it. */
  async countsOf(db: Db, submissionId: number, userId: number) {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('contest_votes')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .where('submission_id', '=', submissionId)
          .where('voided_at', 'is', null)
          .as('votes'),
        eb
          .selectFrom('contest_likes')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .where('submission_id', '=', submissionId)
          .as('likes'),
        eb
          .selectFrom('contest_likes')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .where('submission_id', '=', submissionId)
          .where('user_id', '=', userId)
          .as('mine'),
      ])
      .executeTakeFirstOrThrow();
    return { votes: n(row.votes), likes: n(row.likes), liked: n(row.mine) > 0 };
  },

  // ---- Staff ----

  contestById: (db: Db, contestId: number) =>
    db.selectFrom('contests').select(['id', 'results_fixed_at']).where('id', '=', contestId).executeTakeFirst(),

  submissionOfContest: (db: Db, contestId: number, submissionId: number) =>
    db
      .selectFrom('contest_submissions')
      .select(['id', 'contest_id'])
      .where('id', '=', submissionId)
      .where('contest_id', '=', contestId)
      .executeTakeFirst(),

  /** Every vote now on the submission, with its voter, newest first. */
  votesOfSubmission: (db: Db, submissionId: number) =>
    db
      .selectFrom('contest_votes as v')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .select([
        'v.id',
        'v.user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.created_at as account_created_at',
        'v.network',
        'v.visitor',
        'v.vote_day',
        'v.cast_at',
        'v.voided_at',
        'v.void_reason',
      ])
      .where('v.submission_id', '=', submissionId)
      .orderBy('v.cast_at', 'desc')
      .orderBy('v.id', 'desc')
      .execute(),

  /**
   * Takes the contest row's lock while its results are not fixed (a write that changes nothing), so
   * a void and the fixing of the results run one after the other; false when fixed or unknown.
   */
  async holdUnfixed(db: Db, contestId: number): Promise<boolean> {
    const result = await db
      .updateTable('contests')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', contestId)
      .where('results_fixed_at', 'is', null)
      .executeTakeFirst();
    return n(result.numUpdatedRows) === 1;
  },

  votesByIds: (db: Db, ids: number[]) =>
    db
      .selectFrom('contest_votes')
      .select(['id', 'contest_id', 'submission_id', 'voided_at'])
      .where('id', 'in', ids)
      .execute(),

  /** Voids the votes that are still counted on the submission; the number voided. */
  async voidVotes(
    db: Db,
    v: { contestId: number; submissionId: number; ids: number[]; by: number; reason: string; at: string },
  ): Promise<number> {
    const result = await db
      .updateTable('contest_votes')
      .set({ voided_at: v.at, voided_by: v.by, void_reason: v.reason })
      .where('id', 'in', v.ids)
      .where('contest_id', '=', v.contestId)
      .where('submission_id', '=', v.submissionId)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    return n(result.numUpdatedRows);
  },
};
