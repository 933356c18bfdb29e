// /staff/shows: every show, giveaway and special event, upcoming, on air or over, with its times
// (Los Angeles), visibility and RSVP count; staff schedule a new one from here.
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EVENT_TYPES, type EventType } from '../../../../shared/contract/events';
import { ApiError } from '../../../api/client';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { LoadState } from '../load-state';
import { SHOW_BUCKETS, useStaffShows, type ShowBucket } from '../queries';
import { SEGMENT_STYLES } from '../report-parts';
import { StaffOnly } from '../staff-only';
import { Modal } from './dialog';
import { SelectField } from './form-fields';
import { ShowForm } from './show-form';
import { TYPE_LABELS } from './show-format';
import { newShowValues } from './show-form-values';
import { ShowRow } from './show-row';

const BUCKET_LABELS: Record<ShowBucket, string> = { upcoming: 'Upcoming', live: 'Live now', past: 'Past' };
const EMPTY: Record<ShowBucket, string> = {
  upcoming: 'Nothing is scheduled. Use New event to put a show, a giveaway or a special event on the schedule.',
  live: 'Nothing is on air right now.',
  past: 'No event has ended yet.',
};

const isBucket = (value: string | null): value is ShowBucket => SHOW_BUCKETS.some((bucket) => bucket === value);
const isType = (value: string | null): value is EventType => EVENT_TYPES.some((type) => type === value);

function BucketPicker({ value, onChange }: { value: ShowBucket; onChange: (bucket: ShowBucket) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-bold text-muted">Show</legend>
      <div className="grid grid-cols-3 gap-1 rounded-xl border border-line bg-white p-1 sm:inline-grid">
        {SHOW_BUCKETS.map((bucket) => (
          <label key={bucket} className={SEGMENT_STYLES}>
            <input
              type="radio"
              name={name}
              value={bucket}
              checked={value === bucket}
              onChange={() => onChange(bucket)}
              className="sr-only"
            />
            {BUCKET_LABELS[bucket]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function ShowsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const onParam = params.get('on');
  const typeParam = params.get('type');
  const on = isBucket(onParam) ? onParam : 'upcoming';
  const type = isType(typeParam) ? typeParam : 'all';
  const { data: shows, error, isPending, isFetching, isPlaceholderData, refetch } = useStaffShows(on, type);

  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="show scheduling" />;

  function choose(next: { on?: ShowBucket; type?: EventType | 'all' }) {
    const merged = { on, type, ...next };
    setParams(merged.type === 'all' ? { on: merged.on } : { on: merged.on, type: merged.type }, { replace: true });
  }

  const isSwitching = isFetching && isPlaceholderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff</p>
          <h1 className="text-3xl font-black text-ink sm:text-4xl">Shows and events</h1>
          <p className="mt-1 max-w-prose text-muted">
            Schedule shows, giveaways and special events, set their streams and follow their RSVPs. All times are Los
            Angeles time.
          </p>
        </div>
        <Button onClick={() => setIsCreating(true)} className="self-start sm:self-auto">
          New event
        </Button>
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <BucketPicker value={on} onChange={(bucket) => choose({ on: bucket })} />
        <SelectField
          label="Type"
          className="sm:w-56"
          value={type}
          onChange={(event) => choose({ type: isType(event.target.value) ? event.target.value : 'all' })}
        >
          <option value="all">All types</option>
          {EVENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {TYPE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {isSwitching && <Spinner className="mb-3 size-5 text-primary" label="Updating the list" />}
      </div>

      <LoadState error={error} isPending={isPending} onRetry={() => void refetch()} loadingLabel="Loading the shows" />
      {shows && (
        <section
          aria-labelledby="shows-heading"
          aria-busy={isSwitching}
          className={isSwitching ? 'opacity-60 transition-opacity' : 'transition-opacity'}
        >
          <h2 id="shows-heading" className="sr-only">
            {BUCKET_LABELS[on]}: {type === 'all' ? 'all types' : TYPE_LABELS[type]}
          </h2>
          {shows.length ? (
            <ul className="flex flex-col gap-3">
              {shows.map((show) => (
                <ShowRow key={show.id} show={show} />
              ))}
            </ul>
          ) : (
            <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
              {EMPTY[on]}
            </p>
          )}
        </section>
      )}

      <Modal
        open={isCreating}
        onOpenChange={setIsCreating}
        title="New event"
        description="A show, a giveaway or a special event with a quiz. Times are Los Angeles time."
      >
        <ShowForm
          initial={newShowValues(type === 'all' ? 'show' : type)}
          onCancel={() => setIsCreating(false)}
          onSaved={(show, message) => navigate(`/staff/shows/${show.id}`, { state: { notice: message } })}
        />
      </Modal>
    </div>
  );
}
