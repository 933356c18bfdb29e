// Where a ledger row came from, as a link: each reason's source id is written by the module that
// credits it (event:<id>, watch:event:<id>, giveaway:<id>, spin:<event>:<kind>), decision 059.
import type { LedgerRow } from '../../../shared/contract/rewards';

export type SourceLink = { to: string; kind: 'show' | 'giveaway' };

const idAt = (parts: readonly string[], index: number) => {
  const id = Number(parts[index]);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const showLink = (id: number | null): SourceLink | null => (id === null ? null : { to: `/show/${id}`, kind: 'show' });
const giveawayLink = (id: number | null): SourceLink | null =>
  id === null ? null : { to: `/giveaway/${id}`, kind: 'giveaway' };

/**
 * The show or giveaway a row was earned in, or null when its source is not one (a referral, a
 * coupon, a staff correction) or names no event (a guessing-game question).
 */
export function sourceLinkOf(row: Pick<LedgerRow, 'reason' | 'source_id'>): SourceLink | null {
  const parts = row.source_id.split(':');
  switch (row.reason) {
    case 'rsvp':
    case 'checkin':
    case 'quiz':
      return parts[0] === 'event' && parts.length === 2 ? showLink(idAt(parts, 1)) : null;
    case 'watch':
      return parts[0] === 'watch' && parts[1] === 'event' && parts.length === 3 ? showLink(idAt(parts, 2)) : null;
    case 'giveaway_entry':
      return parts[0] === 'giveaway' && parts.length === 2 ? giveawayLink(idAt(parts, 1)) : null;
    case 'spin':
      if (parts[0] !== 'spin' || parts.length !== 3) return null;
      return parts[2] === 'giveaway' ? giveawayLink(idAt(parts, 1)) : showLink(idAt(parts, 1));
    default:
      return null;
  }
}
