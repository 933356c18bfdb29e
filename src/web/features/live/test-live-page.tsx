// /test-live (staff only): what viewers see on /live right now, and the next shows on the
// schedule with their platform and times, to check them before going on air.
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../ui/spinner';
import { LIST_ERROR, ListNote } from '../events/event-list-state';
import { showTime } from '../events/event-time';
import { eventListQuery } from '../events/queries';
import { LiveNow } from './live-now';

const scheduleQuery = eventListQuery('show', 'upcoming', 10);

function Schedule() {
  const { data, isPending, isError } = useQuery(scheduleQuery);
  if (isPending) return <Spinner className="size-8 text-primary" label="Loading the schedule" />;
  if (isError) return <ListNote>{LIST_ERROR}</ListNote>;
  if (data.length === 0) return <ListNote>No upcoming public show is on the schedule.</ListNote>;
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Upcoming shows</caption>
        <thead className="bg-canvas text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              Id
            </th>
            <th scope="col" className="px-4 py-3">
              Show
            </th>
            <th scope="col" className="px-4 py-3">
              Platform
            </th>
            <th scope="col" className="px-4 py-3">
              Starts
            </th>
            <th scope="col" className="px-4 py-3">
              Ends
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((show) => (
            <tr key={show.id} className="border-t border-line">
              <td className="px-4 py-3 tabular-nums">{show.id}</td>
              <th scope="row" className="px-4 py-3 font-bold text-ink">
                {show.title}
              </th>
              <td className="px-4 py-3">{show.platform || 'not set'}</td>
              <td className="px-4 py-3">{showTime(show.cust_start)}</td>
              <td className="px-4 py-3">{showTime(show.cust_end)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function TestLivePage() {
  return (
    <>
      <header className="mx-auto max-w-6xl px-4 pt-8 sm:pt-12">
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff</p>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Live page check</h1>
        <p className="mt-2 max-w-2xl text-lg text-muted">What viewers see on the live page right now, and the shows coming up next.</p>
      </header>
      <LiveNow headingLevel={2} />
      <section aria-labelledby="schedule-heading" className="mx-auto max-w-6xl px-4 pb-12">
        <h2 id="schedule-heading" className="mb-4 text-2xl font-black text-ink">
          Next on the schedule
        </h2>
        <Schedule />
      </section>
    </>
  );
}
