// /whatnot: our shows on Whatnot, the live shopping app: the upcoming shows scheduled on that
// platform, and what stays on this site (account, giveaways, rewards); entering the open giveaway
// with a Whatnot username (decision 028).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useBrand } from '../../shell/site-config';
import { EventCard } from '../events/event-card';
import { EventCardPlaceholders, LIST_ERROR, ListNote } from '../events/event-list-state';
import { eventListQuery } from '../events/queries';
import { WhatnotEntry } from './whatnot-entry';

const upcomingShows = eventListQuery('show', 'upcoming', 50);

export default function WhatnotPage() {
  const brand = useBrand();
  const { data, isPending, isError } = useQuery(upcomingShows);
  const onWhatnot = data?.filter((show) => show.platform.toLowerCase() === 'whatnot') ?? [];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-12">
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">{brand} on Whatnot</h1>
        <p className="text-lg text-muted">
          Some of our shows stream on Whatnot, the live shopping app. Those scheduled there are listed below. Your{' '}
          {brand} account, giveaways and rewards stay on this site.
        </p>
      </header>
      <WhatnotEntry />
      <section aria-labelledby="whatnot-shows-heading" className="flex flex-col gap-4">
        <h2 id="whatnot-shows-heading" className="text-2xl font-black text-ink">
          Upcoming shows on Whatnot
        </h2>
        {isPending ? (
          <EventCardPlaceholders count={2} />
        ) : isError ? (
          <ListNote>{LIST_ERROR}</ListNote>
        ) : onWhatnot.length === 0 ? (
          <ListNote>
            No show on Whatnot is scheduled right now. All our upcoming shows are on the{' '}
            <Link to="/home" className="font-bold text-primary underline underline-offset-4">
              home page
            </Link>
            .
          </ListNote>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {onWhatnot.map((show) => (
              <li key={show.id} className="flex [&>article]:flex-1">
                <EventCard event={show} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
