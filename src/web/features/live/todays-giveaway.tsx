// The 'Today's Giveaway' button under the live show (spec FAQ), drawn while a giveaway is open for
// the show. It opens the giveaway sheet over the page instead of leaving it, so the video keeps
// playing (decision 044); the sheet's code loads on the first press.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import type { EventRecord } from '../../../shared/contract/events';
import { buttonStyles } from '../../ui/button';
import { openGiveawaysQuery } from '../events/queries';
import { showGiveaways } from './live-rules';

const GiveawaySheet = lazy(() => import('./giveaway-sheet'));

export function TodaysGiveaway({ show }: { show: EventRecord }) {
  // A giveaway the hosts open during the show appears within a minute, without a reload.
  const { data } = useQuery({ ...openGiveawaysQuery, refetchInterval: 60_000 });
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const offered = data ? showGiveaways(show, data) : [];
  if (offered.length === 0 && !isOpen) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        className={buttonStyles('secondary')}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
          <path
            d="M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7C10.5 4 7 3.5 7 5.5S10 7 12 7zm0 0c1.5-3 5-3.5 5-1.5S14 7 12 7z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        Today&apos;s Giveaway
      </button>
      {wasOpened && (
        <Suspense fallback={null}>
          <GiveawaySheet
            show={show}
            openGiveaways={offered}
            open={isOpen}
            onOpenChange={setOpen}
            returnFocusTo={button}
          />
        </Suspense>
      )}
    </>
  );
}
