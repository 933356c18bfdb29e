// "Rehearse" on a show: asks how many synthetic viewers (50 unless changed), starts a rehearsal
// (a private copy of the show only staff see) and opens the copy's console.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CONSOLE_LIMITS, consolePath } from '../../../../shared/contract/console';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { Modal } from '../shows/dialog';
import { useStartRehearsal } from './queries';

export function RehearseButton({
  eventId,
  title,
  size = 'md',
}: {
  eventId: number;
  title: string;
  size?: 'md' | 'sm';
}) {
  const [open, setOpen] = useState(false);
  const [viewers, setViewers] = useState(String(CONSOLE_LIMITS.rehearsalDefaultViewers));
  const start = useStartRehearsal(eventId);
  const navigate = useNavigate();
  const count = Number(viewers);
  const isValid = Number.isInteger(count) && count >= 1 && count <= CONSOLE_LIMITS.rehearsalMaxViewers;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isValid) return;
    start.mutate(count, { onSuccess: (started) => navigate(consolePath(started.eventid)) });
  }

  return (
    <>
      <Button variant="outline" size={size} aria-label={`Rehearse: ${title}`} onClick={() => setOpen(true)}>
        Rehearse
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        size="narrow"
        title="Rehearse the show"
        description="A private copy of the show, with its rundown and giveaways, that only staff see. Synthetic viewers watch, chat and enter; ending the rehearsal removes everything it made."
      >
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
          <TextField
            label="Synthetic viewers"
            type="number"
            inputMode="numeric"
            min={1}
            max={CONSOLE_LIMITS.rehearsalMaxViewers}
            value={viewers}
            onChange={(event) => setViewers(event.target.value)}
            error={isValid ? undefined : `From 1 to ${CONSOLE_LIMITS.rehearsalMaxViewers}.`}
            aria-invalid={!isValid || undefined}
          />
          {start.error && <Alert tone="error">{errorMessage(start.error)}</Alert>}
          <Button type="submit" className="self-start" isBusy={start.isPending} disabled={!isValid}>
            Start the rehearsal
          </Button>
        </form>
      </Modal>
    </>
  );
}
