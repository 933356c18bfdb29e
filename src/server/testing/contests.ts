// Contests and entries written straight to the database for tests that are about something else
// (votes, likes, results): the photo pipeline and the staff calls have their own tests.
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { ContestsTable, ContestSubmissionsTable } from '../db/schema';

const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A contest around `now`: by default submissions opened two days ago and closed yesterday, and
 * voting is open from yesterday for another day (phase 'voting').
 */
export async function insertContest(db: Db, now: Date, fields: Partial<Insertable<ContestsTable>> = {}) {
  const t = now.getTime();
  const row = await db
    .insertInto('contests')
    .values({
      title: 'Best ring photo',
      description: 'Show us your favourite ring.',
      rules_html: '<p>One photo each.</p>',
      submit_opens_at: iso(t - 48 * HOUR),
      submit_closes_at: iso(t - 24 * HOUR),
      vote_opens_at: iso(t - 24 * HOUR),
      vote_closes_at: iso(t + 24 * HOUR),
      event_id: null,
      entries_per_viewer: 1,
      vote_rule: 'once',
      show_counts: 1,
      winner_count: 1,
      prize_points: 0,
      prize_text: '',
      results_fixed_at: null,
      created_by: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

let entrySeq = 0;

/** An entry of `userId` (approved unless said otherwise), with a made-up photo path and unique hashes. */
export async function insertSubmission(
  db: Db,
  contestId: number,
  userId: number,
  now: Date,
  fields: Partial<Insertable<ContestSubmissionsTable>> = {},
) {
  entrySeq += 1;
  const n = entrySeq.toString(16).padStart(16, '0');
  return db
    .insertInto('contest_submissions')
    .values({
      contest_id: contestId,
      user_id: userId,
      slot: 1,
      photo_path: `contests/test-${n}.webp`,
      caption: `Entry ${entrySeq}`,
      consent_on_air: 1,
      pixel_hash: `pixels-${n}`,
      perceptual_hash: n,
      state: 'approved',
      reject_reason: '',
      reviewed_by: null,
      reviewed_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
