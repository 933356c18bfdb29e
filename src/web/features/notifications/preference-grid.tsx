// The kind × channel grid of getnotification's preferences: a table on wide screens, one card per
// kind on a phone. Each checkbox is named in full ("Show live now by e-mail"); rows take their label
// and hint from src/shared/notification-kinds.ts; security cells stay checked, disabled, with a note.
// usePreferenceSaver saves a cell at a time for the settings and unsubscribe pages.
import { useState } from 'react';
import {
  CHANNEL_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '../../../shared/notification-kinds';
import type { PreferenceCell } from '../../../shared/contract/notifications';
import { errorMessage } from '../../api/client';
import { cx } from '../../ui/cx';

const CHANNEL_PHRASES: Record<NotificationChannel, string> = {
  in_app: 'on the site',
  email: 'by e-mail',
  push: 'on this device',
};

export function cellLabel(kind: NotificationKind, channel: NotificationChannel): string {
  return `${NOTIFICATION_KINDS[kind].label} ${CHANNEL_PHRASES[channel]}`;
}

export function cellKey(cell: { kind: NotificationKind; channel: NotificationChannel }): string {
  return `${cell.kind}:${cell.channel}`;
}

type GridProps = {
  /** What the table lists, for screen readers. */
  caption: string;
  cells: PreferenceCell[];
  channels: readonly NotificationChannel[];
  /** Values chosen but not yet saved, by cellKey: shown, and their checkboxes wait. */
  pending: ReadonlyMap<string, boolean>;
  onChange: (cell: PreferenceCell, enabled: boolean) => void;
};

/** The kinds in the grid's order, each with its cells by channel. */
function rowsOf(cells: PreferenceCell[]) {
  const rows = new Map<NotificationKind, Map<NotificationChannel, PreferenceCell>>();
  for (const cell of cells) {
    const row = rows.get(cell.kind) ?? new Map<NotificationChannel, PreferenceCell>();
    row.set(cell.channel, cell);
    rows.set(cell.kind, row);
  }
  return [...rows];
}

function LockIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 shrink-0" aria-hidden="true">
      <path
        d="M6 9V6.5a4 4 0 0 1 8 0V9M4.5 9h11v8h-11z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function PreferenceGrid({ caption, cells, channels, pending, onChange }: GridProps) {
  return (
    <table className="w-full text-left max-md:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-md:hidden">
        <tr className="border-b border-line text-sm text-muted">
          <th scope="col" className="py-2 pr-4 font-bold">
            Notification
          </th>
          {channels.map((channel) => (
            <th key={channel} scope="col" className="w-28 px-2 py-2 text-center font-bold">
              {CHANNEL_LABELS[channel]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
        {rowsOf(cells).map(([kind, row]) => {
          const definition = NOTIFICATION_KINDS[kind];
          const noteId = `locked-note-${kind}`;
          return (
            <tr
              key={kind}
              className="border-b border-line max-md:flex max-md:flex-wrap max-md:gap-2 max-md:rounded-xl max-md:border max-md:bg-white max-md:p-4"
            >
              <th
                scope="row"
                className="py-3 pr-4 align-top font-normal max-md:block max-md:w-full max-md:p-0 max-md:pb-1"
              >
                <span className="block font-bold text-ink">{definition.label}</span>
                <span className="block text-sm text-muted">{definition.hint}</span>
                {definition.locked && (
                  <span id={noteId} className="mt-1 flex items-center gap-1 text-sm font-bold text-secondary">
                    <LockIcon />
                    Always on: security notices can’t be turned off.
                  </span>
                )}
              </th>
              {channels.map((channel) => {
                const cell = row.get(channel);
                if (!cell)
                  return (
                    <td key={channel} className="px-2 py-3 text-center text-muted max-md:hidden">
                      <span aria-hidden="true">–</span>
                      <span className="sr-only">Not sent {CHANNEL_PHRASES[channel]}</span>
                    </td>
                  );
                const key = cellKey(cell);
                const isPending = pending.has(key);
                const checked = pending.get(key) ?? cell.enabled;
                return (
                  <td key={channel} className="px-2 py-3 text-center max-md:inline-block max-md:p-0">
                    <label
                      className={cx(
                        'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg md:px-2',
                        'max-md:border max-md:border-line max-md:px-3',
                        cell.locked ? 'cursor-not-allowed' : 'cursor-pointer hover:bg-primary-soft',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="size-5 accent-primary"
                        checked={cell.locked || checked}
                        disabled={cell.locked || isPending}
                        aria-label={cellLabel(kind, channel)}
                        aria-describedby={cell.locked ? noteId : undefined}
                        onChange={(event) => onChange(cell, event.target.checked)}
                      />
                      <span className="font-bold text-ink md:sr-only" aria-hidden="true">
                        {CHANNEL_LABELS[channel]}
                      </span>
                    </label>
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export type SaveNote = { tone: 'success' | 'error'; text: string };

/** Saves one cell at a time; the cell shows its new value while it saves and its old one if refused. */
export function usePreferenceSaver(save: (cell: PreferenceCell, enabled: boolean) => Promise<string>) {
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [note, setNote] = useState<SaveNote | null>(null);

  const without = (key: string) => (current: ReadonlyMap<string, boolean>) => {
    const next = new Map(current);
    next.delete(key);
    return next;
  };

  async function change(cell: PreferenceCell, enabled: boolean) {
    const key = cellKey(cell);
    setPending((current) => new Map(current).set(key, enabled));
    setNote(null);
    try {
      const message = await save(cell, enabled);
      setNote({
        tone: 'success',
        text: `${message} ${cellLabel(cell.kind, cell.channel)}: ${enabled ? 'on' : 'off'}.`,
      });
    } catch (error) {
      setNote({ tone: 'error', text: errorMessage(error) });
    } finally {
      setPending(without(key));
    }
  }

  return { pending, note, change: (cell: PreferenceCell, enabled: boolean) => void change(cell, enabled) };
}
