// The round × that closes a dialog or drawer, the same everywhere.
import * as Dialog from '@radix-ui/react-dialog';
import { cx } from './cx';

export function DialogCloseButton({ className }: { className?: string }) {
  return (
    <Dialog.Close
      className={cx(
        'grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-primary-soft hover:text-primary',
        className,
      )}
      aria-label="Close"
    >
      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </Dialog.Close>
  );
}
