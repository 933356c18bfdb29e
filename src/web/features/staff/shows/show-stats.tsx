// A show's watch statistics: RSVPs, check-ins, viewers now, who watched and for how long, and how
// viewers came (reachby). Refreshes while the page is open.
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Spinner } from '../../../ui/spinner';
import { useShowStats } from '../queries';
import { formatCount } from '../report-format';
import { RankedTable, ReportSection } from '../report-parts';

const minutes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function ShowStats({ showId }: { showId: number }) {
  const { data: stats, error, isPending } = useShowStats(showId);
  const tiles = stats && [
    { label: 'RSVPs', value: formatCount(stats.rsvps) },
    { label: 'Checked in', value: formatCount(stats.checkins) },
    { label: 'Watching now', value: formatCount(stats.viewers_now) },
    { label: 'Watched', value: formatCount(stats.watchers) },
    { label: 'Watch minutes', value: minutes.format(stats.total_watch_minutes) },
    { label: 'Minutes per viewer', value: minutes.format(stats.average_watch_minutes) },
  ];
  return (
    <ReportSection
      id="stats-heading"
      title="Watch statistics"
      note="Watched counts viewers who played the stream; minutes add up their time on the player."
    >
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      {isPending && <Spinner className="size-6 text-primary" label="Loading the statistics" />}
      {stats && tiles && (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {tiles.map((tile) => (
              <div key={tile.label} className="flex flex-col-reverse gap-0.5 rounded-lg bg-canvas p-3">
                <dt className="text-sm font-bold text-muted">{tile.label}</dt>
                <dd className="text-2xl font-black text-ink tabular-nums">{tile.value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="text-base font-black text-ink">How viewers came</h3>
          <RankedTable
            caption="Check-ins by how the viewer came"
            rows={stats.by_reachby}
            label={(row) => row.key}
            labelHeader="Came by"
            measure={(row) => row.count}
            columns={[{ header: 'Check-ins', cell: (row) => formatCount(row.count) }]}
            empty="No one has checked in yet."
          />
        </>
      )}
    </ReportSection>
  );
}
