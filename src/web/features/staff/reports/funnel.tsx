// The attendance funnel on the staff reports: each step as a horizontal bar with its count and
// shares (text, so it reads without the bars), the same as a table with a CSV, and the viewers at a
// chosen step a page at a time, with their CSV (decision 090).
import { useId, useState } from 'react';
import {
  FUNNEL_STEP_LABELS,
  FUNNEL_STEPS,
  type FunnelStep,
  type FunnelStepName,
} from '../../../../shared/contract/staff-reports';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { LoadState } from '../load-state';
import { barPercent, formatCount } from '../report-format';
import { SEGMENT_STYLES } from '../report-parts';
import { TableCsv, ViewersCsv } from './csv-export';
import { useFunnelViewers } from './queries';
import { ScrollBox } from './scroll-box';
import { formatShare, laStamp } from './report-time';

const stepLabel = (step: FunnelStep, minutes: number) =>
  step.step === 'watched' ? `Watched ${minutes}+ minutes` : step.label;

/** The funnel as bars: the width is the step's share of the first step. */
export function FunnelBars({ steps, minutes }: { steps: readonly FunnelStep[]; minutes: number }) {
  const first = steps[0]?.count ?? 0;
  return (
    <ol className="flex flex-col gap-3" data-testid="funnel-bars">
      {steps.map((step) => (
        <li key={step.step} className="flex flex-col gap-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-bold text-ink">{stepLabel(step, minutes)}</span>
            <span className="text-sm text-muted tabular-nums">
              <strong className="text-base text-ink">{formatCount(step.count)}</strong>
              {step.fromPrevious !== null && ` · ${formatShare(step.fromPrevious)} of the step before`}
              {` · ${formatShare(step.fromFirst)} of RSVPs`}
            </span>
          </div>
          <span aria-hidden="true" className="block h-4 rounded-sm bg-primary-soft">
            <span
              className="block h-full rounded-sm bg-primary"
              style={{ width: `${barPercent(step.count, Math.max(first, 1))}%` }}
            />
          </span>
        </li>
      ))}
    </ol>
  );
}

export const FUNNEL_CSV_HEADER = ['step', 'viewers', 'took_the_step', 'from_previous_percent', 'from_first_percent'];

export function funnelCsvRows(steps: readonly FunnelStep[], minutes: number) {
  return steps.map((s) => [stepLabel(s, minutes), s.count, s.raw, s.fromPrevious, s.fromFirst]);
}

/** The funnel's numbers as a table: the funnel count beside the raw count of each step. */
export function FunnelTable({
  steps,
  minutes,
  caption,
  filename,
}: {
  steps: readonly FunnelStep[];
  minutes: number;
  caption: string;
  filename: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <ScrollBox label={`${caption}, scrollable`}>
        <DataTable
          caption={caption}
          rows={steps}
          rowKey={(s) => s.step}
          className="min-w-[32rem]"
          columns={[
            { header: 'Step', cell: (s) => stepLabel(s, minutes) },
            { header: 'In the funnel', cell: (s) => formatCount(s.count), align: 'right' },
            { header: 'Took this step', cell: (s) => formatCount(s.raw), align: 'right' },
            { header: 'Of the step before', cell: (s) => formatShare(s.fromPrevious), align: 'right' },
            { header: 'Of RSVPs', cell: (s) => formatShare(s.fromFirst), align: 'right' },
          ]}
        />
      </ScrollBox>
      <p className="text-sm text-muted">
        In the funnel: viewers who also took every step above. Took this step: everyone who did, whatever they did
        before.
      </p>
      <TableCsv
        filename={filename}
        header={FUNNEL_CSV_HEADER}
        rows={funnelCsvRows(steps, minutes)}
        label="Export the funnel (CSV)"
        className="self-start"
      />
    </div>
  );
}

/** Who is counted at a step: pick the step, read the list a page at a time, export it. */
export function StepViewers({ eventid, minutes }: { eventid: number; minutes: number }) {
  const name = useId();
  const [step, setStep] = useState<FunnelStepName>('rsvp');
  const [page, setPage] = useState(1);
  const { data, error, isPending, refetch } = useFunnelViewers(eventid, step, minutes, page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const choose = (next: FunnelStepName) => {
    setStep(next);
    setPage(1);
  };
  return (
    <div className="flex flex-col gap-3">
      <fieldset>
        <legend className="mb-2 text-sm font-bold text-muted">Viewers counted at</legend>
        <div className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-white p-1 sm:flex sm:flex-wrap">
          {FUNNEL_STEPS.map((s) => (
            <label key={s} className={SEGMENT_STYLES}>
              <input
                type="radio"
                name={name}
                value={s}
                checked={step === s}
                onChange={() => choose(s)}
                className="sr-only"
              />
              {s === 'watched' ? `Watched ${minutes}+ min` : FUNNEL_STEP_LABELS[s]}
            </label>
          ))}
        </div>
      </fieldset>
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the viewers"
      />
      {data && (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {data.total === 0
              ? 'Nobody reached this step.'
              : `${formatCount(data.total)} ${data.total === 1 ? 'viewer' : 'viewers'} reached this step${pages > 1 ? `; page ${data.page} of ${pages}` : ''}.`}
          </p>
          {data.total > 0 && (
            <ScrollBox label="Viewers counted at this step, scrollable">
              <DataTable
                caption={`Viewers counted at the step ${FUNNEL_STEP_LABELS[data.step]}, with the time of each step in Los Angeles time`}
                rows={data.viewers}
                rowKey={(v) => v.user_id}
                className="min-w-[52rem]"
                columns={[
                  { header: 'Name', cell: (v) => v.name || 'No name given' },
                  { header: 'E-mail', cell: (v) => v.email, className: 'wrap-anywhere' },
                  { header: 'RSVPed', cell: (v) => laStamp(v.rsvp_at) },
                  { header: 'Checked in', cell: (v) => laStamp(v.checked_in_at) },
                  { header: 'Watched', cell: (v) => `${formatCount(v.watched_minutes)} min`, align: 'right' },
                  { header: 'Entered', cell: (v) => laStamp(v.entered_at) },
                  { header: 'Spun', cell: (v) => laStamp(v.spun_at) },
                ]}
              />
            </ScrollBox>
          )}
          {pages > 1 && (
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous page
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next page
              </Button>
            </div>
          )}
          {data.total > 0 && <ViewersCsv eventid={eventid} step={data.step} minutes={minutes} />}
        </>
      )}
    </div>
  );
}
