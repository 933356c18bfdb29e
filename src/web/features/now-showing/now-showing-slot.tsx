// Where /live shows the piece on air (decision 082): reads nowshowing_v1 with the page and loads
// the card's code only when there is a piece, so a show without one costs the viewer nothing more.
// A new piece is announced politely to screen readers from here, a region that is always present.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { nowShowingQuery } from './queries';
import { priceText } from './piece-words';

const NowShowingCard = lazy(() => import('./now-showing-card'));

/** Tailwind's lg: the card sits beside the player from here up, over it below. */
const WIDE = '(min-width: 64rem)';

function subscribeWide(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for the card beside the player. */
export function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

export type Placement = 'over' | 'beside';

export function NowShowingSlot({ eventId, placement }: { eventId: number; placement: Placement }) {
  const { data: onAir } = useQuery(nowShowingQuery(eventId));
  const [announcement, setAnnouncement] = useState('');
  // The piece seen last; undefined until the first answer, which is not announced (the page just opened).
  const shownId = useRef<number | null | undefined>(undefined);
  const pieceId = onAir === undefined ? undefined : (onAir?.piece.id ?? null);
  useEffect(() => {
    if (pieceId === undefined) return;
    if (shownId.current !== undefined && pieceId !== null && pieceId !== shownId.current && onAir)
      setAnnouncement(`Now showing: ${onAir.piece.name}, ${priceText(onAir.piece.price_cents)}.`);
    shownId.current = pieceId;
  }, [pieceId, onAir]);

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {onAir && (
        <Suspense fallback={null}>
          <NowShowingCard key={onAir.piece.id} eventId={eventId} onAir={onAir} placement={placement} />
        </Suspense>
      )}
    </>
  );
}
