// /staff/exhibitions: every exhibition with its dates, short link and registration counts, and
// links to its QR code and its registrations; "New exhibition" and each row's "Edit" open the form
// above the list.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StaffExhibition } from '../../../../shared/contract/exhibitions';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button, buttonStyles } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';
import { dayRangeWords } from '../../exhibitions/exhibition-words';
import { LoadState } from '../load-state';
import { StaffOnly } from '../staff-only';
import { ExhibitionForm } from './exhibition-form';
import { staffExhibitionsQuery } from './queries';

const linkStyles = 'font-bold text-primary underline underline-offset-4';

function Count({ n, label, tone }: { n: number; label: string; tone?: 'alert' }) {
  return (
    <li className="flex flex-col items-start rounded-lg bg-canvas px-3 py-1.5">
      <span
        className={`text-xl font-black tabular-nums ${tone === 'alert' && n > 0 ? 'text-secondary-hover' : 'text-ink'}`}
      >
        {n.toLocaleString('en-US')}
      </span>
      <span className="text-xs font-bold text-muted">{label}</span>
    </li>
  );
}

function ExhibitionRow({ exhibition, onEdit }: { exhibition: StaffExhibition; onEdit: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 lg:flex-row lg:items-center lg:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p
          className={`self-start rounded-full px-3 py-0.5 text-sm font-black ${exhibition.active ? 'bg-success-soft text-success' : 'bg-canvas text-muted'}`}
        >
          {exhibition.active ? 'Taking registrations' : 'Not active'}
        </p>
        <h2 className="text-lg leading-snug font-black text-ink wrap-anywhere">{exhibition.name}</h2>
        <p className="text-sm text-muted">
          {exhibition.venue}, {exhibition.city} · {dayRangeWords(exhibition.starts_on, exhibition.ends_on)}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <span className="wrap-anywhere">{exhibition.link}</span>
          <CopyButton text={exhibition.link} label="Copy link" />
        </p>
        <p className="text-sm text-muted">
          {exhibition.kinds.length === 0 ? 'No product kinds' : exhibition.kinds.map((kind) => kind.name).join(' · ')}
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-2 pt-1">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${exhibition.name}`}>
            Edit
          </Button>
          <Link
            to={`/staff/exhibitions/${exhibition.id}/qr`}
            className={buttonStyles('outline', 'sm')}
            aria-label={`QR code of ${exhibition.name}`}
          >
            QR code
          </Link>
          <Link
            to={`/staff/exhibitions/registrations?exhibition_id=${exhibition.id}`}
            className={buttonStyles('ghost', 'sm')}
            aria-label={`Registrations at ${exhibition.name}`}
          >
            Registrations
          </Link>
        </div>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={`Counts of ${exhibition.name}`}>
        <Count n={exhibition.registrations} label={exhibition.registrations === 1 ? 'registration' : 'registrations'} />
        <Count n={exhibition.unverified} label="to verify" tone="alert" />
      </ul>
    </li>
  );
}

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; exhibition: StaffExhibition };

export default function StaffExhibitionsPage() {
  const { data, error, isPending, refetch } = useQuery(staffExhibitionsQuery());
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [notice, setNotice] = useState('');
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="exhibitions" />;

  function open(next: Editing) {
    setNotice('');
    setEditing(next);
    window.scrollTo(0, 0);
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff</p>
          <h1 className="text-3xl font-black text-ink sm:text-4xl">Exhibitions</h1>
          <p className="mt-1 max-w-prose text-muted">
            The exhibitions where visitors register pieces they bought, their booth links and QR codes, and the
            registrations waiting for a receipt check.{' '}
            <Link to="/staff/exhibitions/registrations" className={linkStyles}>
              All registrations
            </Link>
          </p>
        </div>
        {editing.kind === 'none' && (
          <Button className="self-start sm:self-auto" onClick={() => open({ kind: 'new' })}>
            New exhibition
          </Button>
        )}
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {editing.kind !== 'none' && (
        <ExhibitionForm
          key={editing.kind === 'edit' ? editing.exhibition.id : 'new'}
          exhibition={editing.kind === 'edit' ? editing.exhibition : null}
          onCancel={() => setEditing({ kind: 'none' })}
          onSaved={(saved, message) => {
            setEditing({ kind: 'none' });
            setNotice(message || `${saved.name} is saved.`);
          }}
        />
      )}
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the exhibitions"
      />
      {data &&
        (data.length ? (
          <ul aria-label="Exhibitions" className="flex flex-col gap-3">
            {data.map((exhibition) => (
              <ExhibitionRow
                key={exhibition.id}
                exhibition={exhibition}
                onEdit={() => open({ kind: 'edit', exhibition })}
              />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
            No exhibition yet. Use New exhibition to set up the first one.
          </p>
        ))}
    </div>
  );
}
