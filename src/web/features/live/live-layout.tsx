// The live screen's frame: the player with a bar under it, the show's details, and a side column
// for the show chat (the `aside` slot). With a chat on a phone, the player, its bar and the chat
// fill the screen under the header, the chat taking what is left, so its message box is always in
// sight without scrolling (decision 044); the details follow below. On a laptop the chat is a side
// column beside the player.
import type { ReactNode } from 'react';
import { cx } from '../../ui/cx';

type LiveLayoutProps = {
  player: ReactNode;
  /** A bar under the player: the show's title, time left, viewer count, 'Today's Giveaway'. */
  actions?: ReactNode;
  /** The side column, reserved for the show chat; nothing is drawn for it when it is absent. */
  aside?: ReactNode;
  /** Names the side column for screen readers. */
  asideLabel?: string;
  /** The show's details under the player. */
  children: ReactNode;
};

/** Capped so the whole video and the start of the details fit on a laptop screen. */
const column = 'mx-auto w-full max-w-[calc(68svh*16/9)] min-w-0 lg:col-start-1';

export function LiveLayout({ player, actions, aside, asideLabel = 'Show chat', children }: LiveLayoutProps) {
  const hasAside = aside !== undefined && aside !== null;
  const stage = (
    <div className={cx(column, 'flex flex-col', hasAside ? 'shrink-0 gap-2 lg:gap-3' : 'gap-3')}>
      {player}
      {actions && <div className="flex flex-wrap items-center justify-between gap-3">{actions}</div>}
    </div>
  );
  if (!hasAside) {
    return (
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-8">
        {stage}
        <div className={column}>{children}</div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:gap-6 lg:px-4 lg:py-8">
      {/* The header is 4rem and a 1px border; a screen too short for the three together scrolls instead. */}
      <div className="flex h-[calc(100dvh-4rem-1px)] min-h-[36rem] flex-col gap-2 p-3 sm:px-4 lg:contents">
        {stage}
        <aside aria-label={asideLabel} className="min-h-0 flex-1 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {aside}
        </aside>
      </div>
      <div className={cx(column, 'px-4 pt-4 pb-8 lg:p-0')}>{children}</div>
    </div>
  );
}
