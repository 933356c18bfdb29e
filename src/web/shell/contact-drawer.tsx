// The contact drawer of spec §2: slides in from the right (at most 450 px wide) with the two
// contact cards; closes by its close button, a click on the backdrop or Escape. Loaded on first
// use, so the dialog library stays out of the first bundle.
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import ContactCards from './contact-cards';
import { DialogCloseButton } from '../ui/dialog-close';

type ContactDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back here on closing (the drawer has no trigger of its own). */
  returnFocusTo: RefObject<HTMLElement | null>;
};

export default function ContactDrawer({ open, onOpenChange, returnFocusTo }: ContactDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="contact-backdrop"
          className="fixed inset-0 z-50 bg-ink/55 transition-opacity starting:opacity-0 motion-reduce:transition-none"
        />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-[450px] flex-col gap-5 overflow-y-auto bg-canvas p-5 shadow-2xl transition-transform duration-200 ease-out starting:translate-x-full focus:outline-none motion-reduce:transition-none sm:p-6"
        >
          <div className="flex items-center justify-between gap-4">
            <Dialog.Title className="text-2xl font-black text-ink">Contact us</Dialog.Title>
            <DialogCloseButton />
          </div>
          <Dialog.Description className="text-muted">
            Questions about a show, an order or a giveaway? Our team is glad to help.
          </Dialog.Description>
          <ContactCards headingLevel={3} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
