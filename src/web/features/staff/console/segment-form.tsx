// Adding or editing a rundown segment: its title, planned minutes, notes, and the piece or giveaway
// it carries. Checked with the contract's schema before it is sent.
import { useState, type FormEvent } from 'react';
import { CONSOLE_LIMITS, SegmentInput, type Segment } from '../../../../shared/contract/console';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { SelectField, TextAreaField } from '../shows/form-fields';
import { useConsole } from './console-context';
import { useStaffPieces } from './queries';

type Props = {
  segment?: Segment;
  isSaving: boolean;
  error: unknown;
  onSave: (input: SegmentInput) => void;
  onCancel: () => void;
};

export function SegmentForm({ segment, isSaving, error, onSave, onCancel }: Props) {
  const { snapshot } = useConsole();
  const pieces = useStaffPieces(true);
  const [title, setTitle] = useState(segment?.title ?? '');
  const [minutes, setMinutes] = useState(String(segment?.planned_minutes ?? 10));
  const [notes, setNotes] = useState(segment?.notes ?? '');
  const [pieceId, setPieceId] = useState(segment?.piece ? String(segment.piece.id) : '');
  const [giveawayId, setGiveawayId] = useState(segment?.giveaway_id ? String(segment.giveaway_id) : '');
  const [problem, setProblem] = useState('');

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const input = {
      title,
      planned_minutes: Number(minutes),
      notes,
      piece_id: pieceId ? Number(pieceId) : null,
      giveaway_id: giveawayId ? Number(giveawayId) : null,
    };
    const checked = SegmentInput.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check the segment.');
      return;
    }
    setProblem('');
    onSave(input);
  }

  const activePieces = (pieces.data ?? []).filter((piece) => piece.active || piece.id === segment?.piece?.id);
  return (
    <form
      onSubmit={handleSubmit}
      className="flex flex-col gap-3 rounded-lg border border-line bg-canvas p-3"
      noValidate
    >
      <TextField
        label="Segment title"
        value={title}
        maxLength={CONSOLE_LIMITS.segmentTitleChars}
        onChange={(event) => setTitle(event.target.value)}
        required
      />
      <TextField
        label="Planned minutes"
        type="number"
        inputMode="numeric"
        min={1}
        max={CONSOLE_LIMITS.segmentMaxMinutes}
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
      />
      <TextAreaField
        label="Notes for the host"
        labelNote="(optional)"
        rows={2}
        value={notes}
        maxLength={CONSOLE_LIMITS.segmentNotesChars}
        onChange={(event) => setNotes(event.target.value)}
      />
      <SelectField label="Piece" value={pieceId} onChange={(event) => setPieceId(event.target.value)}>
        <option value="">No piece</option>
        {activePieces.map((piece) => (
          <option key={piece.id} value={piece.id}>
            {piece.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Giveaway" value={giveawayId} onChange={(event) => setGiveawayId(event.target.value)}>
        <option value="">No giveaway</option>
        {snapshot.giveaways.map((giveaway) => (
          <option key={giveaway.id} value={giveaway.id}>
            {giveaway.title}
          </option>
        ))}
      </SelectField>
      {problem ? (
        <Alert tone="error">{problem}</Alert>
      ) : error ? (
        <Alert tone="error">{errorMessage(error)}</Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isBusy={isSaving}>
          {segment ? 'Save segment' : 'Add segment'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
