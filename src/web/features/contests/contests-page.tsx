// /contests: every public photo contest in four groups (open for entries, voting now, coming up,
// closed), each card with its cover photo, title, the moment that matters next in Los Angeles time,
// its entries and its prize.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ContestSummary } from '../../../shared/contract/contests';
import { EventCardPlaceholders, LIST_ERROR, ListNote } from '../events/event-list-state';
import { entriesWords, groupContests, prizeWords, windowLine } from './contest-words';
import { ContestPhoto } from './contest-photo';
import { contestListQuery } from './queries';

function ContestCard({ contest, isFirst }: { contest: ContestSummary; isFirst: boolean }) {
  const prize = prizeWords(contest.prize_text, contest.prize_points);
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-primary hover:shadow-md">
      <ContestPhoto
        src={contest.cover_url}
        alt=""
        className="aspect-video w-full object-cover"
        width={640}
        height={360}
        isEager={isFirst}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg leading-snug font-black text-ink">
          {/* The whole card is the link's target: the title's link covers it. */}
          <Link to={`/contest/${contest.id}`} className="after:absolute after:inset-0 focus:outline-none">
            {contest.title}
          </Link>
        </h3>
        <p className="font-bold text-secondary">{windowLine(contest)}</p>
        <p className="text-sm text-muted">{entriesWords(contest.entries)}</p>
        {prize && (
          <p className="text-sm text-ink">
            <span className="font-bold">Prize:</span> {prize}
          </p>
        )}
      </div>
    </article>
  );
}

export default function ContestsPage() {
  const { data, isPending, isError } = useQuery(contestListQuery());
  const groups = data ? groupContests(data) : [];
  const isEmpty = data !== undefined && data.length === 0;
  // The first card on screen loads its photo at once; the others as they scroll into view.
  const firstId = groups.flatMap(({ contests }) => contests)[0]?.id;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Photo contests</h1>
        <p className="max-w-2xl text-lg text-muted">
          Share a photo of a piece you love, then vote for your favourites. Each contest takes entries for a while, then
          opens for votes; the entries with the most votes win.
        </p>
      </header>
      {isPending ? (
        <EventCardPlaceholders count={3} />
      ) : isError ? (
        <ListNote>{LIST_ERROR}</ListNote>
      ) : isEmpty ? (
        <ListNote>
          There is no photo contest yet. When we announce one, it shows up here with its dates and prize.
        </ListNote>
      ) : (
        groups.map(({ group, contests }) => (
          <section key={group.id} aria-labelledby={`contests-${group.id}`} className="flex flex-col gap-4">
            <h2 id={`contests-${group.id}`} className="text-2xl font-black text-ink">
              {group.title}
            </h2>
            {contests.length === 0 ? (
              <ListNote>{group.empty}</ListNote>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {contests.map((contest) => (
                  <li key={contest.id}>
                    <ContestCard contest={contest} isFirst={contest.id === firstId} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}
    </div>
  );
}
