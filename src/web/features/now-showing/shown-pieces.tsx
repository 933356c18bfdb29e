// "Pieces in this show" on a past show's page (decision 082): each piece the show put on air, with
// its photo, price and the time in the replay where it appeared. The time is a link to `?t=` (so it
// can be shared or opened in a new tab); pressed here, it moves the replay there at once. Without a
// replay that can move, the time is only said.
import { useQuery } from '@tanstack/react-query';
import { useId, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { CdnImage } from '../../ui/cdn-image';
import { Alert } from '../../ui/alert';
import { detailsOf, priceText, replayDuration, replayTime } from './piece-words';
import { shownPiecesQuery } from './queries';

type ShownPiecesProps = {
  eventId: number;
  /** Moves the replay to a second; null when there is no replay to move. */
  onSeek: ((seconds: number) => void) | null;
};

export function ShownPieces({ eventId, onSeek }: ShownPiecesProps) {
  const headingId = useId();
  const shown = useQuery(shownPiecesQuery(eventId));
  if (shown.isPending) return null;
  if (shown.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert tone="error">The pieces shown in this show could not be loaded.</Alert>
        <Button variant="outline" size="sm" onClick={() => void shown.refetch()} isBusy={shown.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  // A show that put no piece on air has nothing to list.
  if (shown.data.length === 0) return null;

  function handleTime(event: MouseEvent, seconds: number) {
    if (!onSeek || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSeek(seconds);
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-line">
      <h2 id={headingId} className="text-lg font-black text-ink">
        Pieces in this show
      </h2>
      <ol className="flex flex-col divide-y divide-line">
        {shown.data.map(({ piece, offset_seconds: offset, shown_at: shownAt }) => {
          const details = detailsOf(piece)
            .map(([, value]) => value)
            .join(' · ');
          return (
            <li key={`${piece.id}-${shownAt}`} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
              <CdnImage
                src={piece.photos[0] ?? ''}
                alt=""
                sizes="56px"
                className="size-14 shrink-0 rounded-lg object-cover ring-1 ring-line"
              />
              <div className="min-w-0 flex-1">
                <p className="font-black text-ink wrap-anywhere">{piece.name}</p>
                <p className="text-sm text-muted">
                  <span className="font-bold text-ink">{priceText(piece.price_cents)}</span>
                  {details && ` · ${details}`}
                </p>
              </div>
              {onSeek ? (
                <Link
                  to={{ search: `?t=${offset}` }}
                  replace
                  preventScrollReset
                  onClick={(event) => handleTime(event, offset)}
                  className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg border border-primary px-3 font-bold text-primary tabular-nums hover:bg-primary-soft"
                  aria-label={`Watch ${piece.name} in the replay at ${replayTime(offset)}`}
                >
                  <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
                    <path d="M8 5v14l11-7z" fill="currentColor" />
                  </svg>
                  <time dateTime={replayDuration(offset)}>{replayTime(offset)}</time>
                </Link>
              ) : (
                <p className="shrink-0 text-sm font-bold text-muted tabular-nums">
                  <span className="sr-only">Shown at </span>
                  <time dateTime={replayDuration(offset)}>{replayTime(offset)}</time>
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
