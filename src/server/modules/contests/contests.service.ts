// The photo contests' public rules (decision 062): the list, a contest's page (rules, gallery,
// the caller's entries and vote, results), the light counts the page polls, and contestusers
// (a new entry or a new photo for a pending or rejected one). Results are fixed lazily by any read
// of a contest past its close, as well as by the sweep.
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type {
  ContestCounts,
  ContestDetail,
  ContestResult,
  ContestSummary,
  GalleryEntry,
  MySubmission,
  SubmissionFields,
} from '../../../shared/contract/contests';
import { PHASH_MAX_DISTANCE } from '../../../shared/contract/contests';
import { STATUS } from '../../../shared/contract/envelope';
import { CONTEST_MESSAGES } from '../../../shared/contest-messages';
import { contestPhase, countsVisible } from '../../../shared/contest-phase';
import { laDay } from '../../../shared/time';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation, type Db } from '../../db/database';
import type { ContestsTable, ContestSubmissionsTable, UserRow } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { ImageTooLargeError, NotAnImageError, removeMedia } from '../../platform/media';
import { hashDistance } from '../../platform/perceptual-hash';
import { publicImage } from '../events/event-record';
import { publicName } from '../giveaways/giveaways.service';
import { encodeContestPhoto, writeContestPhoto, type EncodedPhoto } from './contest-photo';
import type { ContestResults } from './contest-results';
import { contestTally } from './contest-tally';
import { contestsRepository } from './contests.repository';

export type ContestRow = Selectable<ContestsTable>;
type SubmissionRow = Selectable<ContestSubmissionsTable>;
type Fields = z.output<typeof SubmissionFields>;

/** A refused photo: the envelope's failed status, the reason on the image field. */
export const photoFailure = (httpStatus: number, detail: string) =>
  new AppError(httpStatus, CONTEST_MESSAGES.submitFailed, STATUS.failed, [{ field: 'image', message: detail }]);

/** Where each phase sits in the list: what can be done now first. */
const LIST_ORDER = { voting: 0, submitting: 1, between: 2, upcoming: 3, closed: 4 } as const;

/** The order of the gallery for one viewer or visitor while voting is open: fixed for them, different for others. */
export function shuffledFor<T extends { id: number }>(entries: T[], seed: string): T[] {
  const key = (id: number) => createHash('sha256').update(`${seed}:${id}`).digest('hex');
  return entries
    .map((e) => ({ e, k: key(e.id) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .map(({ e }) => e);
}

export function createContestsService(ctx: AppContext, results: ContestResults) {
  const { db, clock, config } = ctx;
  const photoUrl = (stored: string) => publicImage(stored, config.mediaBaseUrl);

  /** The contest, with its results fixed first when its voting has closed. */
  async function load(id: number): Promise<ContestRow> {
    let row = await contestsRepository.byId(db, id);
    if (!row) throw notFound(CONTEST_MESSAGES.notFound);
    if (!row.results_fixed_at && row.vote_closes_at <= clock.now().toISOString()) {
      await results.fix(id);
      row = (await contestsRepository.byId(db, id)) ?? row;
    }
    return row;
  }

  const phaseOf = (row: ContestRow) => contestPhase(row, clock.now());
  const voteDayOf = (row: ContestRow) => (row.vote_rule === 'daily' ? laDay(clock.now()) : '');
  /** The entries the viewer likes: none for a caller without an account. */
  const likedBy = (row: ContestRow, user: { id: number } | null) =>
    user ? contestsRepository.likedBy(db, row.id, user.id) : Promise.resolve(new Set<number>());
  /** The entry the viewer's vote of this vote day stands on, or null. */
  const voteOf = (row: ContestRow, user: { id: number } | null) =>
    user ? contestsRepository.voteOf(db, row.id, user.id, voteDayOf(row)) : Promise.resolve(null);

  /** A contest as lists show it; `extra` is its approved entries' count and cover, `eventTitles` its show's title. */
  function summary(
    row: ContestRow,
    extra: { entries: number; cover: string | null } | undefined,
    eventTitles: Map<number, string>,
  ): ContestSummary {
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      phase: phaseOf(row),
      eventid: row.event_id,
      event_title: row.event_id === null ? null : (eventTitles.get(row.event_id) ?? null),
      submit_opens_at: row.submit_opens_at,
      submit_closes_at: row.submit_closes_at,
      vote_opens_at: row.vote_opens_at,
      vote_closes_at: row.vote_closes_at,
      entries: extra?.entries ?? 0,
      cover_url: extra?.cover ? photoUrl(extra.cover) : null,
      prize_points: row.prize_points,
      prize_text: row.prize_text,
    };
  }

  function mySubmission(row: SubmissionRow): MySubmission {
    return {
      id: row.id,
      photo_url: photoUrl(row.photo_path),
      caption: row.caption,
      state: row.state,
      reject_reason: row.reject_reason,
      consent_on_air: row.consent_on_air === 1,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /** Refuses a photo within PHASH_MAX_DISTANCE bits of another entry of the contest (but `except`). */
  async function refuseNearDuplicate(trx: Db, contestId: number, photo: EncodedPhoto, except?: number) {
    const hashes = await contestsRepository.hashesOf(trx, contestId);
    if (
      hashes.some((h) => h.id !== except && hashDistance(h.perceptual_hash, photo.perceptualHash) <= PHASH_MAX_DISTANCE)
    )
      throw conflict(CONTEST_MESSAGES.duplicatePhoto);
  }

  /** The contest locked for this transaction, as long as it still takes entries (the window may have closed meanwhile). */
  async function stillSubmitting(trx: Db, contestId: number): Promise<ContestRow> {
    const locked = await contestsRepository.lock(trx, ctx.dialect, contestId);
    if (!locked || contestPhase(locked, clock.now()) !== 'submitting') throw conflict(CONTEST_MESSAGES.notSubmitting);
    return locked;
  }

  /** Writes the photo's file, runs `write` and removes the file again when `write` fails. */
  async function withStoredPhoto<T>(photo: EncodedPhoto, write: (path: string) => Promise<T>): Promise<T> {
    const stored = await writeContestPhoto(config.dataDir, photo, ctx.random);
    try {
      return await write(stored);
    } catch (error) {
      await removeMedia(config.dataDir, stored);
      if (isUniqueViolation(error, 'pixel_hash')) throw conflict(CONTEST_MESSAGES.duplicatePhoto);
      throw error;
    }
  }

  return {
    load,
    summary,

    async list(): Promise<ContestSummary[]> {
      for (const row of await contestsRepository.dueForResults(db, clock.now().toISOString()))
        await results.fix(row.id);
      const [rows, extras] = await Promise.all([contestsRepository.all(db), contestsRepository.summaries(db)]);
      const titles = await contestsRepository.eventTitles(
        db,
        rows.map((row) => row.event_id),
      );
      return rows
        .map((row) => summary(row, extras.get(row.id), titles))
        .sort((a, b) => LIST_ORDER[a.phase] - LIST_ORDER[b.phase] || b.id - a.id);
    },

    /** contest_v1: `seed` orders the gallery for a caller without an account while voting is open. */
    async detail(id: number, user: { id: number } | null, seed: string): Promise<ContestDetail> {
      const row = await load(id);
      const phase = phaseOf(row);
      const visible = countsVisible(row.show_counts === 1, phase);
      const [approved, votes, removed, likes, liked, mine, myVote, fixed, titles] = await Promise.all([
        contestsRepository.approved(db, id),
        contestsRepository.voteCounts(db, id),
        contestsRepository.voidedCounts(db, id),
        contestsRepository.likeCounts(db, id),
        likedBy(row, user),
        user ? contestsRepository.mine(db, id, user.id) : Promise.resolve([]),
        voteOf(row, user),
        row.results_fixed_at ? contestsRepository.results(db, id) : Promise.resolve([]),
        contestsRepository.eventTitles(db, [row.event_id]),
      ]);
      let gallery: GalleryEntry[] = approved.map((e) => ({
        id: e.id,
        photo_url: photoUrl(e.photo_path),
        caption: e.caption,
        entrant: publicName(e.first_name, e.last_name),
        votes: visible ? (votes.get(e.id) ?? 0) : null,
        likes: visible ? (likes.get(e.id) ?? 0) : null,
        removed_votes: removed.get(e.id) ?? 0,
        liked: liked.has(e.id),
        voted: myVote === e.id,
        mine: user !== null && e.user_id === user.id,
        created_at: e.created_at,
      }));
      if (phase === 'voting') gallery = shuffledFor(gallery, user ? `user:${user.id}:${id}` : `${seed}:${id}`);
      if (fixed.length) {
        const place = new Map(fixed.map((r) => [r.submission_id, r.place]));
        gallery.sort((a, b) => (place.get(a.id) ?? Infinity) - (place.get(b.id) ?? Infinity));
      }
      const resultRows: ContestResult[] = fixed.map((r) => ({
        place: r.place,
        submission_id: r.submission_id,
        entrant: publicName(r.first_name, r.last_name),
        photo_url: photoUrl(r.photo_path),
        caption: r.caption,
        votes: r.votes,
        removed_votes: r.removed_votes,
        winner: r.place <= row.winner_count,
      }));
      return {
        ...summary(row, { entries: approved.length, cover: approved[0]?.photo_path ?? null }, titles),
        rules_html: row.rules_html,
        entries_per_viewer: row.entries_per_viewer,
        vote_rule: row.vote_rule,
        show_counts: row.show_counts === 1,
        winner_count: row.winner_count,
        counts_visible: visible,
        gallery,
        mine: mine.map(mySubmission),
        my_vote: myVote,
        results: resultRows,
        results_fixed_at: row.results_fixed_at,
      };
    },

    /** contestcounts_v1: two grouped counts and the caller's own state; nothing else. */
    async counts(id: number, user: { id: number } | null): Promise<ContestCounts> {
      const row = await load(id);
      const phase = phaseOf(row);
      const visible = countsVisible(row.show_counts === 1, phase);
      const [tally, liked, myVote] = await Promise.all([contestTally(db, id), likedBy(row, user), voteOf(row, user)]);
      return {
        contestid: id,
        phase,
        counts_visible: visible,
        my_vote: myVote,
        entries: tally.approvedIds.map((entryId) => ({
          id: entryId,
          votes: visible ? (tally.votes.get(entryId) ?? 0) : null,
          likes: visible ? (tally.likes.get(entryId) ?? 0) : null,
          liked: liked.has(entryId),
        })),
      };
    },

    /** contestusers: a new entry in the viewer's first free slot, or a new photo for one of theirs. */
    async submit(
      user: UserRow,
      fields: Fields,
      upload: Buffer | null,
      truncated: boolean,
    ): Promise<{ entry: MySubmission; replaced: boolean }> {
      const contest = await load(fields.contestid);
      const existing = fields.submissionid
        ? await contestsRepository.submissionById(db, fields.submissionid)
        : undefined;
      if (fields.submissionid !== undefined) {
        if (!existing || existing.contest_id !== contest.id || existing.user_id !== user.id)
          throw notFound(CONTEST_MESSAGES.entryNotFound);
      }
      if (phaseOf(contest) !== 'submitting') throw conflict(CONTEST_MESSAGES.notSubmitting);
      if (existing?.state === 'approved') throw conflict(CONTEST_MESSAGES.approvedLocked);
      if (truncated) throw photoFailure(413, CONTEST_MESSAGES.photoTooLarge);
      if (!upload || upload.length === 0) throw photoFailure(400, CONTEST_MESSAGES.photoRequired);
      let photo: EncodedPhoto;
      try {
        photo = await encodeContestPhoto(upload);
      } catch (error) {
        if (error instanceof ImageTooLargeError) throw photoFailure(413, CONTEST_MESSAGES.photoTooLarge);
        if (error instanceof NotAnImageError) throw photoFailure(415, CONTEST_MESSAGES.photoNotImage);
        throw error;
      }
      const at = clock.now().toISOString();

      if (existing) {
        const updated = await withStoredPhoto(photo, (stored) =>
          db.transaction().execute(async (trx) => {
            await stillSubmitting(trx, contest.id);
            await refuseNearDuplicate(trx, contest.id, photo, existing.id);
            const row = await contestsRepository.replacePhoto(trx, existing.id, {
              photo_path: stored,
              pixel_hash: photo.pixelHash,
              perceptual_hash: photo.perceptualHash,
              caption: fields.caption,
              consent_on_air: fields.consent ? 1 : 0,
              updated_at: at,
            });
            if (!row) throw conflict(CONTEST_MESSAGES.approvedLocked);
            return row;
          }),
        );
        // The old file goes only once the new one is committed.
        await removeMedia(config.dataDir, existing.photo_path);
        return { entry: mySubmission(updated), replaced: true };
      }

      const created = await withStoredPhoto(photo, (stored) =>
        db.transaction().execute(async (trx) => {
          const locked = await stillSubmitting(trx, contest.id);
          await refuseNearDuplicate(trx, contest.id, photo);
          // The slot's unique key caps the entries: the first free slot wins, none free is a refusal.
          for (let slot = 1; slot <= locked.entries_per_viewer; slot += 1) {
            const row = await contestsRepository.insertSubmission(trx, {
              contest_id: contest.id,
              user_id: user.id,
              slot,
              photo_path: stored,
              caption: fields.caption,
              consent_on_air: fields.consent ? 1 : 0,
              pixel_hash: photo.pixelHash,
              perceptual_hash: photo.perceptualHash,
              state: 'pending',
              reject_reason: '',
              reviewed_by: null,
              reviewed_at: null,
              created_at: at,
              updated_at: at,
            });
            if (row) return row;
          }
          throw conflict(CONTEST_MESSAGES.entriesFull);
        }),
      );
      return { entry: mySubmission(created), replaced: false };
    },
  };
}

export type ContestsService = ReturnType<typeof createContestsService>;
