// /staff/rewards/points: find a viewer by e-mail, see their balance, tier and ledger (hashes
// shortened), check the whole chain here with ledger-chain.ts, and add a correcting row.
import { useEffect, useState, type FormEvent } from 'react';
import type { LedgerRow } from '../../../../shared/contract/rewards';
import type { StaffRewardViewer } from '../../../../shared/contract/rewards-staff';
import { verifyLedger, type ChainCheck } from '../../../../shared/ledger-chain';
import { reasonWords } from '../../../../shared/reward-words';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { TextField } from '../../../ui/text-field';
import { ReportSection } from '../report-parts';
import { laTime } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import { newFormKey, useAdjustPoints, useStaffLedger, useStaffViewerPoints } from './queries';
import { LookupForm, lookupIssue } from './lookup-form';
import { RewardsFrame, ShortHash } from './rewards-frame';

const count = (n: number) => n.toLocaleString('en-US');
const signed = (n: number) => (n > 0 ? `+${count(n)}` : count(n));

type Row = StaffRewardViewer['ledger']['rows'][number];

const COLUMNS: readonly DataColumn<Row>[] = [
  { header: 'Row', cell: (row) => `#${row.seq}` },
  { header: 'When (LA time)', cell: (row) => <time dateTime={row.created_at}>{laTime(row.created_at)}</time> },
  {
    header: 'Points',
    align: 'right',
    cell: (row) => (
      <span className={row.points < 0 ? 'font-bold text-danger' : 'font-bold text-success'}>{signed(row.points)}</span>
    ),
  },
  {
    header: 'Why',
    className: 'min-w-48',
    cell: (row) => (
      <>
        <span className="block font-bold text-ink">
          {reasonWords(row.reason)}
          {row.state === 'pending' && ' (pending)'}
        </span>
        {row.note && <span className="block text-ink wrap-anywhere">“{row.note}”</span>}
        {row.added_by && <span className="block text-muted">Added by {row.added_by}</span>}
      </>
    ),
  },
  { header: 'Hash', cell: (row) => <ShortHash hash={row.hash} /> },
  { header: 'Previous hash', cell: (row) => <ShortHash hash={row.prev_hash} /> },
];

/** Recomputes the whole chain here, and compares its end with what the server says its end is. */
function ChainStatus({ userId, chain }: { userId: number; chain: StaffRewardViewer['chain'] }) {
  const ledger = useStaffLedger(userId);
  const [check, setCheck] = useState<{ rows: LedgerRow[]; result: ChainCheck } | null>(null);
  useEffect(() => {
    const rows = ledger.data;
    if (!rows) return;
    let current = true;
    void verifyLedger(rows).then((result) => current && setCheck({ rows, result }));
    return () => {
      current = false;
    };
  }, [ledger.data]);

  if (ledger.isError) return <Alert tone="error">{errorMessage(ledger.error)}</Alert>;
  if (!check || check.rows !== ledger.data || ledger.isFetching)
    return <p className="text-sm text-muted">Checking the hash chain…</p>;
  const { result } = check;
  if (!result.ok)
    return (
      <Alert tone="error">
        The chain does not verify: row #{result.seq} fails its {result.problem === 'hash' ? 'hash' : result.problem}{' '}
        check.
      </Alert>
    );
  if (result.rows !== chain.rows || result.headHash !== chain.head_hash)
    return <Alert tone="error">The chain verifies, but it does not end where the server says it ends.</Alert>;
  return (
    <Alert tone="success">
      Chain verified on this screen: {count(result.rows)} {result.rows === 1 ? 'row' : 'rows'}, each hash recomputed,
      ending in <ShortHash hash={result.headHash} />.
    </Alert>
  );
}

function AdjustForm({ viewer }: { viewer: StaffRewardViewer['viewer'] }) {
  const [points, setPoints] = useState('');
  const [note, setNote] = useState('');
  // One key per filled-in form: a double click or a resend adds one row; a new key after each success.
  const [key, setKey] = useState(newFormKey);
  const [notice, setNotice] = useState('');
  const adjust = useAdjustPoints();
  const issues = adjust.error instanceof ApiError ? adjust.error.fieldIssues : [];
  const issueOf = (field: string) => issues.find((issue) => issue.field === field)?.message;

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    const typed = points.trim().replace(/^\+/, '');
    adjust.mutate(
      { user_id: viewer.id, points: typed ? Number(typed) : Number.NaN, note, key },
      {
        onSuccess: (answer) => {
          setNotice(answer.message);
          setPoints('');
          setNote('');
          setKey(newFormKey());
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
      <TextField
        label="Points"
        hint="Negative to take points back."
        inputMode="numeric"
        value={points}
        onChange={(e) => setPoints(e.target.value)}
        error={issueOf('points')}
        required
      />
      <TextField
        label="Reason"
        hint="The viewer sees this in their ledger."
        maxLength={200}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={issueOf('note')}
        required
      />
      <Button type="submit" isBusy={adjust.isPending} className="sm:mt-7">
        Add the row
      </Button>
      {adjust.isError && issues.length === 0 && (
        <Alert tone="error" className="sm:col-span-3">
          {errorMessage(adjust.error)}
        </Alert>
      )}
      {notice && (
        <Alert tone="success" className="sm:col-span-3">
          {notice}
        </Alert>
      )}
    </form>
  );
}

function ViewerPoints({
  found,
  onPage,
  hasNewer,
}: {
  found: StaffRewardViewer;
  onPage: (cursor: number | undefined) => void;
  hasNewer: boolean;
}) {
  const { viewer } = found;
  const facts = [
    ['Balance', `${count(found.balance)} points`],
    ['Pending', `${count(found.pending)} points`],
    ['Tier', `${found.tier.name} (${count(found.tier.earned)} earned in ${found.tier.season.label})`],
    [
      'Expires next',
      found.next_expiry ? `${count(found.next_expiry.points)} on ${laTime(found.next_expiry.expires_at)}` : 'Nothing',
    ],
  ] as const;
  return (
    <>
      <ReportSection id="viewer-heading" title={`${viewer.first_name} ${viewer.last_name}`.trim() || viewer.email}>
        <p className="text-sm text-muted">
          {viewer.email} · viewer #{viewer.id}
        </p>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {facts.map(([term, value]) => (
            <div key={term} className="rounded-lg bg-canvas p-3">
              <dt className="text-sm font-bold text-muted">{term}</dt>
              <dd className="text-lg font-black text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </ReportSection>

      <ReportSection id="adjust-heading" title="Add a correcting row">
        <p className="rounded-lg border border-secondary/40 bg-canvas p-3 text-sm text-ink">
          <strong>Ledger rows can only be added. Nobody can edit or delete a row, staff included.</strong> To fix a
          mistake, add a row that corrects it, with the reason. Each row is chained to the one before by its hash, so
          the viewer can check that no row was changed or removed.
        </p>
        <AdjustForm viewer={viewer} />
        <ChainStatus userId={viewer.id} chain={found.chain} />
      </ReportSection>

      <ReportSection id="ledger-heading" title="Ledger" note="Newest first. Hover a hash to see all of it.">
        {found.ledger.rows.length ? (
          // Focusable, so a keyboard can scroll the table sideways on a phone.
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Ledger rows, scrolls sideways">
            <DataTable
              caption={`Ledger rows of ${viewer.email}`}
              columns={COLUMNS}
              rows={found.ledger.rows}
              rowKey={(row) => row.seq}
              className="min-w-[52rem]"
            />
          </div>
        ) : (
          <p className="text-muted">No rows yet: this viewer has not earned or spent points.</p>
        )}
        {(hasNewer || found.ledger.next_cursor !== null) && (
          <div className="flex flex-wrap gap-2">
            {hasNewer && (
              <Button variant="outline" size="sm" onClick={() => onPage(undefined)}>
                Back to the newest rows
              </Button>
            )}
            {found.ledger.next_cursor !== null && (
              <Button variant="outline" size="sm" onClick={() => onPage(found.ledger.next_cursor ?? undefined)}>
                Older rows
              </Button>
            )}
          </div>
        )}
      </ReportSection>
    </>
  );
}

export default function StaffPointsPage() {
  const [email, setEmail] = useState('');
  const [cursor, setCursor] = useState<number | undefined>(undefined);
  const points = useStaffViewerPoints(email, cursor);
  if (points.error instanceof ApiError && points.error.httpStatus === 403) return <StaffOnly what="rewards" />;

  function find(value: string) {
    setCursor(undefined);
    setEmail(value);
  }

  const issue = lookupIssue(points.error);
  return (
    <RewardsFrame
      title="Viewer points"
      intro="Find a viewer by e-mail to see their points, tier and every row of their ledger, and to correct their points."
    >
      <LookupForm
        label="Viewer's e-mail"
        type="email"
        button="Find"
        isBusy={points.isFetching && !points.data}
        error={points.error}
        onFind={find}
      />
      {points.isError && !issue && <Alert tone="error">{errorMessage(points.error)}</Alert>}
      {points.data && !points.isError && (
        <ViewerPoints found={points.data} onPage={setCursor} hasNewer={cursor !== undefined} />
      )}
    </RewardsFrame>
  );
}
