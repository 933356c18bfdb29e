// /staff/giveaways: every giveaway (private ones too) with its state, window and entry counts;
// staff create a new one here and open one for its live draw, prize wheel and terms.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { GiveawayState } from '../../../../shared/contract/giveaways';
import type { StaffGiveaway } from '../../../../shared/contract/giveaways-staff';
import { ApiError } from '../../../api/client';
import { Button } from '../../../ui/button';
import { LoadState } from '../load-state';
import { Modal } from '../shows/dialog';
import { timeRange } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import { GiveawayForm } from './giveaway-form';
import { staffGiveawaysQuery } from './queries';

export const STATE_LABELS: Record<GiveawayState, string> = {
  upcoming: 'Upcoming',
  open: 'Open for entries',
  closed: 'Closed: ready to draw',
  drawn: 'Drawn',
};
const STATE_STYLES: Record<GiveawayState, string> = {
  upcoming: 'bg-primary-soft text-primary-hover',
  open: 'bg-success-soft text-success',
  closed: 'bg-secondary text-white',
  drawn: 'bg-line text-ink',
};

export function StateBadge({ state }: { state: GiveawayState }) {
  return (
    <span
      className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-black tracking-wide uppercase ${STATE_STYLES[state]}`}
    >
      {STATE_LABELS[state]}
    </span>
  );
}

function GiveawayRow({ giveaway }: { giveaway: StaffGiveaway }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="flex flex-wrap gap-2">
          <StateBadge state={giveaway.state} />
          {giveaway.IS_Public === 0 && (
            <span className="inline-flex rounded-full bg-ink px-2.5 py-0.5 text-xs font-black tracking-wide text-white uppercase">
              Private
            </span>
          )}
        </p>
        <h3 className="text-lg leading-snug font-black text-ink wrap-anywhere">
          <Link to={`/staff/giveaways/${giveaway.id}`} className="rounded-sm hover:text-primary hover:underline">
            {giveaway.title}
          </Link>
        </h3>
        <p className="text-sm font-bold text-muted">
          <time dateTime={giveaway.cust_start}>{timeRange(giveaway.cust_start, giveaway.cust_end)}</time>
          {giveaway.show_title && ` · ${giveaway.show_title}`}
        </p>
      </div>
      <p className="flex items-baseline gap-4 sm:gap-6">
        <span className="flex items-baseline gap-1.5 sm:flex-col sm:items-end sm:gap-0">
          <span className="text-2xl font-black text-ink tabular-nums">{giveaway.entrants}</span>
          <span className="text-sm font-bold text-muted">{giveaway.entrants === 1 ? 'entrant' : 'entrants'}</span>
        </span>
        <span className="flex items-baseline gap-1.5 sm:flex-col sm:items-end sm:gap-0">
          <span className="text-2xl font-black text-ink tabular-nums">{giveaway.tickets}</span>
          <span className="text-sm font-bold text-muted">{giveaway.tickets === 1 ? 'entry' : 'entries'}</span>
        </span>
      </p>
    </li>
  );
}

export default function StaffGiveawaysPage() {
  const navigate = useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const { data, error, isPending, refetch } = useQuery(staffGiveawaysQuery());
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="giveaways" />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff</p>
          <h1 className="text-3xl font-black text-ink sm:text-4xl">Giveaways</h1>
          <p className="mt-1 max-w-prose text-muted">
            Create giveaways, edit their terms and prize wheels, and run the live draw on air. All times are Los Angeles
            time.
          </p>
        </div>
        <Button onClick={() => setIsCreating(true)} className="self-start sm:self-auto">
          New giveaway
        </Button>
      </div>
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the giveaways"
      />
      {data &&
        (data.length ? (
          <ul aria-label="Giveaways" className="flex flex-col gap-3">
            {data.map((giveaway) => (
              <GiveawayRow key={giveaway.id} giveaway={giveaway} />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
            No giveaway yet. Use New giveaway to make the first one.
          </p>
        ))}
      <Modal
        open={isCreating}
        onOpenChange={setIsCreating}
        title="New giveaway"
        description="Its draw seed is committed the moment it is created. Times are Los Angeles time."
      >
        <GiveawayForm
          onCancel={() => setIsCreating(false)}
          onSaved={(giveaway, message) => navigate(`/staff/giveaways/${giveaway.id}`, { state: { notice: message } })}
        />
      </Modal>
    </div>
  );
}
