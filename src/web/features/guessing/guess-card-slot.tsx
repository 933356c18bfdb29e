// Where /live shows the guessing game: loads guess-card.tsx after the page itself, so the viewer's
// first load does not carry it; the card renders nothing while the show has no question.
import { lazy, Suspense } from 'react';

const GuessCard = lazy(() => import('./guess-card'));

export function GuessCardSlot({ eventId }: { eventId: number }) {
  return (
    <Suspense fallback={null}>
      <GuessCard eventId={eventId} />
    </Suspense>
  );
}
