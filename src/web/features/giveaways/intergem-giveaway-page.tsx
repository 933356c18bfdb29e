// /intergem/giveaway/{id}: the same giveaway page outside the shell, for exhibition kiosks and links
// from partner sites: the brand bar and the giveaway, nothing else to wander off to. Entries are
// counted as kiosk entries and land on the kiosk's own success page.
import { GiveawayView } from './giveaway-view';
import { KioskFrame } from './kiosk-frame';

export default function IntergemGiveawayPage() {
  return (
    <KioskFrame>
      <GiveawayView from="intergem" />
    </KioskFrame>
  );
}
