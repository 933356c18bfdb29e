// /staff/contests: every contest with its phase, its two windows in Los Angeles time, its moderation
// queue (pending, approved, rejected) and its votes (with those removed after review); "New contest"
// opens the form.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { StaffContest } from '../../../../shared/contract/contests';
import { ApiError } from '../../../api/client';
import { buttonStyles } from '../../../ui/button';
import { LoadState } from '../load-state';
import { timeRange } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import { PhaseBadge } from './phase-badge';
import { staffContestsQuery } from './queries';

function Count({ n, label, tone }: { n: number; label: string; tone?: 'alert' }) {
  return (
    <li className="flex flex-col items-start rounded-lg bg-canvas px-3 py-1.5">
      <span
        className={`text-xl font-black tabular-nums ${tone === 'alert' && n > 0 ? 'text-secondary-hover' : 'text-ink'}`}
      >
        {n.toLocaleString('en-US')}
      </span>
      <span className="text-xs font-bold text-muted">{label}</span>
    </li>
  );
}

function ContestRow({ contest }: { contest: StaffContest }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 lg:flex-row lg:items-center lg:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <PhaseBadge phase={contest.phase} />
        <h2 className="text-lg leading-snug font-black text-ink wrap-anywhere">
          <Link to={`/staff/contests/${contest.id}`} className="rounded-sm hover:text-primary hover:underline">
            {contest.title}
          </Link>
        </h2>
        <p className="text-sm text-muted">
          <span className="font-bold text-ink">Entries:</span>{' '}
          <time dateTime={contest.submit_opens_at}>{timeRange(contest.submit_opens_at, contest.submit_closes_at)}</time>
        </p>
        <p className="text-sm text-muted">
          <span className="font-bold text-ink">Voting:</span>{' '}
          <time dateTime={contest.vote_opens_at}>{timeRange(contest.vote_opens_at, contest.vote_closes_at)}</time>
        </p>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={`Counts of ${contest.title}`}>
        <Count n={contest.pending} label="pending" tone="alert" />
        <Count n={contest.approved} label="approved" />
        <Count n={contest.rejected} label="rejected" />
        <Count n={contest.votes} label={contest.votes === 1 ? 'vote' : 'votes'} />
        <Count n={contest.voided_votes} label="removed" />
      </ul>
    </li>
  );
}

export default function StaffContestsPage() {
  const { data, error, isPending, refetch } = useQuery(staffContestsQuery());
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="contests" />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff</p>
          <h1 className="text-3xl font-black text-ink sm:text-4xl">Photo contests</h1>
          <p className="mt-1 max-w-prose text-muted">
            Set up contests, check every photo before it shows, review the votes and close voting. All times are Los
            Angeles time.
          </p>
        </div>
        <Link to="/staff/contests/new" className={buttonStyles('primary', 'md', 'self-start sm:self-auto')}>
          New contest
        </Link>
      </div>
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the contests"
      />
      {data &&
        (data.length ? (
          <ul aria-label="Contests" className="flex flex-col gap-3">
            {data.map((contest) => (
              <ContestRow key={contest.id} contest={contest} />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
            No contest yet. Use New contest to set up the first one.
          </p>
        ))}
    </div>
  );
}
