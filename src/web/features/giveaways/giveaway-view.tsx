// One giveaway: its details and countdown to the draw, how to enter it from where the viewer is
// (logged out, logged in, closed), and the rules. Used inside the shell (/giveaway/:id) and on
// its own (/intergem/giveaway/:id).
import { Link, useLocation } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { buttonStyles } from '../../ui/button';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';
import { EventById } from '../events/event-by-id';
import { EventDetail } from '../events/event-detail';
import { usePageTitle } from '../../shell/page-title';
import { useBrand } from '../../shell/site-config';
import { GiveawayRules } from './giveaway-rules';

const noteStyles = 'rounded-xl bg-primary-soft p-4 text-ink';

function HowToEnter({ giveaway }: { giveaway: EventRecord }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (giveaway.status === 'past') {
    return (
      <div className={noteStyles}>
        <p>This giveaway has closed and its winner has been drawn. A new giveaway comes with every live show.</p>
        <Link to="/giveaways" className={buttonStyles('primary', 'md', 'mt-3')}>
          See open giveaways
        </Link>
      </div>
    );
  }
  if (!user) {
    return (
      <div className={noteStyles}>
        <p>Entering a giveaway needs an account. Log in, or create one for free, and come back here.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={loginPathFor(pathname)} className={buttonStyles('primary')}>
            Log in to enter
          </Link>
          <Link to={`/register?redirectTo=${encodeURIComponent(pathname)}`} className={buttonStyles('outline')}>
            Create an account
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={noteStyles}>
      <p>
        {giveaway.status === 'live'
          ? "This giveaway is open. Enter it from the live show: press 'Today's Giveaway' under the live show window."
          : "Entries open when the giveaway starts, during the live show: press 'Today's Giveaway' under the live show window."}
      </p>
      <Link to="/live" className={buttonStyles('primary', 'md', 'mt-3')}>
        Watch live
      </Link>
    </div>
  );
}

function Giveaway({ giveaway }: { giveaway: EventRecord }) {
  const brand = useBrand();
  usePageTitle(`${giveaway.title} - ${brand}`);
  return (
    <EventDetail event={giveaway} eyebrow="Giveaway">
      <HowToEnter giveaway={giveaway} />
      <GiveawayRules />
      <Link to={`/giveaway-terms/${giveaway.id}`} className="self-start font-bold text-primary underline underline-offset-4">
        Official rules of this giveaway
      </Link>
    </EventDetail>
  );
}

export const isGiveaway = (event: EventRecord) => event.type === 'giveaway';

export function GiveawayView() {
  return (
    <EventById noun="giveaway" accepts={isGiveaway} listPath="/giveaways" listLabel="See all giveaways">
      {(giveaway) => <Giveaway giveaway={giveaway} />}
    </EventById>
  );
}
