// The Now showing card on /live (decision 082): the piece on air with its photos (zoomed in a
// dialog), details, price and stock, "Call to buy" and "Text to buy" from the site's phone, and
// "I want this", which puts the viewer on the call-back list once. Over the player on a phone, as a
// strip that opens into the whole card under the video (which stays in view), beside it on a laptop.
// Loaded only when a piece is on air.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Piece } from '../../../shared/contract/pieces';
import { errorMessage } from '../../api/client';
import { useSiteConfig } from '../../shell/site-config';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { CdnImage } from '../../ui/cdn-image';
import { cx } from '../../ui/cx';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';
import type { Placement } from './now-showing-slot';
import { PhotoZoom } from './photo-zoom';
import { callHref, textHref } from './buy-links';
import { detailsOf, priceText, stockText } from './piece-words';
import { useWantPiece, type OnAir } from './queries';

type CardProps = { eventId: number; onAir: NonNullable<OnAir>; placement: Placement };

function Chevron({ isOpen }: { isOpen: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className={cx('size-5 transition-transform', isOpen && 'rotate-180')} aria-hidden="true">
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5 shrink-0" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** The photo: pressing it opens the zoom; a badge says how many there are. */
function PhotoButton({
  piece,
  onZoom,
  className,
}: {
  piece: Piece;
  onZoom: (opener: HTMLElement) => void;
  className: string;
}) {
  const cover = piece.photos[0] ?? '';
  if (!cover) return <CdnImage src="" alt="" className={cx('shrink-0 rounded-lg', className)} />;
  return (
    <button
      type="button"
      onClick={(event) => onZoom(event.currentTarget)}
      className={cx('group relative shrink-0 overflow-hidden rounded-lg ring-1 ring-line', className)}
      aria-label={`Zoom in on the ${piece.photos.length === 1 ? 'photo' : `${piece.photos.length} photos`} of ${piece.name}`}
      aria-haspopup="dialog"
    >
      <CdnImage src={cover} alt="" sizes="160px" className="size-full object-cover" />
      <span
        className="absolute right-1 bottom-1 inline-flex items-center gap-0.5 rounded-full bg-ink/75 px-1.5 py-0.5 text-[0.6875rem] font-bold text-white"
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="size-3" fill="none" stroke="currentColor" strokeWidth="3">
          <circle cx="10.5" cy="10.5" r="6" />
          <path d="M15 15l5 5" strokeLinecap="round" />
        </svg>
        {piece.photos.length > 1 ? piece.photos.length : ''}
      </span>
    </button>
  );
}

function StockLine({ stock, className }: { stock: number; className?: string }) {
  return (
    <span
      className={cx(
        'font-bold',
        stock <= 0 ? 'text-danger' : stock <= 5 ? 'text-secondary' : 'text-success',
        className,
      )}
    >
      {stockText(stock)}
    </span>
  );
}

/**
 * "I want this": signed in, it asks once and then shows the confirmation in its place (focus moves
 * to it, so a keyboard does not lose its place); signed out, it goes to sign in and comes back.
 */
function WantButton({
  eventId,
  piece,
  wanted,
  size = 'md',
}: {
  eventId: number;
  piece: Piece;
  wanted: boolean;
  size?: 'md' | 'sm';
}) {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  const want = useWantPiece(eventId);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const askedHere = useRef(false);
  useEffect(() => {
    if (wanted && askedHere.current) confirmation.current?.focus();
  }, [wanted]);

  if (wanted) {
    return (
      <p
        ref={confirmation}
        tabIndex={-1}
        className={cx(
          'flex items-center gap-2 rounded-lg bg-success-soft font-bold text-success',
          size === 'sm' ? 'min-h-9 px-2.5 text-sm' : 'min-h-11 px-3',
        )}
      >
        <CheckIcon />
        <span>
          We&rsquo;ll call you back
          {size === 'md' && (
            <span className="block text-sm font-normal text-ink">You are on our list for this piece.</span>
          )}
        </span>
      </p>
    );
  }
  if (!user) {
    return (
      <Link to={loginPathFor(pathname + search)} className={buttonStyles('secondary', size)}>
        I want this<span className="sr-only">: sign in first</span>
      </Link>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        size={size}
        isBusy={want.isPending}
        onClick={() => {
          askedHere.current = true;
          want.mutate(piece.id);
        }}
      >
        I want this
      </Button>
      {want.isError && <Alert tone="error">{errorMessage(want.error)}</Alert>}
    </div>
  );
}

function BuyLinks({ piece, className }: { piece: Piece; className?: string }) {
  const phone = useSiteConfig()?.phone ?? '';
  const call = callHref(phone);
  const text = textHref(phone, piece);
  if (!call || !text) return null;
  return (
    <div className={cx('grid grid-cols-2 gap-2', className)}>
      <a href={call} className={buttonStyles('outline', 'md', 'px-3')}>
        <svg viewBox="0 0 24 24" className="size-5 shrink-0" aria-hidden="true">
          <path
            d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
            fill="currentColor"
          />
        </svg>
        Call to buy
      </a>
      <a href={text} className={buttonStyles('outline', 'md', 'px-3')}>
        <svg viewBox="0 0 24 24" className="size-5 shrink-0" aria-hidden="true">
          <path d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4V5a1 1 0 0 1 1-1z" fill="currentColor" />
        </svg>
        Text to buy
      </a>
    </div>
  );
}

function Details({ piece }: { piece: Piece }) {
  const details = detailsOf(piece);
  if (!details.length) return null;
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
      {details.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-bold text-muted">{label}</dt>
          <dd className="truncate font-bold text-ink" title={value}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function NowShowingCard({ eventId, onAir, placement }: CardProps) {
  const { piece, wanted } = onAir;
  const isOver = placement === 'over';
  // Over the video it starts as a strip; beside it, whole.
  const [isOpen, setOpen] = useState(!isOver);
  const [zoomAt, setZoomAt] = useState<number | null>(null);
  // The zoom opens from state, not a trigger, so it is told where the focus goes back.
  const zoomOpener = useRef<HTMLElement | null>(null);
  const openZoom = (opener: HTMLElement) => {
    zoomOpener.current = opener;
    setZoomAt(0);
  };
  const headingId = useId();
  const bodyId = useId();
  const toggle = (
    <button
      type="button"
      onClick={() => setOpen((open) => !open)}
      aria-expanded={isOpen}
      aria-controls={bodyId}
      className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-primary-soft hover:text-primary"
    >
      <Chevron isOpen={isOpen} />
      <span className="sr-only">{isOpen ? 'Hide the details' : 'Show the details'}</span>
    </button>
  );

  return (
    <section
      aria-labelledby={headingId}
      data-testid="now-showing"
      className={cx(
        'animate-appear rounded-xl border border-line bg-white shadow-lg',
        // Over the video: a strip clear of the video's own controls along the bottom; opened, the
        // whole card hangs under the video, over the chat, so the video stays in full view.
        isOver && !isOpen && 'absolute inset-x-2 bottom-12 z-10 p-2',
        isOver && isOpen && 'absolute inset-x-0 top-full z-20 mt-2 p-3 shadow-2xl',
        !isOver && 'p-3',
      )}
    >
      <div className="flex items-center gap-2.5">
        {isOver && !isOpen && <PhotoButton piece={piece} onZoom={openZoom} className="size-12" />}
        <div className="min-w-0 flex-1">
          <p className="text-[0.6875rem] font-black tracking-widest text-secondary uppercase">Now showing</p>
          <h2 id={headingId} className="truncate leading-tight font-black text-ink" title={piece.name}>
            {piece.name}
          </h2>
          {isOver && !isOpen && (
            <p className="flex flex-wrap gap-x-1.5 text-sm leading-snug">
              <span className="font-black text-ink">{priceText(piece.price_cents)}</span>
              <StockLine stock={piece.stock} />
            </p>
          )}
        </div>
        {isOver && !isOpen && <WantButton eventId={eventId} piece={piece} wanted={wanted} size="sm" />}
        {toggle}
      </div>
      <div id={bodyId} hidden={!isOpen} className="mt-2 flex flex-col gap-3">
        {isOpen && (
          <>
            <div className="flex gap-3">
              <PhotoButton piece={piece} onZoom={openZoom} className="size-24 lg:size-28" />
              <div className="flex min-w-0 flex-col gap-1">
                <p className="text-2xl font-black text-ink">{priceText(piece.price_cents)}</p>
                <StockLine stock={piece.stock} className="text-sm" />
              </div>
            </div>
            <Details piece={piece} />
            <WantButton eventId={eventId} piece={piece} wanted={wanted} />
            <BuyLinks piece={piece} />
          </>
        )}
      </div>
      <PhotoZoom piece={piece} index={zoomAt} onIndexChange={setZoomAt} returnFocusTo={zoomOpener} />
    </section>
  );
}
