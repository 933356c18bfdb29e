// A piece's photos, large (decision 082): a Radix dialog (focus kept inside, Escape closes it and
// focus goes back to the photo) with previous and next buttons, the arrow keys, and which photo of
// how many, said politely as it changes. The details come with it, for the phone's short card.
import * as Dialog from '@radix-ui/react-dialog';
import type { KeyboardEvent, RefObject } from 'react';
import type { Piece } from '../../../shared/contract/pieces';
import { Button } from '../../ui/button';
import { CdnImage } from '../../ui/cdn-image';
import { DialogCloseButton } from '../../ui/dialog-close';
import { detailsOf, priceText, stockText } from './piece-words';

type PhotoZoomProps = {
  piece: Piece;
  /** The photo shown, or null when the dialog is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** Focus goes back here on closing (the dialog opens from state, without a trigger). */
  returnFocusTo: RefObject<HTMLElement | null>;
};

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function PhotoZoom({ piece, index, onIndexChange, returnFocusTo }: PhotoZoomProps) {
  const count = piece.photos.length;
  const at = index === null ? 0 : Math.min(Math.max(index, 0), Math.max(count - 1, 0));
  const go = (step: number) => onIndexChange((at + step + count) % count);
  const summary = [priceText(piece.price_cents), stockText(piece.stock), ...detailsOf(piece).map(([, v]) => v)].join(
    ' · ',
  );

  function handleKeyDown(event: KeyboardEvent) {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  }

  return (
    <Dialog.Root open={index !== null && count > 0} onOpenChange={(open) => !open && onIndexChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/80" />
        <Dialog.Content
          onKeyDown={handleKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col gap-3 bg-white p-3 focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[94dvh] sm:w-[min(52rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-5"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="text-xl font-black text-ink sm:text-2xl">{piece.name}</Dialog.Title>
              <Dialog.Description className="text-sm font-bold text-muted">{summary}</Dialog.Description>
            </div>
            <DialogCloseButton className="-mt-1 -mr-1" />
          </div>
          <div className="relative grid min-h-0 flex-1 place-items-center overflow-hidden rounded-lg bg-canvas">
            {count > 0 && (
              <CdnImage
                key={piece.photos[at]}
                src={piece.photos[at] ?? ''}
                alt={`${piece.name}, photo ${at + 1} of ${count}`}
                sizes="(min-width: 52rem) 52rem, 100vw"
                className="max-h-[70dvh] w-full object-contain"
              />
            )}
          </div>
          {count > 1 && (
            <div className="flex items-center justify-between gap-3">
              <Button variant="outline" onClick={() => go(-1)}>
                <Arrow direction="left" />
                Previous<span className="sr-only"> photo</span>
              </Button>
              <p aria-live="polite" className="text-sm font-bold text-ink">
                Photo {at + 1} of {count}
              </p>
              <Button variant="outline" onClick={() => go(1)}>
                Next<span className="sr-only"> photo</span>
                <Arrow direction="right" />
              </Button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
