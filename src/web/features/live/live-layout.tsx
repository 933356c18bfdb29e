// The live screen's frame: the player with its actions under it, the show's details, and a side
// column for the show chat (the `aside` slot; on phones it sits right under the player).
import type { ReactNode } from 'react';
import { cx } from '../../ui/cx';

type LiveLayoutProps = {
  player: ReactNode;
  /** A row under the player: viewer count, 'Today's Giveaway'. */
  actions?: ReactNode;
  /** The side column, reserved for the show chat; nothing is drawn for it when it is absent. */
  aside?: ReactNode;
  /** Names the side column for screen readers. */
  asideLabel?: string;
  /** The show's details under the player. */
  children: ReactNode;
};

export function LiveLayout({ player, actions, aside, asideLabel = 'Show chat', children }: LiveLayoutProps) {
  const hasAside = aside !== undefined && aside !== null;
  return (
    <div
      className={cx(
        'mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-8',
        hasAside && 'lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]',
      )}
    >
      {/* Capped so the whole video and the start of the details fit on a laptop screen. */}
      <div className="mx-auto flex w-full max-w-[calc(68svh*16/9)] min-w-0 flex-col gap-3 lg:col-start-1">
        {player}
        {actions && <div className="flex flex-wrap items-center justify-between gap-3">{actions}</div>}
      </div>
      {hasAside && (
        <aside aria-label={asideLabel} className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {aside}
        </aside>
      )}
      <div className="mx-auto w-full max-w-[calc(68svh*16/9)] min-w-0 lg:col-start-1">{children}</div>
    </div>
  );
}
