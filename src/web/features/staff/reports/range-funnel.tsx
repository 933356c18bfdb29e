// The funnel over a range of shows on the staff reports: the totals as bars and a table, then one
// row per show with its step counts and a link to its own funnel, each table with a CSV.
import { Link } from 'react-router';
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS, type RangeFunnel } from '../../../../shared/contract/staff-reports';
import { DataTable } from '../../../ui/data-table';
import { formatCount } from '../report-format';
import { ReportSection } from '../report-parts';
import { laTime } from '../shows/show-format';
import { TableCsv } from './csv-export';
import { FunnelBars, FunnelTable } from './funnel';
import { ScrollBox } from './scroll-box';

type ShowRow = RangeFunnel['shows'][number];

const stepCount = (row: ShowRow, index: number) => row.steps[index]?.count ?? 0;

export function RangeFunnelReport({ range }: { range: RangeFunnel }) {
  const span = `${range.from}-to-${range.to}`;
  if (!range.shows.length) {
    return (
      <ReportSection id="range-funnel-heading" title="Attendance funnel">
        <p className="text-muted">No shows started in these days.</p>
      </ReportSection>
    );
  }
  return (
    <>
      <ReportSection
        id="range-funnel-heading"
        title="Attendance funnel, all shows"
        note={`${formatCount(range.shows.length)} ${range.shows.length === 1 ? 'show' : 'shows'}; each step adds up the shows.`}
      >
        <div className="flex flex-col gap-5">
          <FunnelBars steps={range.totals} minutes={range.minutes} />
          <FunnelTable
            steps={range.totals}
            minutes={range.minutes}
            caption="The funnel's steps summed over the shows in these days"
            filename={`funnel-${span}.csv`}
          />
        </div>
      </ReportSection>
      <ReportSection id="range-shows-heading" title="Show by show" note="Viewers in each show's funnel at each step.">
        <div className="flex flex-col gap-2">
          <ScrollBox label="Each show's funnel counts, scrollable">
            <DataTable
              caption="Each show's funnel counts"
              rows={range.shows}
              rowKey={(r) => r.show.eventid}
              className="min-w-[44rem]"
              columns={[
                {
                  header: 'Show',
                  cell: (r) => (
                    <Link
                      to={`/staff/reports?show=${r.show.eventid}&minutes=${range.minutes}`}
                      className="font-bold text-primary underline underline-offset-4"
                    >
                      {r.show.title}
                    </Link>
                  ),
                },
                { header: 'Aired', cell: (r) => laTime(r.show.starts_at), className: 'whitespace-nowrap' },
                ...FUNNEL_STEPS.map((step, index) => ({
                  header: step === 'watched' ? `Watched ${range.minutes}+ min` : FUNNEL_STEP_LABELS[step],
                  cell: (r: ShowRow) => formatCount(stepCount(r, index)),
                  align: 'right' as const,
                })),
              ]}
            />
          </ScrollBox>
          <TableCsv
            filename={`funnel-by-show-${span}.csv`}
            header={['eventid', 'show', 'starts_at', ...FUNNEL_STEPS]}
            rows={[
              ...range.shows.map((r) => [
                r.show.eventid,
                r.show.title,
                r.show.starts_at,
                ...FUNNEL_STEPS.map((_, i) => stepCount(r, i)),
              ]),
              ['', 'All shows', '', ...range.totals.map((s) => s.count)],
            ]}
            label="Export show by show (CSV)"
            className="self-start"
          />
        </div>
      </ReportSection>
    </>
  );
}
