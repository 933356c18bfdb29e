// A giveaway's audit log, written beside every change that matters to a fair draw: the commitment,
// the reveal, each draw step, announcements and terms, each with who did it and when.
import type { AuditAction } from '../../../shared/contract/giveaways-staff';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { giveawayDrawRepository } from './giveaway-draw.repository';

export const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** Writes one audit line in the caller's transaction; a null staff member is the system. */
export function writeAudit(
  trx: Db,
  clock: AppContext['clock'],
  line: { giveawayId: number; staff: UserRow | null; action: AuditAction; detail: string; pickId?: number | null },
) {
  return giveawayDrawRepository.audit(trx, {
    giveaway_id: line.giveawayId,
    pick_id: line.pickId ?? null,
    action: line.action,
    actor_id: line.staff?.id ?? null,
    actor_name: line.staff ? fullName(line.staff) : 'system',
    detail: line.detail,
    created_at: clock.now().toISOString(),
  });
}
