// The step-up prompt (decision 086): a draw, a large points grant or an export whose second factor
// is older than 10 minutes opens this dialog; after a right code the refused call is sent once more.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { SECOND_FACTOR_MESSAGES } from '../../../../shared/second-factor';
import { Alert } from '../../../ui/alert';
import { DialogCloseButton } from '../../../ui/dialog-close';
import { VerifyForm } from './second-factor-page';

export function StepUpDialog({ onDone }: { onDone: (passed: boolean) => void }) {
  const [isLocked, setIsLocked] = useState(false);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDone(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-black text-ink">Confirm it is you</Dialog.Title>
            <DialogCloseButton />
          </div>
          <Dialog.Description className="text-muted">
            {SECOND_FACTOR_MESSAGES.stepUp} Enter the code your authenticator app shows for Gemcast.
          </Dialog.Description>
          {isLocked ? (
            <Alert tone="error">
              Your second factor is locked after 5 wrong codes. Ask another staff member to reset it.
            </Alert>
          ) : (
            <VerifyForm onVerified={() => onDone(true)} onLocked={() => setIsLocked(true)} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
