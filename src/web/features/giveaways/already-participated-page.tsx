// /giveaway/already-participated/{id}: where a second entry for the same show lands. One entry
// per viewer per show; the next show brings a new giveaway.
import { Link } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { buttonStyles } from '../../ui/button';
import { EventById } from '../events/event-by-id';
import { isGiveaway } from './giveaway-view';

function OneEntryPerShow({ giveaway }: { giveaway: EventRecord }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10 sm:py-14">
      <p className="text-sm font-black tracking-widest text-secondary uppercase">One entry per show</p>
      <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">{giveaway.title}</h1>
      <p className="text-lg text-ink">
        Each viewer can enter this giveaway once. An entry already made is in the draw, so there is nothing more to do:
        watch the show to hear the winner announced.
      </p>
      <p className="text-lg text-muted">
        The next live show comes with a new giveaway, and you can enter that one too.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to="/live" className={buttonStyles('primary')}>
          Back to the live show
        </Link>
        <Link to="/giveaways" className={buttonStyles('outline')}>
          Other giveaways
        </Link>
      </div>
    </section>
  );
}

export default function AlreadyParticipatedPage() {
  return (
    <EventById noun="giveaway" accepts={isGiveaway} listPath="/giveaways" listLabel="See all giveaways">
      {(giveaway) => <OneEntryPerShow giveaway={giveaway} />}
    </EventById>
  );
}
