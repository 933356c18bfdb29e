// The grid of giveaway cards, each linking to its giveaway page: home and /giveaways show the same.
import type { EventRecord } from '../../../shared/contract/events';
import { EventCard } from './event-card';

export function GiveawayCards({
  giveaways,
  onCountdownEnd,
}: {
  giveaways: readonly EventRecord[];
  onCountdownEnd: () => void;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {giveaways.map((giveaway) => (
        <li key={giveaway.id} className="flex [&>article]:flex-1">
          <EventCard event={giveaway} to={`/giveaway/${giveaway.id}`} onCountdownEnd={onCountdownEnd} />
        </li>
      ))}
    </ul>
  );
}
