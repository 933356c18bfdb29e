// The grid of giveaway cards, each linking to its giveaway page: home and /giveaways show the same.
import type { EventRecord } from '../../../shared/contract/events';
import { EventCard } from './event-card';

export function GiveawayCards({
  giveaways,
  onCountdownEnd,
  isFirstList = false,
}: {
  giveaways: readonly EventRecord[];
  onCountdownEnd: () => void;
  /** The page's first list of cards: its first picture loads at once. */
  isFirstList?: boolean;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {giveaways.map((giveaway, i) => (
        <li key={giveaway.id} className="flex [&>article]:flex-1">
          <EventCard
            event={giveaway}
            to={`/giveaway/${giveaway.id}`}
            onCountdownEnd={onCountdownEnd}
            isFirst={isFirstList && i === 0}
          />
        </li>
      ))}
    </ul>
  );
}
