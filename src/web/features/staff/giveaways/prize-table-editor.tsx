// The spin-to-win prize table of an event (a giveaway here): up to 12 prizes with their relative
// weights and reward points, and how often each came up. An empty table switches spinning off.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { SpinPrizeTable } from '../../../../shared/contract/giveaways';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { inputStyles } from '../../../ui/text-field';
import { spinPrizesQuery, useSavePrizes } from './queries';

type Row = { key: number; label: string; weight: string; points: string };

let nextKey = 1;
const rowsOf = (table: SpinPrizeTable): Row[] => table.prizes.map((p) => ({ key: nextKey++, label: p.label, weight: String(p.weight), points: String(p.points) }));
const blankRow = (): Row => ({ key: nextKey++, label: '', weight: '1', points: '0' });

function Editor({ eventId, table }: { eventId: number; table: SpinPrizeTable }) {
  const save = useSavePrizes(eventId);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(table));
  useEffect(() => setRows(rowsOf(table)), [table]);
  const totalWeight = rows.reduce((sum, row) => sum + (Number(row.weight) || 0), 0);
  const won = new Map(table.prizes.map((p) => [p.label, p.won]));

  function change(key: number, field: 'label' | 'weight' | 'points', value: string) {
    setRows((old) => old.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ prizes: rows.map((row) => ({ label: row.label, weight: Number(row.weight), points: Number(row.points) })) });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <p className="text-sm text-muted">
        {table.spins} {table.spins === 1 ? 'spin' : 'spins'} so far. A prize of weight 2 comes up twice as often as one of weight 1; weight 0 never. No prizes: no wheel.
      </p>
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th className="px-2 py-1">Prize</th>
                <th className="px-2 py-1">Weight</th>
                <th className="px-2 py-1">Chance</th>
                <th className="px-2 py-1">Points</th>
                <th className="px-2 py-1">Won</th>
                <th className="px-2 py-1">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={row.key}>
                  <td className="px-2 py-1">
                    <input aria-label={`Prize ${i + 1}`} className={`${inputStyles} min-w-36`} value={row.label} onChange={(e) => change(row.key, 'label', e.target.value)} />
                  </td>
                  <td className="px-2 py-1">
                    <input aria-label={`Weight of prize ${i + 1}`} type="number" min={0} className={`${inputStyles} w-24`} value={row.weight} onChange={(e) => change(row.key, 'weight', e.target.value)} />
                  </td>
                  <td className="px-2 py-1 tabular-nums">{totalWeight > 0 ? `${Math.round(((Number(row.weight) || 0) / totalWeight) * 1000) / 10}%` : '—'}</td>
                  <td className="px-2 py-1">
                    <input aria-label={`Points of prize ${i + 1}`} type="number" min={0} className={`${inputStyles} w-24`} value={row.points} onChange={(e) => change(row.key, 'points', e.target.value)} />
                  </td>
                  <td className="px-2 py-1 tabular-nums">{won.get(row.label) ?? 0}</td>
                  <td className="px-2 py-1">
                    <Button variant="ghost" size="sm" onClick={() => setRows((old) => old.filter((r) => r.key !== row.key))} aria-label={`Remove prize ${i + 1}`}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setRows((old) => [...old, blankRow()])} disabled={rows.length >= 12}>
          Add a prize
        </Button>
        <Button type="submit" size="sm" isBusy={save.isPending}>
          Save the wheel
        </Button>
      </div>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      {save.isSuccess && <Alert tone="success">{save.data.message}</Alert>}
    </form>
  );
}

export function PrizeTableEditor({ eventId }: { eventId: number }) {
  const table = useQuery(spinPrizesQuery(eventId));
  return (
    <section aria-labelledby="wheel-heading" className="flex flex-col gap-3">
      <h2 id="wheel-heading" className="text-xl font-black text-ink">
        Spin-to-win wheel
      </h2>
      {table.data ? <Editor eventId={eventId} table={table.data} /> : table.isError ? <Alert tone="error">{errorMessage(table.error)}</Alert> : <p className="text-muted">Loading the wheel…</p>}
    </section>
  );
}
