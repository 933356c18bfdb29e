// 'Today's Giveaway' without leaving the show (decision 044): a sheet from the bottom on a phone, a
// panel from the right on a laptop, over the page while the video keeps playing under it. It lists
// every giveaway open for the show; the one picked shows its prize, the entry (the giveaway page's
// own parts, kept in place), the bonus entries and, once entered, the spin to win and its result.
// Loaded on first use, with the giveaway code it reuses.
import * as Dialog from '@radix-ui/react-dialog';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import { Link } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import type { GiveawayInfo } from '../../../shared/contract/giveaways';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { DialogCloseButton } from '../../ui/dialog-close';
import { Spinner } from '../../ui/spinner';
import { useAuth } from '../auth/auth-store';
import { showTime } from '../events/event-time';
import { HowToEnter, Prize } from '../giveaways/giveaway-view';
import { enrollmentQuery, giveawayInfoQuery } from '../giveaways/queries';
import { SpinWheel } from '../giveaways/spin-wheel';
import { showGiveaways } from './live-rules';

type GiveawaySheetProps = {
  show: EventRecord;
  /** The giveaways open now, from the event list; each is read in full here. */
  openGiveaways: readonly EventRecord[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back here on closing (the button lives outside this lazily loaded module). */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** After entering: the spin to win (when staff set up a wheel) and what happens next. */
function AfterEntry({ giveaway, userId }: { giveaway: GiveawayInfo; userId: number }) {
  const enrollment = useQuery(enrollmentQuery(userId, giveaway.id));
  if (!enrollment.data?.exists) return null;
  return (
    <>
      <SpinWheel kind="giveaway" eventId={giveaway.id} userId={userId} title="Spin to win for entering" />
      <p className="text-sm text-muted">
        The winner is drawn when entries close and announced on the show. If it is you, message us within 5 minutes of
        the announcement.
      </p>
    </>
  );
}

function PickedGiveaway({ giveaway }: { giveaway: GiveawayInfo }) {
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-4" data-testid="sheet-giveaway">
      <Prize giveaway={giveaway} />
      <p className="text-sm font-bold text-muted">
        Entries close <time dateTime={giveaway.cust_end}>{showTime(giveaway.cust_end)}</time>.
      </p>
      <HowToEnter giveaway={giveaway} from="web" inPlace />
      {user && <AfterEntry key={user.id} giveaway={giveaway} userId={user.id} />}
      <Link
        to={`/giveaway/${giveaway.id}`}
        className="self-start text-sm font-bold text-primary underline underline-offset-4"
      >
        Giveaway details and rules
      </Link>
    </div>
  );
}

function GiveawayChoices({
  giveaways,
  pickedId,
  onPick,
}: {
  giveaways: GiveawayInfo[];
  pickedId: number;
  onPick: (id: number) => void;
}) {
  return (
    <ul aria-label="Giveaways open now" className="flex flex-col gap-2">
      {giveaways.map((giveaway) => {
        const isPicked = giveaway.id === pickedId;
        return (
          <li key={giveaway.id}>
            <button
              type="button"
              aria-pressed={isPicked}
              onClick={() => onPick(giveaway.id)}
              className={cx(
                'flex min-h-11 w-full flex-col items-start rounded-xl border px-3 py-2 text-left',
                isPicked
                  ? 'border-primary bg-primary-soft ring-1 ring-primary'
                  : 'border-line bg-white hover:border-primary',
              )}
            >
              <span className="font-black text-ink">{giveaway.title}</span>
              {giveaway.prize && <span className="text-sm text-muted">{giveaway.prize}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function SheetBody({ show, openGiveaways }: Pick<GiveawaySheetProps, 'show' | 'openGiveaways'>) {
  const infos = useQueries({ queries: openGiveaways.map((giveaway) => giveawayInfoQuery(giveaway.id)) });
  const [pickedId, setPickedId] = useState<number | null>(null);
  const loaded = infos.flatMap((info) => (info.data ? [info.data] : []));
  const offered = showGiveaways(show, loaded);

  if (infos.some((info) => info.isPending)) {
    return (
      <div className="grid min-h-40 place-items-center">
        <Spinner className="size-8 text-primary" label="Loading today's giveaways" />
      </div>
    );
  }
  const failed = infos.filter((info) => info.isError);
  if (offered.length === 0) {
    return failed.length > 0 ? (
      <div className="flex flex-col items-start gap-2">
        <Alert tone="error">We could not load today&apos;s giveaways just now.</Alert>
        <Button variant="outline" size="sm" onClick={() => failed.forEach((info) => void info.refetch())}>
          Try again
        </Button>
      </div>
    ) : (
      <p className="rounded-xl bg-primary-soft p-4 text-ink">
        No giveaway is open for this show right now. Keep watching: the hosts announce each one on air.
      </p>
    );
  }
  const picked = offered.find((giveaway) => giveaway.id === pickedId) ?? offered[0];
  return (
    <div className="flex flex-col gap-4">
      {offered.length > 1 && <GiveawayChoices giveaways={offered} pickedId={picked?.id ?? 0} onPick={setPickedId} />}
      {picked && <PickedGiveaway key={picked.id} giveaway={picked} />}
    </div>
  );
}

export default function GiveawaySheet({ show, openGiveaways, open, onOpenChange, returnFocusTo }: GiveawaySheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* Light, so the show stays in view behind it. */}
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/30 transition-opacity starting:opacity-0 motion-reduce:transition-none lg:bg-ink/15" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className={cx(
            'fixed z-50 flex flex-col bg-canvas shadow-2xl focus:outline-none motion-reduce:transition-none',
            // A phone: a sheet from the bottom, leaving the video above it in view.
            'inset-x-0 bottom-0 max-h-[62dvh] rounded-t-2xl transition-transform duration-200 ease-out starting:translate-y-full',
            // A laptop: a panel from the right, over the chat column, beside the video.
            'lg:inset-x-auto lg:top-0 lg:right-0 lg:h-dvh lg:max-h-none lg:w-[26rem] lg:rounded-none lg:rounded-l-2xl lg:starting:translate-x-full lg:starting:translate-y-0',
          )}
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2 sm:px-5">
            <div className="min-w-0">
              <Dialog.Title className="text-xl font-black text-ink">Today&apos;s Giveaway</Dialog.Title>
              <Dialog.Description className="text-sm text-muted">
                Enter here while the show plays on.
              </Dialog.Description>
            </div>
            <DialogCloseButton />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-4 sm:px-5">
            <SheetBody show={show} openGiveaways={openGiveaways} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
