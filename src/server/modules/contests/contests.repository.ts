// SQL of the photo contests (decision 062, migration 023): contests, entries (one row per slot
// under the unique key), the counts read from votes and likes, and the results fixed at the close.
// One code path for both engines; the row lock on a contest is PostgreSQL's (SQLite's writes queue).
import { type Insertable, type Selectable, type Updateable } from 'kysely';
import { everyColumn } from '../../db/columns';
import { compiledRead } from '../../db/compiled';
import type { Db, Dialect } from '../../db/database';
import { turnBatchedRead, turnBatchedRows } from '../../db/turn-batch';
import type { ContestResultsTable, ContestsTable, ContestSubmissionsTable } from '../../db/schema';

export type SubmissionState = ContestSubmissionsTable['state'];
type Counted = { submission_id: number; n: number | string | bigint };
const toMap = (rows: Counted[]) => new Map(rows.map((r) => [r.submission_id, Number(r.n)]));

// What every viewer on a contest page asks with each poll of its counts (contestcounts_v1, every
// COUNTS_POLL_MS): the contest, the entries they like and their vote. Compiled once (decision 123),
// as the tally they come with is already shared. The contest's columns are named, so on PostgreSQL
// its read runs as a named statement too, which a `select *` may not (decision 113).
const CONTEST_COLUMNS = everyColumn<ContestsTable>()([
  'id',
  'title',
  'description',
  'rules_html',
  'event_id',
  'submit_opens_at',
  'submit_closes_at',
  'vote_opens_at',
  'vote_closes_at',
  'entries_per_viewer',
  'vote_rule',
  'show_counts',
  'winner_count',
  'prize_points',
  'prize_text',
  'results_fixed_at',
  'created_by',
  'created_at',
  'updated_at',
]);
const contestById = compiledRead<Selectable<ContestsTable>, [id: number]>((db) =>
  db.selectFrom('contests').select(CONTEST_COLUMNS).where('id', '=', 0),
);
const likedEntries = compiledRead<{ submission_id: number }, [contestId: number, userId: number]>((db) =>
  db
    .selectFrom('contest_likes as l')
    .innerJoin('contest_submissions as s', 's.id', 'l.submission_id')
    .select('l.submission_id')
    .where('s.contest_id', '=', 0)
    .where('l.user_id', '=', 0),
);
const votedEntry = compiledRead<{ submission_id: number }, [contestId: number, userId: number, voteDay: string]>((db) =>
  db
    .selectFrom('contest_votes')
    .select('submission_id')
    .where('contest_id', '=', 0)
    .where('user_id', '=', 0)
    .where('vote_day', '=', '')
    .where('voided_at', 'is', null),
);

// On PostgreSQL the polls of one turn share a query for each of the three reads (decision 126):
// every viewer on the page asks for the same contest, and the likes and votes of a turn's viewers
// are found together. SQLite, and any transaction, runs the compiled reads above one by one.

/** A contest by id. */
const contestsBatched = turnBatchedRead<Db, number, Selectable<ContestsTable>>({
  keyOf: (row) => row.id,
  one: async (db, id) => (await contestById(db, id))[0],
  many: (db, ids) => db.selectFrom('contests').select(CONTEST_COLUMNS).where('id', 'in', ids).execute(),
});

type ViewerAsk = { contestId: number; userId: number };
const viewerKey = (ask: ViewerAsk) => `${ask.contestId}:${ask.userId}`;

/** The entries of a contest a viewer likes. */
const likesBatched = turnBatchedRows<Db, ViewerAsk, ViewerAsk & { submissionId: number }>({
  key: viewerKey,
  keyOfRow: viewerKey,
  one: async (db, ask) =>
    (await likedEntries(db, ask.contestId, ask.userId)).map((row) => ({ ...ask, submissionId: row.submission_id })),
  // By the viewers' ids and the contests' ids: a row of a pair nobody asked for is dropped by its key.
  many: async (db, asks) =>
    (
      await db
        .selectFrom('contest_likes as l')
        .innerJoin('contest_submissions as s', 's.id', 'l.submission_id')
        .select(['s.contest_id', 'l.user_id', 'l.submission_id'])
        .where('l.user_id', 'in', [...new Set(asks.map((ask) => ask.userId))])
        .where('s.contest_id', 'in', [...new Set(asks.map((ask) => ask.contestId))])
        .execute()
    ).map((row) => ({ contestId: row.contest_id, userId: row.user_id, submissionId: row.submission_id })),
});

type VoteAsk = ViewerAsk & { voteDay: string };
const voteKey = (ask: VoteAsk) => `${ask.contestId}:${ask.userId}:${ask.voteDay}`;

/** The entry a viewer's standing vote of a vote day is on. */
const votesBatched = turnBatchedRows<Db, VoteAsk, VoteAsk & { submissionId: number }>({
  key: voteKey,
  keyOfRow: voteKey,
  one: async (db, ask) =>
    (await votedEntry(db, ask.contestId, ask.userId, ask.voteDay)).map((row) => ({
      ...ask,
      submissionId: row.submission_id,
    })),
  many: async (db, asks) =>
    (
      await db
        .selectFrom('contest_votes')
        .select(['contest_id', 'user_id', 'vote_day', 'submission_id'])
        .where((eb) =>
          eb(
            eb.refTuple('contest_id', 'user_id', 'vote_day'),
            'in',
            asks.map((ask) => eb.tuple(ask.contestId, ask.userId, ask.voteDay)),
          ),
        )
        .where('voided_at', 'is', null)
        .execute()
    ).map((row) => ({
      contestId: row.contest_id,
      userId: row.user_id,
      voteDay: row.vote_day,
      submissionId: row.submission_id,
    })),
});

export const contestsRepository = {
  insert: (db: Db, row: Insertable<ContestsTable>) =>
    db.insertInto('contests').values(row).returningAll().executeTakeFirstOrThrow(),

  /** Edits a contest whose results are not fixed; undefined when they are (or it is gone). */
  update: (db: Db, id: number, patch: Updateable<ContestsTable>) =>
    db
      .updateTable('contests')
      .set(patch)
      .where('id', '=', id)
      .where('results_fixed_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  byId: (db: Db, id: number) => contestsBatched(db, id),

  /** The contest row, locked until the transaction ends (PostgreSQL): entries to one contest queue. */
  lock: async (db: Db, dialect: Dialect, id: number) => {
    const query = db.selectFrom('contests').selectAll().where('id', '=', id);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  },

  all: (db: Db) => db.selectFrom('contests').selectAll().orderBy('id', 'desc').execute(),

  /** Contests whose voting has closed and whose results are not fixed yet. */
  dueForResults: (db: Db, now: string) =>
    db
      .selectFrom('contests')
      .select('id')
      .where('results_fixed_at', 'is', null)
      .where('vote_closes_at', '<=', now)
      .orderBy('id')
      .execute(),

  /** Marks the results fixed, once: of two racing calls, only the first gets the row back. */
  markFixed: (db: Db, id: number, now: string) =>
    db
      .updateTable('contests')
      .set({ results_fixed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('results_fixed_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  eventExists: async (db: Db, id: number) =>
    Boolean(await db.selectFrom('events').select('id').where('id', '=', id).executeTakeFirst()),

  // ---- Entries ----

  /** A new entry in `slot`; undefined when the viewer already has that slot (the unique key). */
  insertSubmission: (db: Db, row: Insertable<ContestSubmissionsTable>) =>
    db
      .insertInto('contest_submissions')
      .values(row)
      .onConflict((oc) => oc.columns(['contest_id', 'user_id', 'slot']).doNothing())
      .returningAll()
      .executeTakeFirst(),

  /** A new photo for a pending or rejected entry: back to pending, reason cleared. */
  replacePhoto: (
    db: Db,
    id: number,
    patch: Pick<
      Updateable<ContestSubmissionsTable>,
      'photo_path' | 'pixel_hash' | 'perceptual_hash' | 'caption' | 'consent_on_air' | 'updated_at'
    >,
  ) =>
    db
      .updateTable('contest_submissions')
      .set({ ...patch, state: 'pending', reject_reason: '', reviewed_by: null, reviewed_at: null })
      .where('id', '=', id)
      .where('state', 'in', ['pending', 'rejected'])
      .returningAll()
      .executeTakeFirst(),

  submissionById: (db: Db, id: number) =>
    db.selectFrom('contest_submissions').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Every entry's perceptual hash in the contest, for the near-duplicate check. */
  hashesOf: (db: Db, contestId: number) =>
    db
      .selectFrom('contest_submissions')
      .select(['id', 'perceptual_hash'])
      .where('contest_id', '=', contestId)
      .execute(),

  mine: (db: Db, contestId: number, userId: number) =>
    db
      .selectFrom('contest_submissions')
      .selectAll()
      .where('contest_id', '=', contestId)
      .where('user_id', '=', userId)
      .orderBy('slot')
      .execute(),

  /** Approved entries with their entrant's name, oldest first. */
  /** Every viewer who entered the contest, whatever became of their entries. */
  entrantIds: async (db: Db, contestId: number) =>
    (
      await db
        .selectFrom('contest_submissions')
        .select('user_id')
        .distinct()
        .where('contest_id', '=', contestId)
        .orderBy('user_id')
        .execute()
    ).map((row) => row.user_id),

  approved: (db: Db, contestId: number) =>
    db
      .selectFrom('contest_submissions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.photo_path', 's.caption', 's.created_at', 'u.first_name', 'u.last_name'])
      .where('s.contest_id', '=', contestId)
      .where('s.state', '=', 'approved')
      .orderBy('s.created_at')
      .orderBy('s.id')
      .execute(),

  /** Entries in a state for staff, with the entrant's full name and e-mail. */
  queue: (db: Db, contestId: number, state: SubmissionState) =>
    db
      .selectFrom('contest_submissions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .selectAll('s')
      .select(['u.first_name', 'u.last_name', 'u.email'])
      .where('s.contest_id', '=', contestId)
      .where('s.state', '=', state)
      .orderBy('s.created_at')
      .orderBy('s.id')
      .execute(),

  stateCounts: async (db: Db, contestId: number) => {
    const rows = await db
      .selectFrom('contest_submissions')
      .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('contest_id', '=', contestId)
      .groupBy('state')
      .execute();
    const counts = { pending: 0, approved: 0, rejected: 0 };
    for (const row of rows) counts[row.state] = Number(row.n);
    return counts;
  },

  /** Of `ids`, those that are entries of the contest. */
  idsInContest: async (db: Db, contestId: number, ids: number[]) =>
    (
      await db
        .selectFrom('contest_submissions')
        .select('id')
        .where('contest_id', '=', contestId)
        .where('id', 'in', ids)
        .execute()
    ).map((r) => r.id),

  review: (
    db: Db,
    id: number,
    patch: { state: SubmissionState; reject_reason: string; reviewed_by: number; reviewed_at: string },
  ) =>
    db
      .updateTable('contest_submissions')
      .set({ ...patch, updated_at: patch.reviewed_at })
      .where('id', '=', id)
      .returning(['id', 'state'])
      .executeTakeFirstOrThrow(),

  // ---- Counts ----

  /** Votes that count (not voided) per entry of the contest: one grouped query. */
  /** The approved entries' ids, oldest first. */
  approvedIds: async (db: Db, contestId: number) =>
    (
      await db
        .selectFrom('contest_submissions')
        .select('id')
        .where('contest_id', '=', contestId)
        .where('state', '=', 'approved')
        .orderBy('id')
        .execute()
    ).map((r) => r.id),

  voteCounts: async (db: Db, contestId: number) =>
    toMap(
      await db
        .selectFrom('contest_votes')
        .select(['submission_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('contest_id', '=', contestId)
        .where('voided_at', 'is', null)
        .groupBy('submission_id')
        .execute(),
    ),

  voidedCounts: async (db: Db, contestId: number) =>
    toMap(
      await db
        .selectFrom('contest_votes')
        .select(['submission_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('contest_id', '=', contestId)
        .where('voided_at', 'is not', null)
        .groupBy('submission_id')
        .execute(),
    ),

  /** Likes per entry of the contest: one grouped query. */
  likeCounts: async (db: Db, contestId: number) =>
    toMap(
      await db
        .selectFrom('contest_likes as l')
        .innerJoin('contest_submissions as s', 's.id', 'l.submission_id')
        .select(['l.submission_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('s.contest_id', '=', contestId)
        .groupBy('l.submission_id')
        .execute(),
    ),

  /** The entries of the contest the viewer likes. */
  likedBy: async (db: Db, contestId: number, userId: number) =>
    new Set((await likesBatched(db, { contestId, userId })).map((row) => row.submissionId)),

  /** The entry the viewer's vote of `voteDay` is on ('' under the once rule), unless voided. */
  voteOf: async (db: Db, contestId: number, userId: number, voteDay: string) =>
    (await votesBatched(db, { contestId, userId, voteDay }))[0]?.submissionId ?? null,

  /** Approved entries per contest and the oldest one's photo, for the lists. */
  /** The titles of the shows contests belong to, by event id. */
  eventTitles: async (db: Db, eventIds: (number | null)[]) => {
    const ids = [...new Set(eventIds.filter((id): id is number => id !== null))];
    const rows = ids.length
      ? await db.selectFrom('events').select(['id', 'title']).where('id', 'in', ids).execute()
      : [];
    return new Map(rows.map((r) => [r.id, r.title]));
  },

  summaries: async (db: Db) => {
    const rows = await db
      .selectFrom('contest_submissions')
      .select(['contest_id', (eb) => eb.fn.countAll<number | string>().as('n'), (eb) => eb.fn.min('id').as('first_id')])
      .where('state', '=', 'approved')
      .groupBy('contest_id')
      .execute();
    const firstIds = rows.map((r) => Number(r.first_id));
    const photos = firstIds.length
      ? await db.selectFrom('contest_submissions').select(['id', 'photo_path']).where('id', 'in', firstIds).execute()
      : [];
    const photoOf = new Map(photos.map((p) => [p.id, p.photo_path]));
    return new Map(
      rows.map((r) => [r.contest_id, { entries: Number(r.n), cover: photoOf.get(Number(r.first_id)) ?? null }]),
    );
  },

  // ---- Results ----

  insertResults: async (db: Db, rows: Insertable<ContestResultsTable>[]) => {
    if (rows.length) await db.insertInto('contest_results').values(rows).execute();
  },

  results: (db: Db, contestId: number) =>
    db
      .selectFrom('contest_results as r')
      .innerJoin('contest_submissions as s', 's.id', 'r.submission_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.place',
        'r.submission_id',
        'r.votes',
        'r.removed_votes',
        's.photo_path',
        's.caption',
        'u.first_name',
        'u.last_name',
      ])
      .where('r.contest_id', '=', contestId)
      .orderBy('r.place')
      .execute(),

  // ---- Log ----

  log: (db: Db, contestId: number) =>
    db.selectFrom('contest_audit').selectAll().where('contest_id', '=', contestId).orderBy('id', 'desc').execute(),
};
