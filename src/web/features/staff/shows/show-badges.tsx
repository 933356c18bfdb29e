// Small labels beside a show's status: what kind of event it is, and that it is private.
import type { EventType } from '../../../../shared/contract/events';
import { TYPE_LABELS } from './show-format';

const badgeStyles = 'inline-flex items-center rounded-full px-2.5 py-1 text-xs font-black tracking-wider uppercase';

export function TypeBadge({ type }: { type: EventType }) {
  return <span className={`${badgeStyles} bg-primary-soft text-primary-hover`}>{TYPE_LABELS[type]}</span>;
}

export function VisibilityBadge() {
  return <span className={`${badgeStyles} border border-line bg-white text-muted`}>Private</span>;
}
