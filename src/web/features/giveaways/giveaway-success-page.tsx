// /giveaway/success/{id}: where an entry lands. It names the giveaway and says what happens after
// entering: the draw, the announcement on air and the 5-minute window to claim the prize, and
// offers the bonus entries and the spin to win. The kiosk's success page shows the same with its
// own ways on, without bonuses (a shared kiosk is no place to share from).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { buttonStyles } from '../../ui/button';
import { Countdown } from '../../ui/countdown';
import { useAuth } from '../auth/auth-store';
import { EventById } from '../events/event-by-id';
import { eventCountdown } from '../events/event-time';
import { YourEntriesFor } from './bonus-entries';
import { isGiveaway } from './giveaway-view';
import { SpinWheel } from './spin-wheel';

/** What happens next, and the spin; `bonus` comes first when given; `actions` are the ways on from here. */
export function AfterEntering({
  giveaway,
  actions,
  bonus,
}: {
  giveaway: EventRecord;
  actions: ReactNode;
  bonus?: ReactNode;
}) {
  const countdown = eventCountdown(giveaway);
  const { user } = useAuth();
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Giveaway entry</p>
        <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">{giveaway.title}</h1>
        <p className="text-lg text-muted">Once you have entered, here is what happens next.</p>
      </div>
      {bonus}
      <ol className="flex list-decimal flex-col gap-3 rounded-xl bg-white p-5 pl-10 text-ink ring-1 ring-line marker:font-black marker:text-secondary">
        <li>The winner is drawn at random when the giveaway closes.</li>
        <li>We announce the winner during the live show, so keep watching.</li>
        <li>If it is you, message us within 5 minutes of the announcement. Messages in the show chat do not count.</li>
        <li>Next show, enter again: each entry counts for one show.</li>
      </ol>
      <div className="flex flex-col gap-1 rounded-xl bg-white p-4 ring-1 ring-line">
        {giveaway.status !== 'past' && (
          <span className="text-xs font-bold tracking-wider text-muted uppercase">{countdown.label}</span>
        )}
        <Countdown
          target={countdown.target}
          kind="giveaway"
          label={countdown.label}
          className="text-2xl text-primary"
        />
      </div>
      {user && <SpinWheel kind="giveaway" eventId={giveaway.id} userId={user.id} title="Spin to win for entering" />}
      <div className="flex flex-wrap gap-2">{actions}</div>
    </section>
  );
}

export default function GiveawaySuccessPage() {
  const { user } = useAuth();
  return (
    <EventById noun="giveaway" accepts={isGiveaway} listPath="/giveaways" listLabel="See all giveaways">
      {(giveaway) => (
        <AfterEntering
          giveaway={giveaway}
          bonus={user && <YourEntriesFor user={user} giveawayId={giveaway.id} />}
          actions={
            <>
              <Link to="/live" className={buttonStyles('primary')}>
                Back to the live show
              </Link>
              <Link to={`/giveaway/${giveaway.id}`} className={buttonStyles('outline')}>
                Giveaway details
              </Link>
            </>
          }
        />
      )}
    </EventById>
  );
}
