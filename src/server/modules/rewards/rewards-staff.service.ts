// Staff side of the points ledger (decision 060): a viewer found by e-mail or id with their points
// and ledger, the whole ledger to verify, and correcting rows added through the ledger's adjust.
import type {
  AdjustmentResult,
  AdjustPointsRequest,
  StaffRewardViewer,
  StaffViewerLookup,
} from '../../../shared/contract/rewards-staff';
import type { LedgerRow } from '../../../shared/contract/rewards';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { rewardsRepository } from './rewards.repository';
import type { RewardsService } from './rewards.service';

/** The ledger's source for a correcting row: the form's key, so a resent form finds its row. */
const sourceOfKey = (key: string) => `form:${key}`;

export function createRewardsStaffService(ctx: AppContext, rewards: RewardsService) {
  const { db } = ctx;

  async function viewerOrThrow(by: { id: number } | { email: string }) {
    const viewer = await rewardsRepository.viewer(db, by);
    if (!viewer) throw notFound(MESSAGES.adjustmentNoViewer);
    return viewer;
  }

  async function balanceOf(userId: number) {
    return (await rewards.details(userId, { limit: 1 })).balance;
  }

  return {
    /** The viewer with rewarddetails' answer; correcting rows say which staff member added them. */
    async viewer(query: StaffViewerLookup): Promise<StaffRewardViewer> {
      const viewer = await viewerOrThrow(
        query.user_id !== undefined ? { id: query.user_id } : { email: query.email ?? '' },
      );
      const [details, addedBy] = await Promise.all([
        rewards.details(viewer.id, { cursor: query.cursor, limit: query.limit }),
        rewardsRepository.addedBy(db, viewer.id),
      ]);
      const names = new Map(addedBy.map((row) => [row.seq, `${row.first_name} ${row.last_name}`.trim()]));
      return {
        ...details,
        viewer,
        ledger: {
          ...details.ledger,
          rows: details.ledger.rows.map((row) => ({ ...row, added_by: names.get(row.seq) ?? null })),
        },
      };
    },

    /** Every row of the viewer, oldest first. */
    async ledger(userId: number): Promise<LedgerRow[]> {
      await viewerOrThrow({ id: userId });
      return rewards.ledger(userId);
    },

    /**
     * A correcting row by `staff`. The same key again answers the row it added (created false);
     * the same key with other points or another reason is a 409, so a mistake is never hidden.
     */
    async adjust(staff: UserRow, body: AdjustPointsRequest): Promise<AdjustmentResult> {
      const note = body.note.trim();
      const { row, isNew } = await rewards.adjust(staff.id, body.user_id, body.points, note, sourceOfKey(body.key));
      if (!isNew && (row.points !== body.points || row.note !== note)) throw conflict(MESSAGES.adjustmentKeyReused);
      if (isNew)
        ctx.log.info(
          { staffId: staff.id, userId: body.user_id, points: body.points, seq: row.seq },
          'staff added a correcting ledger row',
        );
      return { row, created: isNew, balance: await balanceOf(body.user_id) };
    },
  };
}

export type RewardsStaffService = ReturnType<typeof createRewardsStaffService>;
