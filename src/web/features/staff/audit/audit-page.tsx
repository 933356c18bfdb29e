// /staff/audit: every staff action, newest first (decision 088), filtered by who, action, target and
// Los Angeles days (the filters live in the address), a page at a time; a row opens to show what
// changed, field by field. "Download CSV" exports every page of the same filters.
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_FILTER_MAX, AUDIT_PAGE_SIZE, type AuditEntry } from '../../../../shared/contract/audit';
import { ApiError } from '../../../api/client';
import { currentCredentials } from '../../../api/credentials';
import { Alert } from '../../../ui/alert';
import { Pager } from '../../../ui/pager';
import { Button } from '../../../ui/button';
import { Th } from '../../../ui/data-table';
import { inputStyles } from '../../../ui/text-field';
import { LoadState } from '../load-state';
import { laTime } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import {
  auditCsvPathOf,
  auditFilterFromSearch,
  auditQueryOf,
  auditSearchOf,
  changedFields,
  type AuditFilterValues,
} from './audit-filter';
import { auditPageQuery } from './queries';

const linkStyles = 'font-bold text-primary underline underline-offset-4';
const labelStyles = 'flex flex-col gap-1.5 text-sm font-bold text-ink';

function statusWords(status: number): string {
  return status < 400 ? `Done (${status})` : `Refused (${status})`;
}

function targetWords(entry: AuditEntry): string {
  if (!entry.target_type) return '—';
  return entry.target_id ? `${entry.target_type.replaceAll('_', ' ')} #${entry.target_id}` : entry.target_type;
}

function CsvDownload({ values }: { values: AuditFilterValues }) {
  const [problem, setProblem] = useState('');
  const href = auditCsvPathOf(values);
  async function handleDownload(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setProblem('');
    try {
      const response = await fetch(href, { headers: { token: currentCredentials().token } });
      if (!response.ok) {
        setProblem(
          response.status === 401
            ? 'Your session has ended. Log in again to download the audit log.'
            : 'The audit log could not be downloaded just now. Please try again.',
        );
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'audit-log.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      setProblem(
        'The audit log could not be downloaded: the server did not answer. Check your connection and try again.',
      );
    }
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <a href={href} download className={linkStyles} onClick={(event) => void handleDownload(event)}>
        Download CSV
      </a>
      {problem && <Alert tone="error">{problem}</Alert>}
    </div>
  );
}

function Filters({ values, onApply }: { values: AuditFilterValues; onApply: (values: AuditFilterValues) => void }) {
  const [draft, setDraft] = useState(values);
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  }
  const text = (name: 'who' | 'action' | 'target_type' | 'target_id', label: string, hint?: string) => (
    <label className={labelStyles}>
      {label}
      <input
        type="text"
        className={inputStyles}
        value={draft[name]}
        maxLength={AUDIT_FILTER_MAX}
        placeholder={hint}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </label>
  );
  return (
    <form
      onSubmit={handleSubmit}
      aria-label="Filter the audit log"
      className="grid gap-4 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[2fr_2fr_1fr_1fr_1fr_1fr_auto] xl:items-end"
    >
      {text('who', 'Who', 'Name, e-mail or account number')}
      {text('action', 'Action', 'e.g. events or chat.ban')}
      {text('target_type', 'Target kind', 'e.g. event')}
      {text('target_id', 'Target number')}
      <label className={labelStyles}>
        From
        <input
          type="date"
          className={inputStyles}
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </label>
      <label className={labelStyles}>
        To
        <input
          type="date"
          className={inputStyles}
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </label>
      <Button type="submit">Show</Button>
    </form>
  );
}

function ChangeDetails({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry.before_json, entry.after_json);
  return (
    <div className="flex flex-col gap-3">
      {fields.length > 0 ? (
        <table className="w-full max-w-3xl text-left text-sm">
          <caption className="sr-only">What changed</caption>
          <thead className="text-muted">
            <tr>
              <Th className="py-1 pr-3">Field</Th>
              <Th className="py-1 pr-3">Before</Th>
              <Th className="py-1">After</Th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field.field} className="border-t border-line align-top">
                <th scope="row" className="py-1 pr-3 font-mono font-bold text-ink">
                  {field.field}
                </th>
                <td className="py-1 pr-3 wrap-anywhere">
                  <del className="text-danger">{field.before}</del>
                </td>
                <td className="py-1 wrap-anywhere">
                  <ins className="font-bold text-success no-underline">{field.after}</ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-muted">No before and after recorded for this action.</p>
      )}
      <p className="text-xs text-muted wrap-anywhere">
        {entry.method} {entry.route} · from {entry.ip} · request {entry.request_id}
      </p>
    </div>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  function toggle(id: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }
  return (
    <table className="w-full min-w-[52rem] text-left text-sm">
      <caption className="sr-only">Audit log</caption>
      <thead className="bg-canvas text-muted">
        <tr>
          <Th>When (Los Angeles)</Th>
          <Th>Who</Th>
          <Th>Action</Th>
          <Th>Target</Th>
          <Th>Answer</Th>
          <Th>
            <span className="sr-only">Change</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const isOpen = open.has(entry.id);
          const detailsId = `audit-change-${entry.id}`;
          return (
            <Fragment key={entry.id}>
              <tr className="border-t border-line align-top">
                <th scope="row" className="px-3 py-2 text-left font-bold whitespace-nowrap text-ink">
                  {laTime(entry.at)}
                </th>
                <td className="px-3 py-2 wrap-anywhere">{entry.actor_label}</td>
                <td className="px-3 py-2 font-mono text-xs wrap-anywhere">{entry.action}</td>
                <td className="px-3 py-2 whitespace-nowrap">{targetWords(entry)}</td>
                <td
                  className={`px-3 py-2 whitespace-nowrap ${entry.status >= 400 ? 'font-bold text-secondary-hover' : ''}`}
                >
                  {statusWords(entry.status)}
                </td>
                <td className="px-3 py-2 text-right">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-expanded={isOpen}
                    aria-controls={detailsId}
                    onClick={() => toggle(entry.id)}
                  >
                    {isOpen ? 'Hide change' : 'Show change'}
                  </Button>
                </td>
              </tr>
              {isOpen && (
                <tr id={detailsId} className="bg-canvas">
                  <td colSpan={6} className="px-3 py-3">
                    {/* Held at the region's left edge, so a phone scrolled to the row's button still sees the change. */}
                    <div className="sticky left-3 w-[min(48rem,calc(100vw-4rem))]">
                      <ChangeDetails entry={entry} />
                    </div>
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

export default function StaffAuditPage() {
  const [search, setSearch] = useSearchParams();
  const values = auditFilterFromSearch(search);
  const { data, error, isPending, isPlaceholderData, refetch } = useQuery(auditPageQuery(auditQueryOf(values)));
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="the audit log" />;
  const apply = (next: AuditFilterValues) => setSearch(auditSearchOf(next));
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.per_page || AUDIT_PAGE_SIZE))) : 1;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Audit log</h1>
        <p className="max-w-prose text-muted">
          Every change staff make, in the shop and in chat, and every attempt that was refused: who, what, when and what
          it changed. Rows are never edited or removed. Days and times are Los Angeles time.
        </p>
      </div>
      <Filters key={search.toString()} values={values} onApply={apply} />
      <CsvDownload values={values} />
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the audit log"
      />
      {data && (
        <section
          aria-labelledby="results-heading"
          aria-busy={isPlaceholderData || undefined}
          className="flex flex-col gap-3"
        >
          <h2 id="results-heading" className="text-lg font-black text-ink">
            {data.total === 1 ? '1 action' : `${data.total.toLocaleString('en-US')} actions`}
          </h2>
          {data.entries.length > 0 ? (
            <div
              className="relative overflow-x-auto rounded-xl border border-line bg-white"
              tabIndex={0}
              role="region"
              aria-label="Audit log table"
            >
              <AuditTable entries={data.entries} />
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
              No action matches these filters.
            </p>
          )}
          <Pager page={data.page} pages={pages} onPage={(page) => apply({ ...values, page })} />
        </section>
      )}
    </div>
  );
}
