// One show in a staff list (the shows page, the staff desk): its labels, title, times, the way to
// its console while it is not over, and its RSVP count.
import { Link } from 'react-router';
import { consolePath } from '../../../../shared/contract/console';
import type { StaffEventRecord } from '../../../../shared/contract/staff-events';
import { buttonStyles } from '../../../ui/button';
import { ShowBadges } from './show-badges';
import { timeRange } from './show-format';

export function ShowRow({ show }: { show: StaffEventRecord }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <ShowBadges show={show} />
        <h3 className="text-lg leading-snug font-black text-ink wrap-anywhere">
          <Link to={`/staff/shows/${show.id}`} className="rounded-sm hover:text-primary hover:underline">
            {show.title}
          </Link>
        </h3>
        <p className="text-sm font-bold text-muted">
          <time dateTime={show.cust_start}>{timeRange(show.cust_start, show.cust_end)}</time>
        </p>
      </div>
      {show.type === 'show' && show.status !== 'past' && (
        <Link
          to={consolePath(show.id)}
          aria-label={`Open console: ${show.title}`}
          className={buttonStyles('outline', 'sm', 'self-start sm:self-auto')}
        >
          Open console
        </Link>
      )}
      <p className="flex items-baseline gap-2 sm:flex-col sm:items-end sm:gap-0">
        <span className="text-2xl font-black text-ink tabular-nums">{show.rsvp_count}</span>
        <span className="text-sm font-bold text-muted">{show.rsvp_count === 1 ? 'RSVP' : 'RSVPs'}</span>
      </p>
    </li>
  );
}
