// A show's labels: its status (upcoming, live, ended), what kind of event it is, and that it is
// private when it is.
import type { EventType } from '../../../../shared/contract/events';
import type { StaffEventRecord } from '../../../../shared/contract/staff-events';
import { EventStatusBadge } from '../../events/event-card';
import { TYPE_LABELS } from './show-format';

const badgeStyles = 'inline-flex items-center rounded-full px-2.5 py-1 text-xs font-black tracking-wider uppercase';

function TypeBadge({ type }: { type: EventType }) {
  return <span className={`${badgeStyles} bg-primary-soft text-primary-hover`}>{TYPE_LABELS[type]}</span>;
}

function VisibilityBadge() {
  return <span className={`${badgeStyles} border border-line bg-white text-muted`}>Private</span>;
}

export function ShowBadges({ show }: { show: Pick<StaffEventRecord, 'status' | 'type' | 'IS_Public'> }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <EventStatusBadge status={show.status} />
      <TypeBadge type={show.type} />
      {show.IS_Public === 0 && <VisibilityBadge />}
    </div>
  );
}
