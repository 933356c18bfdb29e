// The public list of giveaway winners, as staff announced them: first name and last initial, the
// giveaway won (on a past-show page, where a show can have several) and when the winner was drawn.
// Used by the giveaway page and the past-show page.
import { useId } from 'react';
import { Link } from 'react-router';
import type { Winner } from '../../../shared/contract/giveaways';
import { showTime } from '../events/event-time';

type WinnersListProps = {
  heading: string;
  winners: Winner[];
  /** Said plainly when no winner has been announced. */
  empty: string;
  /** Names the giveaway each winner won: a show can have several giveaways. */
  namesGiveaway?: boolean;
};

export function WinnersList({ heading, winners, empty, namesGiveaway = false }: WinnersListProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-line">
      <h2 id={headingId} className="text-lg font-black text-ink">
        {heading}
      </h2>
      {winners.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {winners.map((winner) => (
            <li
              key={`${winner.eventid}-${winner.entry_id}`}
              className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0"
            >
              <p className="text-ink wrap-anywhere">
                <span className="font-black">{winner.name}</span>
                {namesGiveaway && (
                  <>
                    {' won '}
                    <Link
                      to={`/giveaway/${winner.eventid}`}
                      className="font-bold text-primary underline underline-offset-4"
                    >
                      {winner.giveaway_title}
                    </Link>
                  </>
                )}
              </p>
              <p className="text-sm text-muted">
                Drawn <time dateTime={winner.drawn_at}>{showTime(winner.drawn_at)}</time> · entry {winner.entry_id}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
