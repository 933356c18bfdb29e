// Home: what Gemcast is, the show on air now (with the time left), upcoming shows and special events
// with their countdowns and RSVPs, the giveaways open now and the latest past shows.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { VISITOR_ONLY } from '../../shell/signed-in-mark';
import { useBrand, useTagline } from '../../shell/site-config';
import { buttonStyles } from '../../ui/button';
import { trackEvent } from '../analytics/track-event';
import { useAuth } from '../auth/auth-store';
import type { EventRecord } from '../../../shared/contract/events';
import { EventCard } from '../events/event-card';
import { GiveawayCards } from '../events/giveaway-cards';
import { EventCardPlaceholders, LIST_ERROR, ListNote } from '../events/event-list-state';
import { eventKeys } from '../events/queries';
import { RsvpButton } from '../rsvp/rsvp-button';
import { HOME_LISTS } from './home-lists';

const HIGHLIGHTS: { title: string; text: string; link?: { to: string; label: string } }[] = [
  {
    title: 'Live shows',
    text: 'Watch our hosts present rings, pendants and loose gems live, ask questions in the chat and shop as the show runs.',
  },
  {
    title: 'Giveaways',
    text: 'Shows come with giveaways. Enter with your account for each show, and you could be the next winner we call out on air.',
  },
  {
    title: 'Rewards',
    text: 'Watching, RSVPing and taking part earn you reward points, plus coupons for your birthday and anniversary.',
  },
  {
    title: 'Photo contests',
    text: 'Send a photo of a piece you love, then vote for your favourites. The photos with the most votes win prizes.',
    link: { to: '/contests', label: 'See the photo contests' },
  },
];

const linkStyles = 'font-bold text-primary underline underline-offset-4 hover:text-primary-hover';

function Section({ id, title, more, children }: { id: string; title: string; more?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-2xl font-black text-ink">
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  );
}

function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: eventKeys.all });
}

function LiveNow() {
  const { data } = useQuery(HOME_LISTS.liveShow);
  const refresh = useRefreshEvents();
  const show = data?.[0];
  if (!show) return null;
  return (
    <Section id="live-heading" title="On air now">
      <div className="max-w-xl">
        <EventCard
          event={show}
          to="/live"
          onCountdownEnd={refresh}
          onNavigate={() => void trackEvent({ category: 'home', action: 'watch-live', label: show.title })}
          isFirst
        >
          {/* The card's one link (its title) takes viewers to the live page: this only looks like a button. */}
          <span aria-hidden="true" className={buttonStyles('primary', 'md', 'pointer-events-none')}>
            Watch live
          </span>
        </EventCard>
      </div>
    </Section>
  );
}

/** Upcoming shows or special events, each with its RSVP. */
function UpcomingCards({
  events,
  onCountdownEnd,
  isFirstList = false,
}: {
  events: readonly EventRecord[];
  onCountdownEnd: () => void;
  isFirstList?: boolean;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event, i) => (
        <li key={event.id} className="flex [&>article]:flex-1">
          <EventCard
            event={event}
            to={`/show/${event.id}`}
            onCountdownEnd={onCountdownEnd}
            isFirst={isFirstList && i === 0}
          >
            <RsvpButton event={event} />
          </EventCard>
        </li>
      ))}
    </ul>
  );
}

function UpcomingShows() {
  const { data, isPending, isError } = useQuery(HOME_LISTS.upcomingShows);
  const refresh = useRefreshEvents();
  return (
    <Section id="upcoming-heading" title="Upcoming shows">
      {isPending ? (
        <EventCardPlaceholders count={3} />
      ) : isError ? (
        <ListNote>{LIST_ERROR}</ListNote>
      ) : data.length === 0 ? (
        <ListNote>No shows are scheduled right now. New shows are announced here first, so check back soon.</ListNote>
      ) : (
        <UpcomingCards events={data} onCountdownEnd={refresh} isFirstList />
      )}
    </Section>
  );
}

/** Shown only when one is coming up: special events are occasional. */
function SpecialEvents() {
  const { data, isError } = useQuery(HOME_LISTS.upcomingSpecials);
  const refresh = useRefreshEvents();
  if (isError || !data || data.length === 0) return null;
  return (
    <Section id="special-heading" title="Special events">
      <p className="-mt-2 mb-5 max-w-3xl text-muted">
        Evenings with our gemologists and guests, with a few questions when you RSVP so we can plan around you.
      </p>
      <UpcomingCards events={data} onCountdownEnd={refresh} />
    </Section>
  );
}

function OpenGiveaways() {
  const { data, isPending, isError } = useQuery(HOME_LISTS.openGiveaways);
  const refresh = useRefreshEvents();
  return (
    <Section
      id="giveaways-heading"
      title="Giveaways open now"
      more={
        <Link to="/giveaways" className={linkStyles}>
          All giveaways
        </Link>
      }
    >
      {isPending ? (
        <EventCardPlaceholders count={1} />
      ) : isError ? (
        <ListNote>{LIST_ERROR}</ListNote>
      ) : data.length === 0 ? (
        <ListNote>
          No giveaway is open at the moment. Every live show comes with one: join the next show to enter.
        </ListNote>
      ) : (
        <GiveawayCards giveaways={data} onCountdownEnd={refresh} />
      )}
    </Section>
  );
}

function PastShows() {
  const { data, isError } = useQuery(HOME_LISTS.pastShows);
  if (isError || !data || data.length === 0) return null;
  return (
    <Section id="past-heading" title="Past shows">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.map((show) => (
          <li key={show.id} className="flex [&>article]:flex-1">
            <EventCard event={show} to={`/past/${show.id}`} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function HomePage() {
  const { user } = useAuth();
  const brand = useBrand();
  const tagline = useTagline();
  // A signed-in viewer's page may first show the server's visitor version (decision 097).
  const visitorOnly = user ? {} : VISITOR_ONLY;
  // The show on air comes first, so a phone shows it without scrolling (decision 044).
  return (
    <>
      <LiveNow />
      <section className="bg-linear-to-br from-primary to-secondary text-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:py-16">
          <p className="font-bold tracking-widest text-white/85 uppercase">Live online jewelry shopping</p>
          <h1 className="max-w-3xl text-4xl leading-tight font-black sm:text-5xl" {...visitorOnly}>
            {user ? `Welcome, ${user.nickname || user.first_name}!` : tagline}
          </h1>
          <p className="max-w-2xl text-lg text-white/90" {...visitorOnly}>
            {user
              ? 'Your account is ready for the next show. Keep your details up to date so we can send your birthday and anniversary coupons.'
              : `Join ${brand} to watch live jewelry shows, enter giveaways and collect rewards. It takes a minute and it is free.`}
          </p>
          <div className="flex flex-wrap gap-3" {...visitorOnly}>
            {user ? (
              <Link to="/profile" className={buttonStyles('outline')}>
                Go to your profile
              </Link>
            ) : (
              <>
                <Link to="/register" className={buttonStyles('outline')}>
                  Create your account
                </Link>
                <Link
                  to="/login"
                  className={buttonStyles('ghost', 'md', 'text-white ring-1 ring-white/70 hover:bg-white/10')}
                >
                  Log in
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
      <UpcomingShows />
      <SpecialEvents />
      <OpenGiveaways />
      <PastShows />
      <section aria-labelledby="highlights-heading" className="mx-auto max-w-6xl px-4 pt-4 pb-12">
        <h2 id="highlights-heading" className="text-2xl font-black text-ink">
          What happens on {brand}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {HIGHLIGHTS.map((item) => (
            <li key={item.title} className="rounded-xl border border-line bg-white p-5">
              <h3 className="text-lg font-black text-primary">{item.title}</h3>
              <p className="mt-2 text-muted">{item.text}</p>
              {item.link && (
                <Link to={item.link.to} className={`mt-3 inline-block ${linkStyles}`}>
                  {item.link.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
