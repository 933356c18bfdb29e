// Staff side of the photo contests (decision 062): create and edit contests (rules sanitised as
// giveaway terms are, windows checked in order), the moderation queue and its reviews (several at
// once, all or nothing, each logged), closing voting early, and the log. Once the results are
// fixed a contest is final: edits and reviews answer 409.
import type { z } from 'zod';
import type {
  AuditLine,
  ContestFields,
  ReviewRequest,
  StaffContest,
  StaffSubmission,
  SubmissionQueue,
} from '../../../shared/contract/contests';
import { CONTEST_MESSAGES } from '../../../shared/contest-messages';
import { windowProblem } from '../../../shared/contest-phase';
import { SHOW_TIME_ZONE } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { sanitizeTerms } from '../giveaways/terms-sanitizer';
import { publicImage } from '../events/event-record';
import { appendContestAudit } from './contest-audit';
import type { ContestResults } from './contest-results';
import { forgetContestTally } from './contest-tally';
import { contestsRepository, type SubmissionState } from './contests.repository';
import type { ContestRow, ContestsService } from './contests.service';

type Fields = z.output<typeof ContestFields>;
type Review = z.output<typeof ReviewRequest>;

const actorOf = (user: UserRow) => ({ id: user.id, name: `${user.first_name} ${user.last_name}`.trim() });
const iso = (value: string) => new Date(value).toISOString();

/** Describes a log entry's detail in words: 'reason: blurry; from: pending'. */
const laClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A logged value in words: an instant in Los Angeles time (plain spaces, whatever the ICU), text as it is, else JSON. */
function valueText(value: unknown): string {
  if (typeof value === 'string')
    return /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value)
      ? `${laClock.format(new Date(value)).replace(/\s+/g, ' ')} LA time`
      : value;
  return JSON.stringify(value);
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

/** A log line's detail in words: 'vote closes at: Nov 26, 2026, 6:00 PM LA time → Nov 27, 2026, …'. */
function detailText(json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  if (typeof value !== 'object' || value === null) return String(value);
  return Object.entries(value)
    .map(([key, v]) => {
      const label = key.replaceAll('_', ' ');
      return isChange(v) ? `${label}: ${valueText(v.from)} → ${valueText(v.to)}` : `${label}: ${valueText(v)}`;
    })
    .join('; ');
}

export function createStaffContestsService(ctx: AppContext, contests: ContestsService, results: ContestResults) {
  const { db, clock, config } = ctx;

  type Extras = Awaited<ReturnType<typeof contestsRepository.summaries>>;
  async function staffView(row: ContestRow, known?: Extras): Promise<StaffContest> {
    const [counts, votes, voided, extras, titles] = await Promise.all([
      contestsRepository.stateCounts(db, row.id),
      contestsRepository.voteCounts(db, row.id),
      contestsRepository.voidedCounts(db, row.id),
      known ?? contestsRepository.summaries(db),
      contestsRepository.eventTitles(db, [row.event_id]),
    ]);
    const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    return {
      ...contests.summary(row, extras.get(row.id), titles),
      rules_html: row.rules_html,
      entries_per_viewer: row.entries_per_viewer,
      vote_rule: row.vote_rule,
      show_counts: row.show_counts === 1,
      winner_count: row.winner_count,
      results_fixed_at: row.results_fixed_at,
      pending: counts.pending,
      approved: counts.approved,
      rejected: counts.rejected,
      votes: sum(votes),
      voided_votes: sum(voided),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /** The stored columns of what staff wrote; 400 when the windows are out of order or the show is unknown. */
  async function columnsOf(input: Fields) {
    const windows = {
      submit_opens_at: iso(input.submit_opens_at),
      submit_closes_at: iso(input.submit_closes_at),
      vote_opens_at: iso(input.vote_opens_at),
      vote_closes_at: iso(input.vote_closes_at),
    };
    const problem = windowProblem(windows);
    if (problem) throw badRequest(problem, [{ field: 'submit_opens_at', message: problem }]);
    if (input.eventid !== null && !(await contestsRepository.eventExists(db, input.eventid)))
      throw badRequest(CONTEST_MESSAGES.showNotFound, [{ field: 'eventid', message: CONTEST_MESSAGES.showNotFound }]);
    return {
      title: input.title,
      description: input.description,
      rules_html: sanitizeTerms(input.rules),
      event_id: input.eventid,
      ...windows,
      entries_per_viewer: input.entries_per_viewer,
      vote_rule: input.vote_rule,
      show_counts: input.show_counts ? 1 : 0,
      winner_count: input.winner_count,
      prize_points: input.prize_points,
      prize_text: input.prize_text,
    };
  }

  async function queueOf(contestId: number, state: SubmissionState): Promise<SubmissionQueue> {
    const [counts, rows, votes, voided, likes] = await Promise.all([
      contestsRepository.stateCounts(db, contestId),
      contestsRepository.queue(db, contestId, state),
      contestsRepository.voteCounts(db, contestId),
      contestsRepository.voidedCounts(db, contestId),
      contestsRepository.likeCounts(db, contestId),
    ]);
    const submissions: StaffSubmission[] = rows.map((r) => ({
      id: r.id,
      photo_url: publicImage(r.photo_path, config.mediaBaseUrl),
      caption: r.caption,
      state: r.state,
      reject_reason: r.reject_reason,
      consent_on_air: r.consent_on_air === 1,
      userid: r.user_id,
      entrant: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      votes: votes.get(r.id) ?? 0,
      voided_votes: voided.get(r.id) ?? 0,
      likes: likes.get(r.id) ?? 0,
      reviewed_at: r.reviewed_at,
      created_at: r.created_at,
      updated_at: r.updated_at,
    }));
    return { counts, submissions };
  }

  return {
    async list(): Promise<StaffContest[]> {
      await contests.list();
      const [rows, extras] = await Promise.all([contestsRepository.all(db), contestsRepository.summaries(db)]);
      return Promise.all(rows.map((row) => staffView(row, extras)));
    },

    async get(id: number): Promise<StaffContest> {
      return staffView(await contests.load(id));
    },

    async create(staff: UserRow, input: Fields): Promise<StaffContest> {
      const columns = await columnsOf(input);
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const created = await contestsRepository.insert(trx, {
          ...columns,
          results_fixed_at: null,
          created_by: staff.id,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        await appendContestAudit(trx, {
          contestId: created.id,
          action: 'created',
          actor: actorOf(staff),
          detail: { title: created.title },
          at: now,
        });
        return created;
      });
      return staffView(row);
    },

    async update(staff: UserRow, id: number, input: Fields): Promise<StaffContest> {
      const before = await contests.load(id);
      if (before.results_fixed_at) throw conflict(CONTEST_MESSAGES.resultsFixed);
      const columns = await columnsOf(input);
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const updated = await contestsRepository.update(trx, id, { ...columns, updated_at: now.toISOString() });
        if (!updated) throw conflict(CONTEST_MESSAGES.resultsFixed);
        const changed: Record<string, { from: unknown; to: unknown }> = {};
        for (const [key, value] of Object.entries(columns))
          if (before[key as keyof typeof columns] !== value)
            changed[key] = { from: before[key as keyof typeof columns], to: value };
        await appendContestAudit(trx, {
          contestId: id,
          action: 'updated',
          actor: actorOf(staff),
          detail: changed,
          at: now,
        });
        return updated;
      });
      return staffView(row);
    },

    async queue(id: number, state: SubmissionState): Promise<SubmissionQueue> {
      await contests.load(id);
      return queueOf(id, state);
    },

    /** Approves or rejects every one of `ids` or none: each must be an entry of the contest. */
    async review(staff: UserRow, id: number, input: Review): Promise<SubmissionQueue> {
      const contest = await contests.load(id);
      if (contest.results_fixed_at) throw conflict(CONTEST_MESSAGES.resultsFixed);
      const ids = [...new Set(input.ids)];
      const now = clock.now();
      const state = input.decision === 'approve' ? 'approved' : 'rejected';
      const reason = state === 'rejected' ? input.reason : '';
      await db.transaction().execute(async (trx) => {
        const locked = await contestsRepository.lock(trx, ctx.dialect, id);
        if (!locked || locked.results_fixed_at) throw conflict(CONTEST_MESSAGES.resultsFixed);
        const found = await contestsRepository.idsInContest(trx, id, ids);
        if (found.length !== ids.length)
          throw badRequest(CONTEST_MESSAGES.notInContest, [{ field: 'ids', message: CONTEST_MESSAGES.notInContest }]);
        for (const submissionId of ids) {
          const before = await contestsRepository.submissionById(trx, submissionId);
          await contestsRepository.review(trx, submissionId, {
            state,
            reject_reason: reason,
            reviewed_by: staff.id,
            reviewed_at: now.toISOString(),
          });
          await appendContestAudit(trx, {
            contestId: id,
            submissionId,
            action: state,
            actor: actorOf(staff),
            detail: { from: before?.state ?? '', ...(reason ? { reason } : {}) },
            at: now,
          });
        }
      });
      // Approving or rejecting changes the entries the contest page counts.
      forgetContestTally(db, id);
      return queueOf(id, 'pending');
    },

    /** Closes voting now and fixes the results; 409 once they are fixed or before the contest starts. */
    async close(staff: UserRow, id: number): Promise<StaffContest> {
      const contest = await contests.load(id);
      if (contest.results_fixed_at) throw conflict(CONTEST_MESSAGES.resultsFixed);
      if (contest.submit_opens_at > clock.now().toISOString()) throw conflict(CONTEST_MESSAGES.notStarted);
      if (!(await results.fix(id, actorOf(staff)))) throw conflict(CONTEST_MESSAGES.resultsFixed);
      return staffView(await contests.load(id));
    },

    async log(id: number): Promise<AuditLine[]> {
      await contests.load(id);
      const rows = await contestsRepository.log(db, id);
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        submissionid: r.submission_id,
        actor: r.actor_name || 'Gemcast',
        detail: detailText(r.detail),
        created_at: r.created_at,
      }));
    },
  };
}

export type StaffContestsService = ReturnType<typeof createStaffContestsService>;
