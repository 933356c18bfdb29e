// The activity digest's SQL (decision 069): new likes and votes on each entrant's entries since their
// watermark, and the watermark's guarded move, so two processes never record the same digest.
import type { Db } from '../../db/database';

export const submissionDigestRepository = {
  /**
   * Per entrant whose last digest is older than `hourAgoIso` (or who has none): votes that count,
   * cast after their watermark (or in the last hour when there is none) and up to `nowIso`.
   */
  newVotes: (db: Db, nowIso: string, hourAgoIso: string) =>
    db
      .selectFrom('contest_votes')
      .innerJoin('contest_submissions', 'contest_submissions.id', 'contest_votes.submission_id')
      .leftJoin('submission_digests', 'submission_digests.user_id', 'contest_submissions.user_id')
      .select((eb) => ['contest_submissions.user_id', eb.fn.countAll<number | string>().as('count')])
      .where('contest_votes.voided_at', 'is', null)
      .where('contest_votes.cast_at', '<=', nowIso)
      .where((eb) =>
        eb.or([
          eb.and([eb('submission_digests.user_id', 'is', null), eb('contest_votes.cast_at', '>', hourAgoIso)]),
          eb.and([
            eb('submission_digests.sent_at', '<=', hourAgoIso),
            eb('contest_votes.cast_at', '>', eb.ref('submission_digests.counted_until')),
          ]),
        ]),
      )
      .groupBy('contest_submissions.user_id')
      .execute(),

  /** The same for likes (a like's row is the like; created_at is when it was given). */
  newLikes: (db: Db, nowIso: string, hourAgoIso: string) =>
    db
      .selectFrom('contest_likes')
      .innerJoin('contest_submissions', 'contest_submissions.id', 'contest_likes.submission_id')
      .leftJoin('submission_digests', 'submission_digests.user_id', 'contest_submissions.user_id')
      .select((eb) => ['contest_submissions.user_id', eb.fn.countAll<number | string>().as('count')])
      .where('contest_likes.created_at', '<=', nowIso)
      .where((eb) =>
        eb.or([
          eb.and([eb('submission_digests.user_id', 'is', null), eb('contest_likes.created_at', '>', hourAgoIso)]),
          eb.and([
            eb('submission_digests.sent_at', '<=', hourAgoIso),
            eb('contest_likes.created_at', '>', eb.ref('submission_digests.counted_until')),
          ]),
        ]),
      )
      .groupBy('contest_submissions.user_id')
      .execute(),

  /**
   * Moves an entrant's watermark to `nowIso` if their last digest is older than `hourAgoIso` (or
   * they have none): true when this call moved it, so only one caller records the digest.
   */
  claim: async (db: Db, userId: number, nowIso: string, hourAgoIso: string): Promise<boolean> => {
    const inserted = await db
      .insertInto('submission_digests')
      .values({ user_id: userId, counted_until: nowIso, sent_at: nowIso })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ counted_until: nowIso, sent_at: nowIso })
          .where('submission_digests.sent_at', '<=', hourAgoIso),
      )
      .returning('user_id')
      .execute();
    return inserted.length > 0;
  },
};
