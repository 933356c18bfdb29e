// /staff: the staff desk. What is on air now and what comes next, each a press away from its
// console, then every staff screen with a line on what it is for.
import { Link } from 'react-router';
import type { StaffEventRecord } from '../../../shared/contract/staff-events';
import { ApiError } from '../../api/client';
import { STAFF_LINKS } from '../../shell/staff-links';
import { LoadState } from './load-state';
import { useStaffShows } from './queries';
import { ShowRow } from './shows/show-row';
import { StaffOnly } from './staff-only';

/** How many upcoming shows the desk lists; the shows page has the rest. */
const UPCOMING_SHOWN = 5;

const isRunFromConsole = (show: StaffEventRecord) => show.type === 'show';

function ShowList({ bucket, empty, limit }: { bucket: 'live' | 'upcoming'; empty: string; limit?: number }) {
  const { data, error, isPending, refetch } = useStaffShows(bucket, 'all');
  if (error instanceof ApiError && error.httpStatus === 403) return null;
  const shows = (data ?? []).filter(isRunFromConsole).slice(0, limit);
  if (!data) {
    return (
      <LoadState error={error} isPending={isPending} onRetry={() => void refetch()} loadingLabel="Loading the shows" />
    );
  }
  if (shows.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {shows.map((show) => (
        <ShowRow key={show.id} show={show} />
      ))}
    </ul>
  );
}

export default function StaffDesk() {
  const { error } = useStaffShows('live', 'all');
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="the staff desk" />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8 sm:py-12">
      <div>
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff</p>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Staff desk</h1>
        <p className="mt-1 max-w-prose text-muted">
          Run a show from its console, or go to any staff screen. All times are Los Angeles time.
        </p>
      </div>
      <section aria-labelledby="desk-live" className="flex flex-col gap-4">
        <h2 id="desk-live" className="text-2xl font-black text-ink">
          On air now
        </h2>
        <ShowList bucket="live" empty="Nothing is on air right now." />
      </section>
      <section aria-labelledby="desk-next" className="flex flex-col gap-4">
        <h2 id="desk-next" className="text-2xl font-black text-ink">
          Coming up
        </h2>
        <ShowList bucket="upcoming" empty="No show is scheduled." limit={UPCOMING_SHOWN} />
        <Link to="/staff/shows" className="self-start font-bold text-primary underline">
          Every show and event
        </Link>
      </section>
      <section aria-labelledby="desk-pages" className="flex flex-col gap-4">
        <h2 id="desk-pages" className="text-2xl font-black text-ink">
          Staff screens
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {STAFF_LINKS.map(([to, label, about]) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full flex-col gap-1 rounded-xl border border-line bg-white p-4 hover:border-primary"
              >
                <span className="text-lg font-black text-ink">{label}</span>
                <span className="text-sm text-muted">{about}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
