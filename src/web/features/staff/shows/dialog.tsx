// A centred modal for the show screens (Radix Dialog: focus kept inside, Escape and the close
// button close it, focus returns to what opened it). Fills the screen on a phone.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cx } from '../../../ui/cx';
import { DialogCloseButton } from '../../../ui/dialog-close';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Narrow for a question, wide for a form. */
  size?: 'narrow' | 'wide';
};

export function Modal({ open, onOpenChange, title, description, children, size = 'wide' }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/55" />
        <Dialog.Content
          className={cx(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[100dvh] flex-col overflow-y-auto bg-canvas p-5 shadow-2xl focus:outline-none sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[90dvh] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6',
            size === 'wide'
              ? 'top-0 sm:w-[min(44rem,calc(100vw-2rem))]'
              : 'rounded-t-xl sm:w-[min(28rem,calc(100vw-2rem))]',
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-black text-ink">{title}</Dialog.Title>
            <DialogCloseButton className="-mt-1 -mr-2" />
          </div>
          <Dialog.Description className="mt-1 text-muted">{description}</Dialog.Description>
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
