// The spin-to-win prize table of an event (a giveaway here): up to 12 prizes with their pictures,
// relative weights, reward points and stock left (empty: no limit), and how often each came up. An empty table switches spinning off.
// The table is checked with the contract's own schema before it is sent; what is wrong, here or
// on the server, is listed by prize number and its fields are marked.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { SetSpinPrizesRequest, type SpinPrizeTable } from '../../../../shared/contract/spin';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { Th } from '../../../ui/data-table';
import { inputStyles } from '../../../ui/text-field';
import { ImageUpload } from '../image-upload';
import { spinPrizesQuery, useSavePrizes } from './queries';

type Row = { key: number; label: string; weight: string; points: string; stock: string; image: string };

let nextKey = 1;
const rowsOf = (table: SpinPrizeTable): Row[] =>
  table.prizes.map((p) => ({
    key: nextKey++,
    label: p.label,
    weight: String(p.weight),
    points: String(p.points),
    stock: p.stock === null ? '' : String(p.stock),
    image: p.image,
  }));
const blankRow = (): Row => ({ key: nextKey++, label: '', weight: '1', points: '0', stock: '', image: '' });

/** A number field as typed: empty (or not a number) stays NaN, so the schema names it instead of reading 0. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** The stock as typed: empty is no limit. */
const typedStock = (text: string) => (text.trim() === '' ? null : Number(text));

type Problem = { field: string; message: string };

/** 'prizes.1.weight' → 'Prize 2: weight is …'; table-wide problems as they are. */
function describe({ field, message }: Problem): string {
  const row = /^prizes\.(\d+)\./.exec(field);
  return row ? `Prize ${Number(row[1]) + 1}: ${message}` : message;
}

function Editor({ eventId, table }: { eventId: number; table: SpinPrizeTable }) {
  const save = useSavePrizes(eventId);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(table));
  useEffect(() => setRows(rowsOf(table)), [table]);
  const totalWeight = rows.reduce((sum, row) => sum + (Number(row.weight) || 0), 0);
  const won = new Map(table.prizes.map((p) => [p.label, p.won]));

  const [problems, setProblems] = useState<Problem[]>([]);
  const isWrong = (index: number, field: 'label' | 'weight' | 'points' | 'stock') =>
    problems.some((p) => p.field === `prizes.${index}.${field}`);

  function change(key: number, field: 'label' | 'weight' | 'points' | 'stock' | 'image', value: string) {
    setRows((old) => old.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const body = {
      prizes: rows.map((row) => ({
        label: row.label,
        weight: typedNumber(row.weight),
        points: typedNumber(row.points),
        stock: typedStock(row.stock),
        image: row.image,
      })),
    };
    const checked = SetSpinPrizesRequest.safeParse(body);
    if (!checked.success) {
      setProblems(checked.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
      return;
    }
    setProblems([]);
    save.mutate(checked.data, {
      onError: (error) =>
        setProblems(
          error instanceof ApiError && error.fieldIssues.length
            ? error.fieldIssues
            : [{ field: 'prizes', message: errorMessage(error) }],
        ),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <p className="text-sm text-muted">
        {table.spins} {table.spins === 1 ? 'spin' : 'spins'} so far. A prize of weight 2 comes up twice as often as one
        of weight 1; weight 0 never. Stock is how many are left to win: empty for no limit, and a prize with none left
        is no longer drawn. No prizes: no wheel.
      </p>
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                {['Prize', 'Image', 'Weight', 'Chance', 'Points', 'Stock', 'Won'].map((header) => (
                  <Th key={header} className="px-2 py-1">
                    {header}
                  </Th>
                ))}
                <Th className="px-2 py-1">
                  <span className="sr-only">Remove</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={row.key}>
                  <td className="px-2 py-1">
                    <input
                      aria-label={`Prize ${i + 1}`}
                      aria-invalid={isWrong(i, 'label') || undefined}
                      className={cx(inputStyles, 'min-w-36')}
                      value={row.label}
                      onChange={(e) => change(row.key, 'label', e.target.value)}
                    />
                  </td>
                  <td className="px-2 py-1">
                    <ImageUpload
                      compact
                      label={`Image of prize ${i + 1}`}
                      value={row.image}
                      onChange={(image) => change(row.key, 'image', image)}
                      className="min-w-56"
                    />
                  </td>
                  <td className="px-2 py-1">
                    <input
                      aria-label={`Weight of prize ${i + 1}`}
                      aria-invalid={isWrong(i, 'weight') || undefined}
                      type="number"
                      min={0}
                      className={cx(inputStyles, 'w-24')}
                      value={row.weight}
                      onChange={(e) => change(row.key, 'weight', e.target.value)}
                    />
                  </td>
                  <td className="px-2 py-1 tabular-nums">
                    {totalWeight > 0 ? `${Math.round(((Number(row.weight) || 0) / totalWeight) * 1000) / 10}%` : '—'}
                  </td>
                  <td className="px-2 py-1">
                    <input
                      aria-label={`Points of prize ${i + 1}`}
                      aria-invalid={isWrong(i, 'points') || undefined}
                      type="number"
                      min={0}
                      className={cx(inputStyles, 'w-24')}
                      value={row.points}
                      onChange={(e) => change(row.key, 'points', e.target.value)}
                    />
                  </td>
                  <td className="px-2 py-1">
                    <input
                      aria-label={`Stock of prize ${i + 1}`}
                      aria-invalid={isWrong(i, 'stock') || undefined}
                      type="number"
                      min={0}
                      placeholder="No limit"
                      className={cx(inputStyles, 'w-24')}
                      value={row.stock}
                      onChange={(e) => change(row.key, 'stock', e.target.value)}
                    />
                  </td>
                  <td className="px-2 py-1 tabular-nums">{won.get(row.label) ?? 0}</td>
                  <td className="px-2 py-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setRows((old) => old.filter((r) => r.key !== row.key))}
                      aria-label={`Remove prize ${i + 1}`}
                    >
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
        <Button
          variant="outline"
          size="sm"
          onClick={() => setRows((old) => [...old, blankRow()])}
          disabled={rows.length >= 12}
        >
          Add a prize
        </Button>
        <Button type="submit" size="sm" isBusy={save.isPending}>
          Save the wheel
        </Button>
      </div>
      {problems.length > 0 && (
        <Alert tone="error">
          <p>The wheel was not saved:</p>
          <ul className="list-disc pl-5">
            {problems.map((problem) => (
              <li key={`${problem.field}-${problem.message}`}>{describe(problem)}</li>
            ))}
          </ul>
        </Alert>
      )}
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
      {table.data ? (
        <Editor eventId={eventId} table={table.data} />
      ) : table.isError ? (
        <Alert tone="error">{errorMessage(table.error)}</Alert>
      ) : (
        <p className="text-muted">Loading the wheel…</p>
      )}
    </section>
  );
}
