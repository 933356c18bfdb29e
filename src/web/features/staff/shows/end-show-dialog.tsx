// Ending a live event now, after a confirmation: its end time becomes this moment, so viewers'
// pages treat it as over and it moves to the past list.
import type { StaffEventRecord } from '../../../../shared/contract/staff-events';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useEndShowMutation } from '../queries';
import { Modal } from './dialog';
import { TYPE_LABELS } from './show-format';

type EndShowDialogProps = {
  show: StaffEventRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEnded: (message: string) => void;
};

export function EndShowDialog({ show, open, onOpenChange, onEnded }: EndShowDialogProps) {
  const end = useEndShowMutation(show.id);
  const kind = TYPE_LABELS[show.type].toLowerCase();

  function handleOpenChange(next: boolean) {
    if (!next) end.reset();
    onOpenChange(next);
  }

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      size="narrow"
      title={`End this ${kind} now?`}
      description={`“${show.title}” stops being live for everyone at once and moves to past events. To put it back on air, edit its end time.`}
    >
      <div className="flex flex-col gap-4">
        {end.error && <Alert tone="error">{errorMessage(end.error)}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button
            isBusy={end.isPending}
            className="bg-danger hover:bg-danger/90"
            onClick={() => end.mutate(undefined, { onSuccess: ({ message }) => onEnded(message) })}
          >
            End it now
          </Button>
          <Button variant="ghost" onClick={() => handleOpenChange(false)}>
            Keep it live
          </Button>
        </div>
      </div>
    </Modal>
  );
}
