// The show a live screen is about: the one on air now with the time left until it ends, else the
// next upcoming show with the time until it starts (and the action the page offers for it, such as
// RSVP), else a note that nothing is scheduled.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { buttonStyles } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { EventDetail } from '../events/event-detail';
import { LIST_ERROR, ListNote } from '../events/event-list-state';
import { eventKeys, eventListQuery } from '../events/queries';

export const liveShowQuery = eventListQuery('show', 'live', 1);
export const nextShowQuery = eventListQuery('show', 'upcoming', 1);

type LiveNowProps = {
  /** 2 when the page has its own h1 above (the chat and staff pages). */
  headingLevel?: 1 | 2;
  /** How the page shows the show on air (the live page: its player); by default its details. */
  onAir?: (show: EventRecord) => ReactNode;
  /** An action offered for the next show while nothing is on air (the RSVP button). */
  nextShowAction?: (show: EventRecord) => ReactNode;
};

export function LiveNow({ headingLevel = 1, onAir, nextShowAction }: LiveNowProps) {
  const queryClient = useQueryClient();
  const live = useQuery(liveShowQuery);
  const next = useQuery({ ...nextShowQuery, enabled: live.isSuccess && live.data.length === 0 });
  const show = live.data?.[0] ?? next.data?.[0];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: eventKeys.all });

  if (show?.status === 'live' && onAir) return onAir(show);
  if (show) {
    return (
      <EventDetail
        event={show}
        eyebrow={show.status === 'live' ? 'On air now' : 'Next show'}
        headingLevel={headingLevel}
        onCountdownEnd={refresh}
      >
        {show.status === 'upcoming' && nextShowAction?.(show)}
        {show.status === 'upcoming' && (
          <p className="text-muted">
            This page shows the show while it is on air. Come back when the countdown ends, or look through the other{' '}
            <Link to="/home" className="font-bold text-primary underline underline-offset-4">
              upcoming shows
            </Link>
            .
          </p>
        )}
      </EventDetail>
    );
  }
  if (live.isError || next.isError) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <ListNote>{LIST_ERROR}</ListNote>
      </div>
    );
  }
  if (live.isPending || next.isPending) {
    return (
      <div className="grid min-h-[50vh] place-items-center">
        <Spinner className="size-10 text-primary" label="Looking for the live show" />
      </div>
    );
  }
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <Heading className="text-3xl font-black text-ink">No show is on air right now</Heading>
      <p className="text-lg text-muted">
        No show is scheduled yet either. New shows are announced on the home page first.
      </p>
      <Link to="/home" className={buttonStyles('primary')}>
        Go to the home page
      </Link>
    </section>
  );
}
