// /giveaways: the giveaways open now and coming up (each with its countdown), then past ones,
// whose countdown reads 'Winner has already been drawn.'
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GiveawayCards } from '../events/giveaway-cards';
import { EventCardPlaceholders, LIST_ERROR, ListNote } from '../events/event-list-state';
import { eventKeys, eventListQuery, openGiveawaysQuery } from '../events/queries';
import { GiveawayRules } from './giveaway-rules';

const LISTS: GiveawayListProps[] = [
  {
    id: 'open',
    title: 'Open now',
    query: openGiveawaysQuery,
    empty: 'No giveaway is open at the moment. Every live show comes with one.',
  },
  {
    id: 'coming',
    title: 'Coming up',
    query: eventListQuery('giveaway', 'upcoming', 12),
    empty: 'No giveaway is scheduled yet. New ones appear here with the shows they belong to.',
  },
  {
    id: 'past',
    title: 'Past giveaways',
    query: eventListQuery('giveaway', 'past', 12),
    empty: 'No giveaway has closed yet.',
  },
];

type GiveawayListProps = { id: string; title: string; query: ReturnType<typeof eventListQuery>; empty: string };

function GiveawayList({ id, title, query, empty }: GiveawayListProps) {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery(query);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-2xl font-black text-ink">
        {title}
      </h2>
      {isPending ? (
        <EventCardPlaceholders count={2} />
      ) : isError ? (
        <ListNote>{LIST_ERROR}</ListNote>
      ) : data.length === 0 ? (
        <ListNote>{empty}</ListNote>
      ) : (
        <GiveawayCards giveaways={data} onCountdownEnd={refresh} isFirstList />
      )}
    </section>
  );
}

export default function GiveawaysPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Giveaways</h1>
        <p className="max-w-2xl text-lg text-muted">
          Every live show comes with a giveaway. Enter with your account during the show; the winner is drawn when it
          closes.
        </p>
      </header>
      {LISTS.map((list) => (
        <GiveawayList key={list.id} {...list} />
      ))}
      <GiveawayRules />
    </div>
  );
}
