// Viewers over time of a show on the staff reports: the 15-second samples as a uPlot line with the
// on-air marks (go live, segments, draws, end) as numbered lines, the same in words and tables, and
// a plain "no samples" when the show was never sampled rather than a made-up line.
import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { Audience } from '../../../../shared/contract/staff-reports';
import { DataTable } from '../../../ui/data-table';
import { formatCount } from '../report-format';
import { TableCsv } from './csv-export';
import { laClock } from './report-time';
import { axis, CHART_COLOURS, UplotChart } from './uplot-chart';

export const MARK_LABELS: Record<Audience['marks'][number]['action'], string> = {
  go_live: 'Went live',
  set_segment: 'Segment',
  next_segment: 'Next segment',
  draw: 'Giveaway draw',
  respin: 'Respin',
  end: 'Ended',
};

const seconds = (iso: string) => Date.parse(iso) / 1000;

/** Numbered dashed lines where the on-air actions happened (the numbers match the list below). */
function marksPlugin(marks: Audience['marks']): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u) => {
          const { ctx } = u;
          const ratio = window.devicePixelRatio || 1;
          ctx.save();
          ctx.strokeStyle = CHART_COLOURS.secondary;
          ctx.fillStyle = CHART_COLOURS.secondary;
          ctx.lineWidth = ratio;
          ctx.setLineDash([4 * ratio, 4 * ratio]);
          ctx.font = `bold ${11 * ratio}px Lato, system-ui, sans-serif`;
          ctx.textAlign = 'center';
          marks.forEach((mark, index) => {
            const x = u.valToPos(seconds(mark.at), 'x', true);
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.fillText(String(index + 1), x, u.bbox.top - 4 * ratio);
          });
          ctx.restore();
        },
      ],
    },
  };
}

export function AudienceReport({ audience }: { audience: Audience }) {
  const { samples, marks, peak } = audience;
  const data = useMemo<uPlot.AlignedData>(
    () => [samples.map((s) => seconds(s.at)), samples.map((s) => s.viewers)],
    [samples],
  );
  const options = useMemo(
    () =>
      (lib: typeof uPlot, width: number): uPlot.Options => ({
        width,
        height: 240,
        padding: [18, 8, 0, 0],
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        tzDate: (ts) => lib.tzDate(new Date(ts * 1000), 'America/Los_Angeles'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [axis(), axis({ size: 40 })],
        series: [
          {},
          {
            label: 'Viewers',
            stroke: CHART_COLOURS.primary,
            fill: CHART_COLOURS.primarySoft,
            width: 2,
            points: { show: false },
          },
        ],
        plugins: [marksPlugin(marks)],
      }),
    [marks],
  );

  if (!audience.sampled) {
    return (
      <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-muted">
        No viewer samples for this show. Viewers are counted every 15 seconds while a show is on air with its console
        open; this one was not.
      </p>
    );
  }
  const peakAt = samples.find((s) => s.viewers === peak);
  const first = samples[0];
  const last = samples.at(-1);
  const summary = `Line chart of viewers from ${first ? laClock(first.at) : ''} to ${last ? laClock(last.at) : ''} (Los Angeles time), counted every 15 seconds. The peak was ${formatCount(peak)} ${peak === 1 ? 'viewer' : 'viewers'}${peakAt ? ` at ${laClock(peakAt.at)}` : ''}.`;

  return (
    <div className="flex flex-col gap-4">
      <figure className="m-0 flex flex-col gap-2">
        <UplotChart options={options} data={data} testId="audience-chart" />
        <figcaption className="text-sm text-muted">{summary}</figcaption>
      </figure>
      {marks.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-bold text-ink">On air</h3>
          <ol className="flex flex-col gap-1 text-sm">
            {marks.map((mark, index) => (
              <li key={`${mark.at}-${index}`} className="flex gap-2">
                <span className="shrink-0 font-bold text-secondary tabular-nums">{index + 1}.</span>
                <span className="w-20 shrink-0 text-muted tabular-nums">{laClock(mark.at)}</span>
                <span className="text-ink">
                  {MARK_LABELS[mark.action]}
                  {mark.detail && mark.detail !== MARK_LABELS[mark.action] && `: ${mark.detail}`}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
      <details className="rounded-lg border border-line">
        <summary className="min-h-11 cursor-pointer rounded-lg px-3 py-2.5 text-sm font-bold text-primary hover:bg-primary-soft">
          Viewers over time as a table
        </summary>
        <div
          role="region"
          aria-label="Viewers over time, scrollable"
          tabIndex={0}
          className="max-h-80 overflow-y-auto border-t border-line"
        >
          <DataTable
            caption="Viewers at each 15-second sample, Los Angeles time"
            stickyHeader
            rows={samples}
            rowKey={(s) => s.at}
            columns={[
              { header: 'Time', cell: (s) => laClock(s.at), className: 'font-normal' },
              { header: 'Viewers', cell: (s) => formatCount(s.viewers), align: 'right' },
            ]}
          />
        </div>
      </details>
      <div className="flex flex-wrap gap-x-6">
        <TableCsv
          filename={`show-${audience.show.eventid}-viewers-over-time.csv`}
          header={['at', 'viewers']}
          rows={samples.map((s) => [s.at, s.viewers])}
          label="Export viewers over time (CSV)"
        />
        {marks.length > 0 && (
          <TableCsv
            filename={`show-${audience.show.eventid}-on-air.csv`}
            header={['at', 'action', 'detail']}
            rows={marks.map((m) => [m.at, m.action, m.detail])}
            label="Export the on-air marks (CSV)"
          />
        )}
      </div>
    </div>
  );
}
