// Pieces every player shares: the 16:9 black stage, a message in place of the video, and the large
// button that turns the sound on (players start muted, the only way browsers let them start alone).
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';

export function PlayerStage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cx('relative aspect-video w-full overflow-hidden rounded-xl bg-black', className)}>{children}</div>
  );
}

/** Shown where the video would be: nothing to play yet, no replay, a failure (isAlert). */
export function PlayerMessage({
  title,
  children,
  isAlert = false,
}: {
  title: string;
  children?: ReactNode;
  isAlert?: boolean;
}) {
  return (
    <div className="grid aspect-video w-full place-items-center rounded-xl bg-ink p-6 text-center text-white">
      <div className="flex max-w-md flex-col items-center gap-3" role={isAlert ? 'alert' : undefined}>
        <p className="text-lg font-black sm:text-xl">{title}</p>
        {children}
      </div>
    </div>
  );
}

/** Sits over the top of the video, above the player's own controls. */
export function SoundOnButton({
  onClick,
  children = 'Turn sound on',
  position = 'top',
}: {
  onClick: () => void;
  children?: ReactNode;
  position?: 'top' | 'middle';
}) {
  return (
    <div
      className={cx(
        'pointer-events-none absolute inset-x-0 flex justify-center p-3',
        position === 'top' ? 'top-0 sm:justify-start' : 'top-1/2 -translate-y-1/2',
      )}
    >
      <Button variant="secondary" className="pointer-events-auto shadow-lg" onClick={onClick}>
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
          <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
          <path
            d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        {children}
      </Button>
    </div>
  );
}

/** A failed player, in words, with a way to try again. */
export function PlayerFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <PlayerMessage isAlert title={title}>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </PlayerMessage>
  );
}
