// The rundown: the show's segments in order with the current one marked, how long it has run
// against its plan (and a warning once over), the next segment in one key, jumping to a segment,
// and editing: add, edit, delete, and reorder by dragging or, on a focused segment, Alt+Arrow keys
// (each move read out). Edits work before and during the show.
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { Segment } from '../../../../shared/contract/console';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { useConsole } from './console-context';
import { ActionButton, Panel } from './console-ui';
import { clockText, moved, plannedTotalMinutes, segmentTiming } from './on-air-time';
import { useAddSegment, useDeleteSegment, useReorderSegments, useUpdateSegment } from './queries';
import { SegmentForm } from './segment-form';

export function RundownPanel() {
  const { eventId, snapshot, now, run, busy } = useConsole();
  const { segments, current_segment_id: currentId } = snapshot.rundown;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [moveNote, setMoveNote] = useState('');
  const [dragId, setDragId] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const add = useAddSegment(eventId);
  const update = useUpdateSegment(eventId);
  const remove = useDeleteSegment(eventId);
  const reorder = useReorderSegments(eventId);
  const currentIndex = segments.findIndex((segment) => segment.id === currentId);
  const next = segments[currentIndex + 1];
  const isLive = snapshot.show.state === 'live';

  function move(from: number, to: number, focus: boolean) {
    if (to < 0 || to >= segments.length || from === to) return;
    const order = moved(
      segments.map((segment) => segment.id),
      from,
      to,
    );
    const segment = segments[from];
    reorder.mutate(order);
    if (segment) setMoveNote(`${segment.title} moved to position ${to + 1} of ${segments.length}.`);
    if (focus && segment)
      requestAnimationFrame(() =>
        listRef.current?.querySelector<HTMLElement>(`[data-segment-id="${segment.id}"]`)?.focus(),
      );
  }

  function handleKey(event: KeyboardEvent<HTMLLIElement>, index: number) {
    if (event.target !== event.currentTarget || !event.altKey) return;
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, index - 1, true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + 1, true);
    }
  }

  function handleDrop(event: DragEvent, index: number) {
    event.preventDefault();
    const from = segments.findIndex((segment) => segment.id === dragId);
    setDragId(null);
    if (from !== -1) move(from, index, false);
  }

  const nextLabel = currentId === null ? 'Start the first segment' : 'Next segment';
  return (
    <Panel
      title="Rundown"
      actions={
        <span className="text-sm text-muted">
          {segments.length} segments · {plannedTotalMinutes(segments)} min planned
        </span>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <ActionButton
          label={nextLabel}
          shortcut="nextSegment"
          variant="primary"
          disabled={!isLive || (currentId !== null && !next)}
          isBusy={busy === 'next_segment'}
          onFire={() =>
            run(
              { action: 'next_segment', from: currentId },
              next ? `Now on: ${next.title}.` : 'Moved to the next segment.',
            )
          }
        />
        <p className="text-sm text-muted">
          {!isLive
            ? 'The rundown moves once the show is on air.'
            : next
              ? `Up next: ${next.title}`
              : currentId === null
                ? ''
                : 'This is the last segment.'}
        </p>
      </div>
      <p className="text-xs text-muted" id="rundown-help">
        Drag a segment, or focus it and press Alt+Up or Alt+Down, to change the order.
      </p>
      <p className="sr-only" aria-live="polite">
        {moveNote}
      </p>
      {reorder.error && <Alert tone="error">{errorMessage(reorder.error)}</Alert>}
      {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      {segments.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-muted">
          No segments yet. Add the first one below.
        </p>
      ) : (
        <ol ref={listRef} className="flex flex-col gap-2" aria-describedby="rundown-help">
          {segments.map((segment, index) =>
            editing === segment.id ? (
              <li key={segment.id}>
                <SegmentForm
                  segment={segment}
                  isSaving={update.isPending}
                  error={update.error}
                  onCancel={() => setEditing(null)}
                  onSave={(input) =>
                    update.mutate({ segmentId: segment.id, input }, { onSuccess: () => setEditing(null) })
                  }
                />
              </li>
            ) : (
              <SegmentRow
                key={segment.id}
                segment={segment}
                index={index}
                count={segments.length}
                isCurrent={segment.id === currentId}
                isDragged={segment.id === dragId}
                giveawayTitle={snapshot.giveaways.find((g) => g.id === segment.giveaway_id)?.title ?? null}
                now={now}
                onKeyDown={(event) => handleKey(event, index)}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(segment.id));
                  setDragId(segment.id);
                }}
                onDragEnd={() => setDragId(null)}
                onDrop={(event) => handleDrop(event, index)}
                onMove={(to) => move(index, to, false)}
                onEdit={() => setEditing(segment.id)}
                onDelete={() => remove.mutate(segment.id)}
                onGoTo={
                  isLive && segment.id !== currentId
                    ? () => run({ action: 'set_segment', segmentId: segment.id }, `Now on: ${segment.title}.`)
                    : null
                }
              />
            ),
          )}
        </ol>
      )}
      {editing === 'new' ? (
        <SegmentForm
          isSaving={add.isPending}
          error={add.error}
          onCancel={() => setEditing(null)}
          onSave={(input) => add.mutate(input, { onSuccess: () => setEditing(null) })}
        />
      ) : (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setEditing('new')}>
          Add a segment
        </Button>
      )}
    </Panel>
  );
}

const ROW_ACTION =
  'min-h-8 rounded-md px-2 text-sm font-bold text-primary hover:bg-primary-soft disabled:cursor-not-allowed disabled:text-muted disabled:hover:bg-transparent';

type RowProps = {
  segment: Segment;
  index: number;
  count: number;
  isCurrent: boolean;
  isDragged: boolean;
  giveawayTitle: string | null;
  now: number;
  onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => void;
  onDragStart: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd: () => void;
  onDrop: (event: DragEvent<HTMLLIElement>) => void;
  onMove: (to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
  onGoTo: (() => void) | null;
};

function SegmentRow({
  segment,
  index,
  count,
  isCurrent,
  isDragged,
  giveawayTitle,
  now,
  onKeyDown,
  onDragStart,
  onDragEnd,
  onDrop,
  onMove,
  onEdit,
  onDelete,
  onGoTo,
}: RowProps) {
  const timing = segmentTiming(segment, now);
  const isDone = Boolean(segment.ended_at) && !isCurrent;
  return (
    <li
      data-segment-id={segment.id}
      tabIndex={0}
      draggable
      aria-current={isCurrent ? 'step' : undefined}
      aria-label={`${index + 1}. ${segment.title}${isCurrent ? ', on now' : ''}`}
      onKeyDown={onKeyDown}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
      className={cx(
        'flex cursor-grab flex-col gap-1 rounded-lg border p-2.5',
        isCurrent && timing?.isOver
          ? 'border-danger bg-danger-soft ring-2 ring-danger'
          : isCurrent
            ? 'border-primary bg-primary-soft ring-2 ring-primary'
            : isDone
              ? 'border-line bg-canvas'
              : 'border-line bg-white',
        isDragged && 'opacity-50',
      )}
    >
      <div className="flex items-start gap-2">
        <span className="grid size-7 shrink-0 place-items-center rounded-full bg-ink text-sm font-black text-white">
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-black text-ink wrap-anywhere">
            {segment.title}
            {isCurrent && (
              <span className="ml-2 rounded bg-primary px-1.5 py-0.5 text-xs font-black text-white uppercase">
                On now
              </span>
            )}
          </p>
          <p className="text-sm text-muted">
            {segment.planned_minutes} min planned
            {timing && ` · ran ${clockText(timing.elapsedMs)}`}
            {segment.piece && ` · Piece: ${segment.piece.name}`}
            {giveawayTitle && ` · Giveaway: ${giveawayTitle}`}
          </p>
          {timing?.isOver && isCurrent && (
            <p className="text-sm font-bold text-danger" data-testid="over-time">
              Over time by {clockText(timing.overMs)}
            </p>
          )}
          {segment.notes && <p className="text-sm whitespace-pre-line text-ink">{segment.notes}</p>}
        </div>
      </div>
      <div className="flex flex-wrap gap-1 pl-9">
        {onGoTo && (
          <button type="button" className={ROW_ACTION} onClick={onGoTo}>
            Go to<span className="sr-only"> {segment.title}</span>
          </button>
        )}
        <button type="button" className={ROW_ACTION} disabled={index === 0} onClick={() => onMove(index - 1)}>
          Up<span className="sr-only">: move {segment.title} up</span>
        </button>
        <button type="button" className={ROW_ACTION} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          Down<span className="sr-only">: move {segment.title} down</span>
        </button>
        <button type="button" className={ROW_ACTION} onClick={onEdit}>
          Edit<span className="sr-only">: {segment.title}</span>
        </button>
        {!isCurrent && !segment.started_at && (
          <button type="button" className={cx(ROW_ACTION, 'text-danger hover:bg-danger-soft')} onClick={onDelete}>
            Delete<span className="sr-only">: {segment.title}</span>
          </button>
        )}
      </div>
    </li>
  );
}
