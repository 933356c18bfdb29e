// /staff/analytics: what the network's staff read about visits, pages, referrers, referral codes,
// devices, events and time on page, for the last 1, 7, 30 or 90 Los Angeles days.
import { useState } from 'react';
import type { AnalyticsReport } from '../../../shared/contract/analytics';
import { ApiError } from '../../api/client';
import { Spinner } from '../../ui/spinner';
import { LoadState } from './load-state';
import { REPORT_PERIODS, useAnalyticsReport, type ReportPeriod } from './queries';
import { formatCount, formatDayRange, formatDuration, isEmptyReport } from './report-format';
import { PeriodPicker, RankedTable, ReportSection, Totals, VisitsByDay } from './report-parts';
import { StaffOnly } from './staff-only';

const count = (row: { count: number }) => row.count;

type Counted = { key: string; count: number };
type CountTable = {
  id: string;
  title: string;
  note: string;
  caption: string;
  labelHeader: string;
  countHeader: string;
  empty: string;
};

/** The report's plain ranked counts: one section each, told apart only by their words. */
const COUNT_TABLES = {
  topPages: {
    id: 'pages-heading',
    title: 'Top pages',
    note: 'Page views by address.',
    caption: 'Page views by page',
    labelHeader: 'Page',
    countHeader: 'Views',
    empty: 'No page views in this period.',
  },
  referrers: {
    id: 'referrers-heading',
    title: 'Referrers',
    note: 'Other websites that sent visitors.',
    caption: 'Visits by referring website',
    labelHeader: 'Website',
    countHeader: 'Visits',
    empty: 'No visits came from other websites.',
  },
  devices: {
    id: 'devices-heading',
    title: 'Devices',
    note: 'Mobile means a screen 700 px wide or less.',
    caption: 'Visits by device type',
    labelHeader: 'Device',
    countHeader: 'Visits',
    empty: 'No visits in this period.',
  },
  events: {
    id: 'events-heading',
    title: 'Events',
    note: 'Interactions, as category / action.',
    caption: 'Events by category and action',
    labelHeader: 'Event',
    countHeader: 'Count',
    empty: 'No events in this period.',
  },
} satisfies Record<string, CountTable>;

function CountSection({
  id,
  title,
  note,
  caption,
  labelHeader,
  countHeader,
  empty,
  rows,
}: CountTable & { rows: readonly Counted[] }) {
  return (
    <ReportSection id={id} title={title} note={note}>
      <RankedTable
        caption={caption}
        rows={rows}
        label={(row) => row.key}
        labelHeader={labelHeader}
        measure={count}
        columns={[{ header: countHeader, cell: (row) => formatCount(row.count) }]}
        empty={empty}
      />
    </ReportSection>
  );
}

function Report({ report, days }: { report: AnalyticsReport; days: ReportPeriod }) {
  if (isEmptyReport(report)) {
    return (
      <div className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center">
        <h2 className="text-xl font-black text-ink">No visits recorded yet</h2>
        <p className="mx-auto mt-2 max-w-prose text-muted">
          Nothing was recorded for {formatDayRange(report.from, report.to)}. Visits, page views and sign-ups show up
          here as soon as people use the site.
          {days < Math.max(...REPORT_PERIODS) && ' Try a longer period.'}
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="sr-only">
          Totals
        </h2>
        <Totals totals={report.totals} />
      </section>
      <ReportSection id="by-day-heading" title="Visits by day" note="Every page opened counts as a visit.">
        <VisitsByDay report={report} />
      </ReportSection>
      <div className="grid gap-4 lg:grid-cols-2">
        <CountSection {...COUNT_TABLES.topPages} rows={report.topPages} />
        <CountSection {...COUNT_TABLES.referrers} rows={report.referrers} />
        <ReportSection
          id="refids-heading"
          title="Referral codes"
          note="Visits from ?refid= links and the sign-ups they brought."
        >
          <RankedTable
            caption="Visits and sign-ups by referral code"
            rows={report.refIds}
            label={(row) => row.key}
            labelHeader="Code"
            measure={count}
            columns={[
              { header: 'Visits', cell: (row) => formatCount(row.count) },
              { header: 'Sign-ups', cell: (row) => formatCount(row.signups) },
            ]}
            empty="No visits with a referral code."
          />
        </ReportSection>
        <CountSection {...COUNT_TABLES.devices} rows={report.devices} />
        <CountSection {...COUNT_TABLES.events} rows={report.events} />
        <ReportSection
          id="time-heading"
          title="Median time on page"
          note="Half the timed views of a page were shorter than this, half longer. Only visible time counts."
        >
          <RankedTable
            caption="Median time on page and the number of timed views"
            rows={report.timeOnPage}
            label={(row) => row.key}
            labelHeader="Page"
            measure={(row) => row.medianSeconds}
            columns={[
              { header: 'Median', cell: (row) => formatDuration(row.medianSeconds) },
              { header: 'Views', cell: (row) => formatCount(row.views) },
            ]}
            empty="No timed page views in this period."
          />
        </ReportSection>
      </div>
    </div>
  );
}

export default function AnalyticsPage() {
  const [days, setDays] = useState<ReportPeriod>(7);
  const { data: report, error, isPending, isFetching, isPlaceholderData, refetch } = useAnalyticsReport(days);

  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="staff reports" />;

  const isSwitching = isFetching && isPlaceholderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff</p>
          <h1 className="text-3xl font-black text-ink sm:text-4xl">Site analytics</h1>
          <p className="mt-1 text-muted" aria-live="polite">
            {report ? `${formatDayRange(report.from, report.to)}, Los Angeles time` : 'Loading the report'}
          </p>
        </div>
        <div className="flex items-end gap-3">
          <PeriodPicker value={days} onChange={setDays} className="flex-1 sm:flex-none" />
          {isSwitching && <Spinner className="mb-3 size-5 text-primary" label="Updating the report" />}
        </div>
      </div>

      <LoadState error={error} isPending={isPending} onRetry={() => void refetch()} loadingLabel="Loading the report" />
      {report && (
        <div aria-busy={isSwitching} className={isSwitching ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <Report report={report} days={days} />
        </div>
      )}
    </div>
  );
}
