// /intergem/giveaway/{id}: the same giveaway page outside the shell, for links from partner
// sites: the brand bar and the giveaway, nothing else to wander off to.
import { Logo } from '../../ui/logo';
import { GiveawayView } from './giveaway-view';

export default function IntergemGiveawayPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4">
          <Logo />
        </div>
      </header>
      <main id="main" className="flex-1">
        <GiveawayView from="intergem" />
      </main>
    </div>
  );
}
