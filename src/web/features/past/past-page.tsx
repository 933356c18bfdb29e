// /past/{id}: a show that has aired, with when it ran and what it was about. A show still to come
// (an old link, a reused id) shows its countdown and a way to the live page instead.
import { Link } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { buttonStyles } from '../../ui/button';
import { EventById } from '../events/event-by-id';
import { EventDetail } from '../events/event-detail';
import { showDay } from '../events/event-time';
import { RsvpButton } from '../rsvp/rsvp-button';

function PastShow({ show }: { show: EventRecord }) {
  if (show.status !== 'past') {
    return (
      <EventDetail event={show} eyebrow={show.status === 'live' ? 'On air now' : 'Coming up'}>
        <p className="text-muted">This show has not finished yet, so it is not in the past shows.</p>
        <RsvpButton event={show} />
        <Link to="/live" className={buttonStyles('primary', 'md', 'self-start')}>
          Go to the live page
        </Link>
      </EventDetail>
    );
  }
  return (
    <EventDetail event={show} eyebrow={`Past show · aired ${showDay(show.cust_start)}`}>
      <p className="text-muted">Missed it? The next show is on the home page, with its countdown.</p>
      <Link to="/home" className={buttonStyles('primary', 'md', 'self-start')}>
        See upcoming shows
      </Link>
    </EventDetail>
  );
}

export default function PastPage() {
  return (
    <EventById noun="show" accepts={(event) => event.type !== 'giveaway'} listPath="/home" listLabel="See upcoming shows">
      {(show) => <PastShow show={show} />}
    </EventById>
  );
}
