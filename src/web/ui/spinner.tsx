// Loading indicators: an inline spinner and the full-screen one shown while a screen loads.
import { cx } from './cx';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cx('inline-flex items-center', className)}>
      <svg className="size-full animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Covers the page while a lazy screen loads; fades in late so quick loads do not flash. */
export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 z-50 grid animate-appear place-items-center bg-canvas/80">
      <Spinner className="size-10 text-primary" label="Loading the page" />
    </div>
  );
}
