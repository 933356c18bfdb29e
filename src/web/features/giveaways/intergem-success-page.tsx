// /intergem/giveaway/success/{id}: where a kiosk entry lands, still outside the shell. The same
// next steps and spin as the site's success page; then the visitor signs out for the next one.
import { Link } from 'react-router';
import { buttonStyles } from '../../ui/button';
import { EventById } from '../events/event-by-id';
import { AfterEntering } from './giveaway-success-page';
import { isGiveaway } from './giveaway-view';
import { KioskFrame, KioskSignOut, kioskGiveawayPath } from './kiosk-frame';
import { useAccessCode } from './private-link';

export default function IntergemSuccessPage() {
  const code = useAccessCode();
  return (
    <KioskFrame>
      <EventById noun="giveaway" accepts={isGiveaway} listPath="/giveaways" listLabel="See all giveaways">
        {(giveaway) => (
          <AfterEntering
            giveaway={giveaway}
            actions={
              <>
                <KioskSignOut giveawayId={giveaway.id} label="Done: sign out for the next visitor" variant="primary" />
                <Link to={kioskGiveawayPath(giveaway.id, code)} className={buttonStyles('ghost')}>
                  Back to the giveaway
                </Link>
              </>
            }
          />
        )}
      </EventById>
    </KioskFrame>
  );
}
