// /staff/exhibitions/registrations: the product registrations, newest first, filtered by
// exhibition, registration days and whether the receipt is verified (the filters live in the
// address), a page at a time, each opening its detail; the CSV export takes the same filters.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { REGISTRATIONS_PAGE_SIZE, type StaffRegistration } from '../../../../shared/contract/exhibitions';
import { ApiError } from '../../../api/client';
import { currentCredentials } from '../../../api/credentials';
import { Alert } from '../../../ui/alert';
import { Pager } from '../../../ui/pager';
import { Button } from '../../../ui/button';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { inputStyles } from '../../../ui/text-field';
import { dayWords, priceWords } from '../../exhibitions/exhibition-words';
import { LoadState } from '../load-state';
import { laTime } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import { registrationsQuery, staffExhibitionsQuery } from './queries';
import {
  csvPathOf,
  filterFromSearch,
  queryOf,
  searchOf,
  type FilterValues,
  type Verified,
} from './registration-filter';

const linkStyles = 'font-bold text-primary underline underline-offset-4';

const COLUMNS: readonly DataColumn<StaffRegistration>[] = [
  {
    header: 'Number',
    className: 'whitespace-nowrap',
    cell: (row) => (
      <Link to={`/staff/exhibitions/registrations/${row.id}`} className={`${linkStyles} font-mono`}>
        {row.number}
      </Link>
    ),
  },
  { header: 'Exhibition', cell: (row) => row.exhibition },
  { header: 'Piece', cell: (row) => `${row.product_kind}: ${row.description}`, className: 'min-w-48' },
  { header: 'Price', align: 'right', cell: (row) => priceWords(row.price_cents), className: 'whitespace-nowrap' },
  { header: 'Receipt', cell: (row) => row.receipt_number },
  { header: 'Bought', cell: (row) => dayWords(row.purchase_date), className: 'whitespace-nowrap' },
  { header: 'Name', cell: (row) => row.name },
  { header: 'E-mail', cell: (row) => row.email, className: 'wrap-anywhere' },
  {
    header: 'Verified',
    cell: (row) => (row.verified_at ? 'Yes' : <span className="font-bold text-secondary-hover">Not yet</span>),
  },
  { header: 'Registered', cell: (row) => laTime(row.created_at), className: 'whitespace-nowrap' },
];

function CsvExport({ values }: { values: FilterValues }) {
  const [problem, setProblem] = useState('');
  const href = csvPathOf(values);
  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setProblem('');
    try {
      const response = await fetch(href, { headers: { token: currentCredentials().token } });
      if (!response.ok) {
        setProblem(
          response.status === 401
            ? 'Your session has ended. Log in again to export the registrations.'
            : 'The registrations could not be exported just now. Please try again.',
        );
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'product-registrations.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      setProblem(
        'The registrations could not be exported: the server did not answer. Check your connection and try again.',
      );
    }
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <a href={href} download className={linkStyles} onClick={(event) => void download(event)}>
        Export these registrations (CSV)
      </a>
      {problem && <Alert tone="error">{problem}</Alert>}
    </div>
  );
}

function Filters({ values, onApply }: { values: FilterValues; onApply: (values: FilterValues) => void }) {
  const exhibitions = useQuery(staffExhibitionsQuery());
  const [draft, setDraft] = useState(values);
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  }
  return (
    <form
      onSubmit={handleSubmit}
      aria-label="Filter the registrations"
      className="grid gap-4 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      <label className="flex flex-col gap-1.5 text-sm font-bold text-ink">
        Exhibition
        <select
          className={inputStyles}
          value={draft.exhibition_id}
          onChange={(event) => setDraft({ ...draft, exhibition_id: event.target.value })}
        >
          <option value="">All exhibitions</option>
          {exhibitions.data?.map((exhibition) => (
            <option key={exhibition.id} value={String(exhibition.id)}>
              {exhibition.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-bold text-ink">
        Registered from
        <input
          type="date"
          className={inputStyles}
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-bold text-ink">
        Registered to
        <input
          type="date"
          className={inputStyles}
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-bold text-ink">
        Verified
        <select
          className={inputStyles}
          value={draft.verified}
          onChange={(event) => {
            const verified: Verified =
              event.target.value === 'yes' || event.target.value === 'no' ? event.target.value : 'all';
            setDraft({ ...draft, verified });
          }}
        >
          <option value="all">All</option>
          <option value="no">Not yet verified</option>
          <option value="yes">Verified</option>
        </select>
      </label>
      <Button type="submit">Show</Button>
    </form>
  );
}

export default function StaffRegistrationsPage() {
  const [search, setSearch] = useSearchParams();
  const values = filterFromSearch(search);
  const { data, error, isPending, isPlaceholderData, refetch } = useQuery(registrationsQuery(queryOf(values)));
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="exhibitions" />;
  const apply = (next: FilterValues) => setSearch(searchOf(next));
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.per_page || REGISTRATIONS_PAGE_SIZE))) : 1;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-1">
        <Link to="/staff/exhibitions" className="self-start font-bold text-primary underline underline-offset-4">
          All exhibitions
        </Link>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Product registrations</h1>
        <p className="max-w-prose text-muted">
          Pieces visitors registered after buying them at an exhibition. Open one to see its receipt photo and mark it
          verified. Days are Los Angeles days.
        </p>
      </div>
      <Filters key={search.toString()} values={values} onApply={apply} />
      <CsvExport values={values} />
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the registrations"
      />
      {data && (
        <section
          aria-labelledby="results-heading"
          aria-busy={isPlaceholderData || undefined}
          className="flex flex-col gap-3"
        >
          <h2 id="results-heading" className="text-lg font-black text-ink">
            {data.total === 1 ? '1 registration' : `${data.total.toLocaleString('en-US')} registrations`}
          </h2>
          {data.registrations.length > 0 ? (
            <div
              className="overflow-x-auto rounded-xl border border-line bg-white"
              tabIndex={0}
              role="region"
              aria-label="Registrations table"
            >
              <DataTable
                caption="Product registrations"
                columns={COLUMNS}
                rows={data.registrations}
                rowKey={(row) => row.id}
                className="min-w-[64rem]"
              />
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
              No registration matches these filters.
            </p>
          )}
          <Pager page={data.page} pages={pages} onPage={(page) => apply({ ...values, page })} />
        </section>
      )}
    </div>
  );
}
