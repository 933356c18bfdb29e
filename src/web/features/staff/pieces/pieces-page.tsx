// /staff/pieces (decision 082): the catalogue of pieces the network sells on air, each with its
// photo, price, stock, whether it is offered and how many viewers said "I want this"; staff add
// pieces and change them in a dialog. Pieces are never deleted: one taken off is not offered.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffPiece } from '../../../../shared/contract/pieces';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CdnImage } from '../../../ui/cdn-image';
import { cx } from '../../../ui/cx';
import { detailsOf, priceText, stockText } from '../../now-showing/piece-words';
import { LoadState } from '../load-state';
import { Modal } from '../shows/dialog';
import { StaffOnly } from '../staff-only';
import { PieceForm } from './piece-form';
import { staffPiecesQuery } from './queries';

function PieceCard({ piece, onEdit }: { piece: StaffPiece; onEdit: () => void }) {
  const details = detailsOf(piece)
    .map(([, value]) => value)
    .join(' · ');
  return (
    <li className="flex gap-3 rounded-xl border border-line bg-white p-3 sm:p-4">
      <CdnImage
        src={piece.photos[0] ?? ''}
        alt=""
        sizes="96px"
        className="size-20 shrink-0 rounded-lg object-cover ring-1 ring-line sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 text-lg leading-tight font-black text-ink wrap-anywhere">{piece.name}</h2>
          <Button variant="outline" size="sm" onClick={onEdit}>
            Edit<span className="sr-only"> {piece.name}</span>
          </Button>
        </div>
        {details && <p className="text-sm text-muted">{details}</p>}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-base font-black text-ink">{priceText(piece.price_cents)}</span>
          <span className={cx('font-bold', piece.stock <= 0 ? 'text-danger' : 'text-ink')}>
            {stockText(piece.stock)}
            {piece.stock > 5 && ` (${piece.stock.toLocaleString('en-US')})`}
          </span>
          <span
            className={cx(
              'rounded-full px-2.5 py-0.5 text-xs font-black tracking-wide uppercase',
              piece.active ? 'bg-success-soft text-success' : 'bg-line text-ink',
            )}
          >
            {piece.active ? 'Offered' : 'Not offered'}
          </span>
          <span className="font-bold text-secondary">
            {piece.interested === 1
              ? '1 viewer interested'
              : `${piece.interested.toLocaleString('en-US')} viewers interested`}
          </span>
        </p>
      </div>
    </li>
  );
}

export default function StaffPiecesPage() {
  const { data, error, isPending, refetch } = useQuery(staffPiecesQuery());
  const [editing, setEditing] = useState<StaffPiece | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="the pieces catalogue" />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div>
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff · On air</p>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Pieces</h1>
        <p className="mt-1 max-w-prose text-muted">
          The jewelry we sell on air. A rundown segment can carry a piece; when the show reaches it, every viewer sees
          it as &ldquo;Now showing&rdquo; and can ask us to call them back.
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {notice ? <Alert tone="success">{notice}</Alert> : <span />}
        <Button
          onClick={() => {
            setNotice('');
            setEditing('new');
          }}
        >
          New piece
        </Button>
      </div>
      <LoadState error={error} isPending={isPending} onRetry={() => void refetch()} loadingLabel="Loading the pieces" />
      {data &&
        (data.length ? (
          <ul aria-label="Pieces" className="grid gap-3 md:grid-cols-2">
            {data.map((piece) => (
              <PieceCard
                key={piece.id}
                piece={piece}
                onEdit={() => {
                  setNotice('');
                  setEditing(piece);
                }}
              />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
            No pieces yet. Use New piece to add the first one.
          </p>
        ))}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'New piece' : 'Edit piece'}
        description="Viewers see these details, the price and the photos on the Now showing card."
      >
        {editing !== null && (
          <PieceForm
            key={editing === 'new' ? 'new' : editing.id}
            piece={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(_piece, message) => {
              setEditing(null);
              setNotice(message);
            }}
          />
        )}
      </Modal>
    </div>
  );
}
