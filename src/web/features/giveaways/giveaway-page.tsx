// /giveaway/{id}: one giveaway inside the page shell.
import { GiveawayView } from './giveaway-view';

export default function GiveawayPage() {
  return <GiveawayView />;
}
