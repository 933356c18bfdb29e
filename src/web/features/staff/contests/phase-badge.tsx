// A contest's phase as a coloured badge on the staff screens.
import type { ContestPhase } from '../../../../shared/contract/contests';
import { cx } from '../../../ui/cx';
import { PHASE_LABELS, PHASE_STYLES } from './contest-words';

export function PhaseBadge({ phase }: { phase: ContestPhase }) {
  return (
    <span
      className={cx(
        'inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-black tracking-wide uppercase',
        PHASE_STYLES[phase],
      )}
    >
      {PHASE_LABELS[phase]}
    </span>
  );
}
