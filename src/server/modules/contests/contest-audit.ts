// The contest log (decision 062): every staff action on a contest, appended in the action's own
// transaction, never changed. Both the contest calls and the vote review write through here.
import type { Db } from '../../db/database';

export type ContestAuditEntry = {
  contestId: number;
  submissionId?: number | null;
  /** created, updated, approved, rejected, votes_voided, closed, results_fixed */
  action: string;
  actor: { id: number; name: string } | null;
  detail: Record<string, unknown>;
  at: Date;
};

export async function appendContestAudit(db: Db, entry: ContestAuditEntry): Promise<void> {
  await db
    .insertInto('contest_audit')
    .values({
      contest_id: entry.contestId,
      submission_id: entry.submissionId ?? null,
      action: entry.action,
      actor_id: entry.actor?.id ?? null,
      actor_name: entry.actor?.name ?? '',
      detail: JSON.stringify(entry.detail),
      created_at: entry.at.toISOString(),
    })
    .execute();
}
