// The staff contest screens' questions: a step that cannot be taken back asks first, and a step that
// needs a reason (rejecting entries, removing votes) asks for it and will not go on without one.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../ui/alert';
import { FormActions, TextAreaField } from '../shows/form-fields';
import { Modal } from '../shows/dialog';

type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Asks for a reason of at least this many characters; none asked when absent. */
  reason?: { label: string; hint: string; minLength: number };
  onConfirm: (reason: string) => void;
  isBusy: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string | null;
};

/** The dialog's form: mounted only while the dialog is open, so each opening starts with an empty reason. */
function ReasonForm({
  confirmLabel,
  reason,
  onConfirm,
  onCancel,
  isBusy,
  error,
}: Pick<ReasonDialogProps, 'confirmLabel' | 'reason' | 'onConfirm' | 'isBusy' | 'error'> & { onCancel: () => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason && text.trim().length < reason.minLength) {
      setProblem(
        reason.minLength > 1 ? `Write the reason (at least ${reason.minLength} characters).` : 'Write the reason.',
      );
      return;
    }
    setProblem(null);
    onConfirm(text.trim());
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {reason && (
        <TextAreaField
          label={reason.label}
          hint={reason.hint}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={problem ?? undefined}
          maxLength={300}
          required
        />
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <FormActions submit={confirmLabel} isBusy={isBusy} onCancel={onCancel} />
    </form>
  );
}

export function ReasonDialog({ open, onOpenChange, title, description, ...form }: ReasonDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} size="narrow">
      <ReasonForm {...form} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}
