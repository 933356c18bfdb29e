// Site traffic over a range of Los Angeles days on the staff reports: visits by day as uPlot bars
// (and a table), then referrers, refid campaigns, devices and median time per page, each with a CSV.
import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { Traffic } from '../../../../shared/contract/staff-reports';
import { DataTable } from '../../../ui/data-table';
import { formatCount, formatDay, formatDuration } from '../report-format';
import { RankedTable, ReportSection } from '../report-parts';
import { TableCsv } from './csv-export';
import { axis, CHART_COLOURS, UplotChart } from './uplot-chart';

const count = (row: { count: number }) => row.count;

function VisitsChart({ traffic }: { traffic: Traffic }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [traffic.byDay.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000), traffic.byDay.map((d) => d.visits)],
    [traffic],
  );
  const options = useMemo(
    () =>
      (lib: typeof uPlot, width: number): uPlot.Options => ({
        width,
        height: 220,
        padding: [12, 8, 0, 0],
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        // The x values are calendar days at 00:00 UTC: read in UTC they name the LA day itself.
        tzDate: (ts) => lib.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: {
          x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [axis(), axis({ size: 40 })],
        series: [
          {},
          {
            label: 'Visits',
            stroke: CHART_COLOURS.primary,
            fill: CHART_COLOURS.primary,
            paths: lib.paths.bars?.({ size: [0.7, 48] }),
            points: { show: false },
          },
        ],
      }),
    [],
  );
  const busiest = traffic.byDay.reduce<Traffic['byDay'][number] | undefined>(
    (best, d) => (d.visits > (best?.visits ?? 0) ? d : best),
    undefined,
  );
  const total = traffic.byDay.reduce((sum, d) => sum + d.visits, 0);
  const summary = busiest
    ? `Bar chart of visits per Los Angeles day, ${formatCount(total)} in all. The busiest day was ${formatDay(busiest.day, 'long')} with ${formatCount(busiest.visits)}.`
    : 'No visits in these days.';
  return (
    <div className="flex flex-col gap-3">
      <figure className="m-0 flex flex-col gap-2">
        <UplotChart options={options} data={data} testId="visits-chart" />
        <figcaption className="text-sm text-muted">{summary}</figcaption>
      </figure>
      <details className="rounded-lg border border-line">
        <summary className="min-h-11 cursor-pointer rounded-lg px-3 py-2.5 text-sm font-bold text-primary hover:bg-primary-soft">
          Visits by day as a table
        </summary>
        <div
          role="region"
          aria-label="Visits by day, scrollable"
          tabIndex={0}
          className="max-h-80 overflow-y-auto border-t border-line"
        >
          <DataTable
            caption="Visits and unique sessions per Los Angeles day"
            stickyHeader
            rows={traffic.byDay}
            rowKey={(d) => d.day}
            columns={[
              { header: 'Day', cell: (d) => formatDay(d.day, 'long'), className: 'font-normal' },
              { header: 'Visits', cell: (d) => formatCount(d.visits), align: 'right' },
              { header: 'Sessions', cell: (d) => formatCount(d.sessions), align: 'right' },
            ]}
          />
        </div>
      </details>
      <TableCsv
        filename={`visits-${traffic.from}-to-${traffic.to}.csv`}
        header={['day', 'visits', 'sessions']}
        rows={traffic.byDay.map((d) => [d.day, d.visits, d.sessions])}
        label="Export visits by day (CSV)"
        className="self-start"
      />
    </div>
  );
}

function CountTable({
  id,
  title,
  note,
  caption,
  labelHeader,
  rows,
  empty,
  filename,
}: {
  id: string;
  title: string;
  note: string;
  caption: string;
  labelHeader: string;
  rows: readonly { key: string; count: number }[];
  empty: string;
  filename: string;
}) {
  return (
    <ReportSection id={id} title={title} note={note}>
      <RankedTable
        caption={caption}
        rows={rows}
        label={(row) => row.key}
        labelHeader={labelHeader}
        measure={count}
        columns={[{ header: 'Visits', cell: (row) => formatCount(row.count) }]}
        empty={empty}
      />
      {rows.length > 0 && (
        <TableCsv
          filename={filename}
          header={[labelHeader.toLowerCase(), 'visits']}
          rows={rows.map((r) => [r.key, r.count])}
          label={`Export ${title.toLowerCase()} (CSV)`}
          className="mt-2"
        />
      )}
    </ReportSection>
  );
}

export function TrafficReport({ traffic }: { traffic: Traffic }) {
  const span = `${traffic.from}-to-${traffic.to}`;
  return (
    <div className="flex flex-col gap-4">
      <ReportSection id="visits-heading" title="Visits by day" note="Every page opened counts as a visit.">
        <VisitsChart traffic={traffic} />
      </ReportSection>
      <div className="grid gap-4 lg:grid-cols-2">
        <CountTable
          id="referrers-heading"
          title="Referrers"
          note="Other websites that sent visitors."
          caption="Visits by referring website"
          labelHeader="Website"
          rows={traffic.referrers}
          empty="No visits came from other websites in these days."
          filename={`referrers-${span}.csv`}
        />
        <ReportSection
          id="campaigns-heading"
          title="Campaigns"
          note="Visits from ?refid= links and the sign-ups they brought."
        >
          <RankedTable
            caption="Visits and sign-ups by refid campaign"
            rows={traffic.campaigns}
            label={(row) => row.key}
            labelHeader="Campaign"
            measure={count}
            columns={[
              { header: 'Visits', cell: (row) => formatCount(row.count) },
              { header: 'Sign-ups', cell: (row) => formatCount(row.signups) },
            ]}
            empty="No visits with a refid in these days."
          />
          {traffic.campaigns.length > 0 && (
            <TableCsv
              filename={`campaigns-${span}.csv`}
              header={['campaign', 'visits', 'signups']}
              rows={traffic.campaigns.map((r) => [r.key, r.count, r.signups])}
              label="Export campaigns (CSV)"
              className="mt-2"
            />
          )}
        </ReportSection>
        <CountTable
          id="devices-heading"
          title="Devices"
          note="Mobile means a screen 700 px wide or less."
          caption="Visits by device type"
          labelHeader="Device"
          rows={traffic.devices}
          empty="No visits in these days."
          filename={`devices-${span}.csv`}
        />
        <ReportSection
          id="page-time-heading"
          title="Median time per page"
          note="Half the timed views of a page were shorter than this, half longer. Only visible time counts."
        >
          <RankedTable
            caption="Median time on page and the number of timed views"
            rows={traffic.timeOnPage}
            label={(row) => row.key}
            labelHeader="Page"
            measure={(row) => row.medianSeconds}
            columns={[
              { header: 'Median', cell: (row) => formatDuration(row.medianSeconds) },
              { header: 'Views', cell: (row) => formatCount(row.views) },
            ]}
            empty="No timed page views in these days."
          />
          {traffic.timeOnPage.length > 0 && (
            <TableCsv
              filename={`page-time-${span}.csv`}
              header={['page', 'median_seconds', 'views']}
              rows={traffic.timeOnPage.map((r) => [r.key, r.medianSeconds, r.views])}
              label="Export time per page (CSV)"
              className="mt-2"
            />
          )}
        </ReportSection>
      </div>
    </div>
  );
}
