// /staff/exhibitions/:id/qr: the booth's sign. The QR code of the exhibition's short link (the
// server's SVG shown as an image, so nothing in it can run), its name, dates, venue and the link in
// text for anyone who cannot scan. Printing leaves out the site's header, footer and the buttons.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { Button, buttonStyles } from '../../../ui/button';
import { eventIdFrom } from '../../events/queries';
import { dayRangeWords } from '../../exhibitions/exhibition-words';
import { LoadState } from '../load-state';
import { StaffOnly } from '../staff-only';
import { exhibitionQrQuery, staffExhibitionsQuery } from './queries';

const SHEET_ID = 'booth-sign';

/** On paper only the sign shows, at the top of the page. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  #${SHEET_ID}, #${SHEET_ID} * { visibility: visible; }
  #${SHEET_ID} { position: absolute; inset: 0 0 auto 0; margin: 0 auto; box-shadow: none; border: 0; }
}`;

function svgSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-black text-ink">We could not find that exhibition</h1>
      <Link to="/staff/exhibitions" className={buttonStyles('primary')}>
        All exhibitions
      </Link>
    </div>
  );
}

export default function ExhibitionQrPage() {
  const id = eventIdFrom(useParams().id) ?? 0;
  const qr = useQuery(exhibitionQrQuery(id));
  const list = useQuery(staffExhibitionsQuery());
  const exhibition = list.data?.find((one) => one.id === id);
  const error = qr.error ?? list.error;
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="exhibitions" />;
  if (id === 0 || (error instanceof ApiError && error.httpStatus === 404) || (list.data && !exhibition))
    return <NotFound />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <Link to="/staff/exhibitions" className="self-start font-bold text-primary underline underline-offset-4">
            All exhibitions
          </Link>
          <h1 className="text-3xl font-black text-ink sm:text-4xl">Booth QR code</h1>
        </div>
        {qr.data && exhibition && (
          <Button className="self-start sm:self-auto" onClick={() => window.print()}>
            Print
          </Button>
        )}
      </div>
      <LoadState
        error={error}
        isPending={qr.isPending || list.isPending}
        onRetry={() => {
          void qr.refetch();
          void list.refetch();
        }}
        loadingLabel="Loading the QR code"
      />
      {qr.data && exhibition && (
        <section
          id={SHEET_ID}
          aria-labelledby="sign-heading"
          className="flex flex-col items-center gap-4 rounded-xl border border-line bg-white p-6 text-center"
        >
          <h2 id="sign-heading" className="text-3xl font-black text-ink">
            {exhibition.name}
          </h2>
          <p className="text-lg text-ink">
            {exhibition.venue}, {exhibition.city} · {dayRangeWords(exhibition.starts_on, exhibition.ends_on)}
          </p>
          <p className="text-xl font-bold text-ink">Bought a piece from us here? Scan to register it.</p>
          <img
            src={svgSource(qr.data.svg)}
            alt={`QR code of the link ${qr.data.link}`}
            width={320}
            height={320}
            className="aspect-square w-full max-w-80"
          />
          <p className="text-ink">Or open</p>
          <p className="font-mono text-lg font-bold break-all text-primary">{qr.data.link}</p>
        </section>
      )}
    </div>
  );
}
