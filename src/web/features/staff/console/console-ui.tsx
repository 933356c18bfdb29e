// The console's building blocks: a panel (a labelled region with its heading), the key cap that
// shows a shortcut, and the action button, which for an action that cannot be undone arms on the
// first press (turning red and counting down) and fires on the second.
import { useId, type ReactNode } from 'react';
import { Spinner } from '../../../ui/spinner';
import { cx } from '../../../ui/cx';
import { SHORTCUTS, type ShortcutName } from './shortcuts';
import type { Arming } from './use-arm';
import { useShortcut } from './use-shortcuts';

export function Panel({
  title,
  children,
  className,
  actions,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  /** Beside the heading. */
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cx('flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-white p-4', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-black text-ink">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A key cap; hidden from screen readers, which hear the shortcut from aria-keyshortcuts. */
export function Kbd({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <kbd
      aria-hidden="true"
      className={cx(
        'inline-grid min-w-6 place-items-center rounded border border-current/40 bg-white/15 px-1 font-mono text-xs font-bold uppercase',
        className,
      )}
    >
      {children}
    </kbd>
  );
}

const VARIANTS = {
  primary: 'bg-primary text-white hover:bg-primary-hover',
  secondary: 'bg-secondary text-white hover:bg-secondary-hover',
  outline: 'border border-primary bg-white text-primary hover:bg-primary-soft',
  danger: 'border border-danger bg-white text-danger hover:bg-danger-soft',
} as const;

type ActionButtonProps = {
  label: string;
  shortcut?: ShortcutName;
  /** Present for an action that cannot be undone: it is armed first, then confirmed. */
  arming?: { arm: Arming; key: string };
  onFire: () => void;
  variant?: keyof typeof VARIANTS;
  disabled?: boolean;
  isBusy?: boolean;
  className?: string;
};

export function ActionButton({
  label,
  shortcut,
  arming,
  onFire,
  variant = 'outline',
  disabled,
  isBusy,
  className,
}: ActionButtonProps) {
  const seconds = arming ? arming.arm.secondsLeft(arming.key) : null;
  const isArmed = seconds !== null;
  const key = shortcut ? SHORTCUTS[shortcut] : undefined;
  const press = () => (arming ? arming.arm.trigger(arming.key, onFire) : onFire());
  useShortcut(shortcut, disabled || isBusy ? null : press);
  return (
    <button
      type="button"
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      aria-keyshortcuts={key?.toUpperCase()}
      data-armed={isArmed || undefined}
      className={cx(
        'inline-flex min-h-10 items-center justify-between gap-2 rounded-lg px-3 text-sm font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        isArmed ? 'bg-danger text-white ring-4 ring-danger/30' : VARIANTS[variant],
        className,
      )}
      onClick={press}
    >
      {isBusy && <Spinner className="size-4" label="Working" />}
      <span>{isArmed ? `Confirm: ${label.toLowerCase()} (${seconds} s)` : label}</span>
      {key && <Kbd>{key}</Kbd>}
    </button>
  );
}

/** One number with its name, large. */
export function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col rounded-lg bg-canvas px-3 py-2">
      <dt className="text-xs font-bold text-muted">{label}</dt>
      <dd className="text-2xl font-black text-ink tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-muted">{note}</dd>}
    </div>
  );
}
