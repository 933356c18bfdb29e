// /test-live (staff only): preview the stream of any scheduled show in the viewers' player before
// it goes on air, the schedule with each show's platform and stream, and what viewers see on the
// live page right now.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { staffEventsCalls, type StaffEventRecord } from '../../../shared/contract/staff-events';
import { apiCall } from '../../api/client';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { Spinner } from '../../ui/spinner';
import { EventStatusBadge } from '../events/event-card';
import { LIST_ERROR, ListNote } from '../events/event-list-state';
import { showTime } from '../events/event-time';
import { StreamPlayer } from '../player/stream-player';
import { playerSource } from '../player/stream-source';
import { LiveNow } from './live-now';
import { liveKeys } from './queries';

/** Shows and special events on air or still to come, soonest first, private ones included. */
const scheduledShowsQuery = queryOptions({
  queryKey: [...liveKeys.all, 'staff-scheduled'] as const,
  queryFn: async ({ signal }) => {
    const { data } = await apiCall(staffEventsCalls.list, { query: { on: 'all' }, signal });
    return data
      .filter((event) => event.type !== 'giveaway' && event.status !== 'past')
      .sort((a, b) => a.cust_start.localeCompare(b.cust_start) || a.id - b.id);
  },
});

function Preview({ show }: { show: StaffEventRecord }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <StreamPlayer
        source={playerSource(show.platform, show.stream_url, 'live')}
        label={`Stream preview: ${show.title}`}
        empty={{
          title: 'No stream is set for this show',
          text: 'Add its stream on the shows page; viewers see a waiting message until then.',
        }}
      />
      <dl className="grid content-start gap-3 rounded-xl bg-white p-4 text-sm ring-1 ring-line">
        <div>
          <dt className="font-bold text-muted">Show</dt>
          <dd className="text-base font-black text-ink">{show.title}</dd>
        </div>
        <div>
          <dt className="font-bold text-muted">Visible to viewers</dt>
          <dd>{show.status === 'live' ? 'Now, on the live page' : `From ${showTime(show.cust_start)}`}</dd>
        </div>
        <div>
          <dt className="font-bold text-muted">Platform</dt>
          <dd>{show.platform}</dd>
        </div>
        <div>
          <dt className="font-bold text-muted">Stream</dt>
          <dd className="break-all">{show.stream_url || 'not set'}</dd>
        </div>
        {!show.IS_Public && (
          <dd className="font-bold text-secondary">Private: only staff and viewers on its RSVP list see it.</dd>
        )}
      </dl>
    </div>
  );
}

function Schedule({
  shows,
  selectedId,
  onPreview,
}: {
  shows: StaffEventRecord[];
  selectedId: number | undefined;
  onPreview: (id: number) => void;
}) {
  if (shows.length === 0) return <ListNote>No show is on air or on the schedule.</ListNote>;
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white">
      <DataTable
        caption="Shows on air and coming up"
        className="min-w-[40rem]"
        rows={shows}
        rowKey={(show) => show.id}
        columns={[
          {
            header: 'Show',
            cell: (show) => (
              <span className="flex flex-wrap items-center gap-2">
                {show.title}
                {show.status === 'live' && <EventStatusBadge status="live" />}
              </span>
            ),
          },
          { header: 'Starts', cell: (show) => showTime(show.cust_start) },
          { header: 'Platform', cell: (show) => show.platform },
          { header: 'Stream', cell: (show) => (show.stream_url ? 'set' : 'not set') },
          {
            header: <span className="sr-only">Preview</span>,
            className: 'text-right',
            cell: (show) => (
              <Button
                size="sm"
                variant={show.id === selectedId ? 'primary' : 'outline'}
                aria-pressed={show.id === selectedId}
                onClick={() => onPreview(show.id)}
              >
                Preview<span className="sr-only"> {show.title}</span>
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}

function StreamCheck() {
  const { data, isPending, isError } = useQuery(scheduledShowsQuery);
  const [chosenId, setChosenId] = useState<number | null>(null);
  if (isPending) return <Spinner className="size-8 text-primary" label="Loading the schedule" />;
  if (isError) return <ListNote>{LIST_ERROR}</ListNote>;
  const selected = data.find((show) => show.id === chosenId) ?? data[0];
  return (
    <>
      <section aria-labelledby="preview-heading" className="flex flex-col gap-4">
        <h2 id="preview-heading" className="text-2xl font-black text-ink">
          Stream preview
        </h2>
        {selected ? <Preview show={selected} /> : <ListNote>Schedule a show to preview its stream here.</ListNote>}
      </section>
      <section aria-labelledby="schedule-heading" className="flex flex-col gap-4">
        <h2 id="schedule-heading" className="text-2xl font-black text-ink">
          Next on the schedule
        </h2>
        <Schedule shows={data} selectedId={selected?.id} onPreview={setChosenId} />
      </section>
    </>
  );
}

export default function TestLivePage() {
  return (
    <>
      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 pt-8 pb-4 sm:pt-12">
        <header>
          <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff</p>
          <h1 className="text-3xl font-black text-ink sm:text-4xl">Live page check</h1>
          <p className="mt-2 max-w-2xl text-lg text-muted">
            Play any scheduled show’s stream before it goes on air, and see what viewers find on the live page now.
          </p>
        </header>
        <StreamCheck />
        <h2 className="text-2xl font-black text-ink">What viewers see now</h2>
      </div>
      <LiveNow headingLevel={2} />
    </>
  );
}
