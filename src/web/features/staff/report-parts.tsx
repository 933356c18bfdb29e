// The pieces of the staff analytics page: the period picker, the totals, the visits-by-day chart
// (CSS bars for the eye, a table for everyone) and the ranked tables.
import { useId, type ReactNode } from 'react';
import type { AnalyticsReport } from '../../../shared/contract/analytics';
import { cx } from '../../ui/cx';
import { DataTable, Th } from '../../ui/data-table';
import { REPORT_PERIODS, type ReportPeriod } from './queries';
import { barPercent, dayTicks, everyDay, formatCount, formatDay, type DayTick } from './report-format';

/** One choice of a row of radio buttons drawn as a segmented control (the input inside is sr-only). */
export const SEGMENT_STYLES =
  'flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-3 text-sm font-bold whitespace-nowrap text-primary transition-colors hover:bg-primary-soft has-checked:bg-primary has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-secondary sm:px-5';

export function PeriodPicker({
  value,
  onChange,
  className,
}: {
  value: ReportPeriod;
  onChange: (days: ReportPeriod) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-bold text-muted">Show the last</legend>
      <div className="grid grid-cols-4 gap-1 rounded-xl border border-line bg-white p-1 sm:inline-grid">
        {REPORT_PERIODS.map((days) => (
          <label key={days} className={SEGMENT_STYLES}>
            <input
              type="radio"
              name={name}
              value={days}
              checked={value === days}
              onChange={() => onChange(days)}
              className="sr-only"
            />
            {days === 1 ? '1 day' : `${days} days`}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ReportSection({
  id,
  title,
  note,
  children,
  className,
}: {
  id: string;
  title: string;
  note?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cx('flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:p-5', className)}
    >
      <div>
        <h2 id={id} className="text-lg font-black text-ink">
          {title}
        </h2>
        {note && <p className="text-sm text-muted">{note}</p>}
      </div>
      {children}
    </section>
  );
}

export function Totals({ totals }: { totals: AnalyticsReport['totals'] }) {
  const items = [
    { label: 'Visits', value: totals.visits },
    { label: 'Unique sessions', value: totals.sessions },
    { label: 'Page views', value: totals.pageViews },
    { label: 'Sign-ups', value: totals.signups },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="flex flex-col-reverse gap-1 rounded-xl border border-line bg-white p-4">
          <dt className="text-sm font-bold text-muted">{item.label}</dt>
          <dd className="text-3xl font-black text-ink tabular-nums">{formatCount(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

const TICK_ALIGN: Record<DayTick['align'], string> = {
  start: '',
  centre: '-translate-x-1/2',
  end: '-translate-x-full',
};

/** The day labels under the bars, each at its own bar's centre, with a tick marking the exact day. */
function DayLabels({ days, maxLabels, className }: { days: string[]; maxLabels: number; className: string }) {
  return (
    <div aria-hidden="true" className={cx('relative h-6 text-xs text-muted', className)}>
      {dayTicks(days, maxLabels).map((tick) => (
        <span key={tick.day} data-tick={tick.day} className="absolute top-0" style={{ left: `${tick.centrePercent}%` }}>
          <span className="absolute top-0 left-0 h-1.5 w-px bg-muted" />
          <span className={cx('absolute top-1.5 left-0 whitespace-nowrap', TICK_ALIGN[tick.align])}>
            {formatDay(tick.day)}
          </span>
        </span>
      ))}
    </div>
  );
}

/**
 * Visits per day as bars. The bars are a picture (one image with a summary for screen readers);
 * the exact numbers are in the table under them.
 */
export function VisitsByDay({ report }: { report: AnalyticsReport }) {
  const days = everyDay(report.from, report.to, report.byDay);
  const max = Math.max(0, ...days.map((d) => d.visits));
  const busiest = days.reduce<(typeof days)[number] | undefined>(
    (best, d) => (d.visits > (best?.visits ?? 0) ? d : best),
    undefined,
  );
  const first = days[0];
  const last = days.at(-1);
  const summary =
    busiest && first && last
      ? `Bar chart of visits per day from ${formatDay(first.day, 'long')} to ${formatDay(last.day, 'long')}. The busiest day was ${formatDay(busiest.day, 'long')} with ${formatCount(busiest.visits)} visits.`
      : 'Bar chart of visits per day: no visits in this period.';
  const isDense = days.length > 31;

  return (
    <div className="flex flex-col gap-4">
      <figure className="m-0">
        <div role="img" aria-label={summary} className="flex flex-col gap-1">
          <p aria-hidden="true" className="text-xs font-bold text-muted tabular-nums">
            {formatCount(max)} {max === 1 ? 'visit' : 'visits'}
          </p>
          {/* Equal slots, one per day, with the bar centred in each: the labels below use the same slots. */}
          <div
            aria-hidden="true"
            className="grid h-40 items-end border-b-2 border-line"
            style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
          >
            {days.map((d) => (
              <div
                key={d.day}
                data-day={d.day}
                className={cx('flex h-full items-end justify-center', isDense ? 'px-px' : 'px-0.5 sm:px-1')}
                title={`${formatDay(d.day)}: ${formatCount(d.visits)} visits`}
              >
                <div
                  className="w-full max-w-16 rounded-t-sm bg-primary"
                  style={{ height: `${barPercent(d.visits, max)}%` }}
                />
              </div>
            ))}
          </div>
          <DayLabels days={days.map((d) => d.day)} maxLabels={4} className="sm:hidden" />
          <DayLabels days={days.map((d) => d.day)} maxLabels={8} className="hidden sm:block" />
        </div>
      </figure>
      <details className="group rounded-lg border border-line">
        <summary className="min-h-11 cursor-pointer rounded-lg px-3 py-2.5 text-sm font-bold text-primary hover:bg-primary-soft">
          Visits by day as a table
        </summary>
        {/* Scrolls on its own so 90 days do not push the rest away; focusable so a keyboard can scroll it. */}
        <div
          role="region"
          aria-label="Visits by day, scrollable"
          tabIndex={0}
          className="max-h-80 overflow-y-auto border-t border-line"
        >
          <DataTable
            caption="Visits and unique sessions per day"
            stickyHeader
            rows={days}
            rowKey={(d) => d.day}
            columns={[
              { header: 'Day', cell: (d) => formatDay(d.day, 'long'), className: 'font-normal' },
              { header: 'Visits', cell: (d) => formatCount(d.visits), align: 'right' },
              { header: 'Sessions', cell: (d) => formatCount(d.sessions), align: 'right' },
            ]}
          />
        </div>
      </details>
    </div>
  );
}

type Column<Row> = { header: string; cell: (row: Row) => ReactNode };

type RankedTableProps<Row> = {
  caption: string;
  rows: readonly Row[];
  /** The row's label, shown first with a bar sized by `measure`. */
  label: (row: Row) => string;
  labelHeader: string;
  measure: (row: Row) => number;
  columns: readonly Column<Row>[];
  empty: string;
};

/** A ranked list as a table: the label with a bar under it, then the numbers, right-aligned. */
export function RankedTable<Row>({
  caption,
  rows,
  label,
  labelHeader,
  measure,
  columns,
  empty,
}: RankedTableProps<Row>) {
  if (!rows.length) return <p className="text-sm text-muted">{empty}</p>;
  const max = Math.max(...rows.map(measure));
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-muted">
          <Th className="pb-2">{labelHeader}</Th>
          {columns.map((column) => (
            <Th key={column.header} align="right" className="w-20 pb-2 pl-2 sm:w-24">
              {column.header}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={label(row)} className="border-t border-line align-top">
            <th scope="row" className="py-2 text-left font-normal">
              <span className="block text-ink wrap-anywhere">{label(row)}</span>
              <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-primary-soft">
                <span
                  className="block h-full rounded-full bg-primary"
                  style={{ width: `${barPercent(measure(row), max)}%` }}
                />
              </span>
            </th>
            {columns.map((column) => (
              <td key={column.header} className="py-2 pl-2 text-right font-bold text-ink tabular-nums">
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
