// Loads one event for a page with an id in its path (/giveaway/:id, /past/:id): a spinner while it
// loads, a friendly not-found state for an unknown or malformed id, and a retry on other failures. A
// page may read a private giveaway with the code in its link and say something else when refused.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { ApiError } from '../../api/client';
import { Button, buttonStyles } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { eventIdFrom, eventQuery } from './queries';

type EventByIdProps = {
  /** The thing the page shows, for the not-found text: 'giveaway', 'show'. */
  noun: string;
  /** Whether the loaded event fits the page (a giveaway page refuses a show). */
  accepts?: (event: EventRecord) => boolean;
  /** Where the not-found state sends people instead. */
  listPath: string;
  listLabel: string;
  children: (event: EventRecord) => ReactNode;
  /** A private giveaway's access code, from the page's link (decision 051). */
  code?: string;
  /** What to show when the read answers 404 or 429 instead of the not-found state (a page with an access-code field). */
  refused?: (error: ApiError) => ReactNode;
};

export function EventNotFound({ noun, listPath, listLabel }: Pick<EventByIdProps, 'noun' | 'listPath' | 'listLabel'>) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <p className="text-sm font-black tracking-widest text-secondary uppercase">Not found</p>
      <h1 className="text-3xl font-black text-ink">We could not find that {noun}</h1>
      <p className="text-lg text-muted">The link may be mistyped, or the {noun} was taken down.</p>
      <Link to={listPath} className={buttonStyles('primary')}>
        {listLabel}
      </Link>
    </section>
  );
}

type RecordByIdProps<T> = Omit<EventByIdProps, 'accepts' | 'children' | 'code'> & {
  /** The id in the path; null when it is not a positive whole number. */
  id: number | null;
  /** The record's read, made by the page with its own call. */
  query: UseQueryResult<T>;
  accepts?: (record: T) => boolean;
  children: (record: T) => ReactNode;
};

/** The states of a page that shows one record by the id in its path, whichever call reads it. */
export function RecordById<T>({
  id,
  query,
  noun,
  accepts = () => true,
  listPath,
  listLabel,
  children,
  refused,
}: RecordByIdProps<T>) {
  const error = query.error;
  if (refused && id !== null && error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 429))
    return refused(error);
  const isMissing =
    id === null ||
    (query.error instanceof ApiError && query.error.httpStatus === 404) ||
    (query.data !== undefined && !accepts(query.data));
  if (isMissing) return <EventNotFound noun={noun} listPath={listPath} listLabel={listLabel} />;
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-black text-ink">This {noun} could not be loaded</h1>
        <p className="text-lg text-muted">Please check your connection and try again.</p>
        <Button onClick={() => void query.refetch()} isBusy={query.isFetching}>
          Try again
        </Button>
      </section>
    );
  }
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Spinner className="size-10 text-primary" label={`Loading the ${noun}`} />
    </div>
  );
}

export function EventById({ code, ...props }: EventByIdProps) {
  const id = eventIdFrom(useParams().id);
  const query = useQuery({ ...eventQuery(id ?? 0, code), enabled: id !== null });
  return <RecordById id={id} query={query} {...props} />;
}
