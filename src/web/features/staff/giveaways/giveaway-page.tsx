// /staff/giveaways/:id: one giveaway for staff. The live draw screen comes first, large enough to
// show on air: draw, respin a repeat winner, the winner's 5-minute claim countdown, confirm the
// claim, forfeit and redraw, announce. Then the entry counts and CSV export, the spin prize table,
// the details and terms editor, the picks and the audit log (with paused access-code tries, decision 051).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { pathWith } from '../../../../shared/contract/call';
import {
  ENTRIES_CSV_PATH,
  type AuditAction,
  type StaffGiveawayDetail,
  type StaffPick,
} from '../../../../shared/contract/giveaways-staff';
import { ApiError, errorMessage } from '../../../api/client';
import { currentCredentials } from '../../../api/credentials';
import { Alert } from '../../../ui/alert';
import { Button, buttonStyles } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { eventIdFrom } from '../../events/queries';
import { withCode } from '../../giveaways/private-link';
import { LoadState } from '../load-state';
import { laTime, timeRange } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import { GiveawayForm } from './giveaway-form';
import { StateBadge } from './giveaways-page';
import { PrizeTableEditor } from './prize-table-editor';
import { staffGiveawayQuery, useDrawStep, type DrawStep } from './queries';

/** '1 entrant', '12 entrants'. */
const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** How a pick stands, with an in-app claim told apart from one staff confirmed. */
const pickLabel = (pick: StaffPick) =>
  pick.claimed_in_app ? 'Claimed in the app by the winner' : PICK_LABELS[pick.status];

/** What each audit line records, as a short label before its text. */
const AUDIT_LABELS: Record<AuditAction, string> = {
  commit: 'Commitment',
  reveal: 'Seed revealed',
  draw: 'Draw',
  respin: 'Respin',
  claim: 'Claimed',
  forfeit: 'Forfeited',
  announce: 'Winners shown',
  unannounce: 'Winners hidden',
  terms: 'Terms',
  'code-limit': 'Wrong access codes',
};

const CLAIM_MODE_LABELS: Record<StaffGiveawayDetail['claim_mode'], string> = {
  text: 'Texts or calls us; staff press Claimed',
  app: 'Presses the claim button in the app (or staff press Claimed)',
};

const PICK_LABELS: Record<StaffPick['status'], string> = {
  pending: 'Waiting for the claim',
  repeat: 'Repeat winner: respin',
  claimed: 'Claimed',
  forfeited: 'Forfeited',
  respun: 'Repeat winner, respun',
};

function useSecondsLeft(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  if (!until) return null;
  return Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000));
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function ClaimCountdown({ pick }: { pick: StaffPick }) {
  const left = useSecondsLeft(pick.claim_by);
  if (left === null) return null;
  return (
    <div className="flex flex-col items-center">
      <span className="text-sm font-bold tracking-widest text-white/80 uppercase">
        {left > 0 ? 'Time left to message in' : 'Claim window over'}
      </span>
      <span
        role="timer"
        aria-label={
          left > 0 ? `${Math.floor(left / 60)} minutes ${left % 60} seconds left to claim` : 'The claim window is over'
        }
        className="font-mono text-6xl font-black tabular-nums sm:text-8xl"
      >
        {clock(left)}
      </span>
    </div>
  );
}

function LiveDraw({ giveaway }: { giveaway: StaffGiveawayDetail }) {
  const step = useDrawStep(giveaway.id);
  const [message, setMessage] = useState<string | null>(null);
  const current = [...giveaway.picks].reverse().find((p) => p.status === 'pending' || p.status === 'repeat') ?? null;
  const claimed = giveaway.picks.filter((p) => p.status === 'claimed');
  const done = claimed.length >= giveaway.winner_count;
  const canDraw = giveaway.state === 'closed' || giveaway.state === 'drawn';

  function run(action: DrawStep) {
    setMessage(null);
    step.mutate(action, { onSuccess: ({ message: said }) => setMessage(said) });
  }

  return (
    <section aria-labelledby="draw-heading" className="flex flex-col gap-5 rounded-2xl bg-ink p-5 text-white sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="draw-heading" className="text-2xl font-black sm:text-3xl">
          Live draw
        </h2>
        <p className="text-lg font-bold text-white/80">
          {counted(giveaway.entrants, 'entrant', 'entrants')} · {counted(giveaway.tickets, 'entry', 'entries')} ·{' '}
          {claimed.length} of {counted(giveaway.winner_count, 'winner', 'winners')} claimed
        </p>
      </div>
      {current ? (
        <div className="flex flex-col items-center gap-4 rounded-xl bg-white/10 p-6 text-center">
          <p className="text-lg font-black tracking-widest text-white/80 uppercase">
            {current.status === 'repeat' ? 'Already won in this show' : `Pick ${current.sequence}`}
          </p>
          <p data-testid="drawn-name" className="text-5xl leading-tight font-black wrap-anywhere sm:text-7xl">
            {current.name}
          </p>
          <p className="text-lg text-white/80">
            Entry {current.entry_number} of {giveaway.entrants} · {counted(current.weight, 'chance', 'chances')} ·
            ticket {Number(current.ticket) + 1} of {current.total_weight}
            {current.whatnot_username && ` · Whatnot: ${current.whatnot_username}`}
          </p>
          {current.status === 'pending' && <ClaimCountdown pick={current} />}
          {current.status === 'pending' && (
            <p className="text-base text-white/80">
              {giveaway.claim_mode === 'app'
                ? 'The winner can claim with the button on their page.'
                : 'The winner claims by text or call.'}
            </p>
          )}
          <div className="flex flex-wrap justify-center gap-3">
            {current.status === 'repeat' ? (
              <Button
                size="md"
                className="min-h-14 px-8 text-xl"
                onClick={() => run({ step: 'respin', pick_id: current.id })}
                isBusy={step.isPending}
              >
                Respin
              </Button>
            ) : (
              <>
                <Button
                  variant="secondary"
                  className="min-h-14 px-8 text-xl"
                  onClick={() => run({ step: 'claim', pick_id: current.id })}
                  isBusy={step.isPending}
                >
                  Claimed
                </Button>
                <Button
                  variant="outline"
                  className="min-h-14 px-8 text-xl"
                  onClick={() => run({ step: 'forfeit', pick_id: current.id, redraw: true })}
                  isBusy={step.isPending}
                >
                  Forfeit and redraw
                </Button>
              </>
            )}
          </div>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-4 rounded-xl bg-white/10 p-6 text-center">
          <p className="text-xl font-bold">
            {done
              ? 'Every winner has claimed. Well done!'
              : canDraw
                ? 'Entries are closed. Ready when you are.'
                : 'Entries are still open: the draw starts once the giveaway closes.'}
          </p>
          {!done && (
            <Button
              className="min-h-16 px-10 text-2xl"
              onClick={() => run({ step: 'draw' })}
              isBusy={step.isPending}
              disabled={!canDraw}
            >
              Draw a winner
            </Button>
          )}
        </div>
      )}
      <div aria-live="polite">
        {message && <p className="rounded-lg bg-white px-4 py-3 text-lg font-bold text-ink">{message}</p>}
        {step.isError && (
          <p className="rounded-lg bg-danger-soft px-4 py-3 text-lg font-bold text-danger">
            {errorMessage(step.error)}
          </p>
        )}
      </div>
      {claimed.length > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            onClick={() => run({ step: 'announce', announced: !giveaway.announced })}
            isBusy={step.isPending}
          >
            {giveaway.announced ? 'Hide the winners from the public page' : 'Announce the winners on the public page'}
          </Button>
        </div>
      )}
    </section>
  );
}

function Picks({ picks }: { picks: StaffPick[] }) {
  if (picks.length === 0) return null;
  return (
    <section aria-labelledby="picks-heading" className="flex flex-col gap-3">
      <h2 id="picks-heading" className="text-xl font-black text-ink">
        Picks
      </h2>
      <div className="overflow-x-auto rounded-xl border border-line bg-white">
        <DataTable
          caption="Winners drawn, in the order they were picked"
          rows={picks}
          rowKey={(pick) => pick.id}
          columns={[
            { header: '#', cell: (pick) => pick.sequence, className: 'font-normal tabular-nums' },
            {
              header: 'Winner',
              className: 'font-bold',
              cell: (pick) => (
                <>
                  {pick.name} <span className="font-normal text-muted">(entry {pick.entry_number})</span>
                </>
              ),
            },
            {
              header: 'Contact',
              className: 'wrap-anywhere',
              cell: (pick) => (
                <>
                  {pick.email}
                  {pick.phone && ` · ${pick.phone}`}
                </>
              ),
            },
            { header: 'Status', cell: pickLabel },
            {
              header: 'Drawn',
              cell: (pick) => (
                <>
                  {laTime(pick.drawn_at)} by {pick.drawn_by}
                </>
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}

/** A private giveaway's code, and the link that opens it for invited viewers (decision 051). */
function PrivateLink({ id, code }: { id: number; code: string }) {
  if (!code) return <>Private, with no access code yet: nobody but staff can open it. Edit it to set one.</>;
  const link = `${window.location.origin}${withCode(`/giveaway/${id}`, code)}`;
  return (
    <span className="flex flex-col gap-1">
      <span>
        Private, code <span className="font-mono font-bold">{code}</span>. Staff, its entrants and whoever has the code
        can open it; to anyone else it does not exist.
      </span>
      <span>
        Link for invited viewers:{' '}
        <a href={link} className="font-mono break-all text-primary underline underline-offset-4">
          {link}
        </a>
      </span>
    </span>
  );
}

function AuditLog({ giveaway }: { giveaway: StaffGiveawayDetail }) {
  return (
    <details className="rounded-xl border border-line bg-white p-4">
      <summary className="cursor-pointer font-black text-ink">Audit log ({giveaway.log.length})</summary>
      <ol className="mt-3 flex flex-col gap-2 text-sm">
        {giveaway.log.map((line) => (
          <li key={line.id}>
            <span className="font-bold">{laTime(line.created_at)}</span> ·{' '}
            <span className={line.action === 'code-limit' ? 'font-bold text-danger' : 'font-bold text-secondary'}>
              {AUDIT_LABELS[line.action]}
            </span>{' '}
            · {line.actor}: {line.detail}
          </li>
        ))}
      </ol>
    </details>
  );
}

function Giveaway({ giveaway }: { giveaway: StaffGiveawayDetail }) {
  const { state } = useLocation();
  const [isEditing, setIsEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(() =>
    state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string' ? state.notice : null,
  );
  const [csvProblem, setCsvProblem] = useState<string | null>(null);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <Link to="/staff/giveaways" className="self-start font-bold text-primary underline underline-offset-4">
        All giveaways
      </Link>
      <header className="flex flex-col gap-2">
        <StateBadge state={giveaway.state} />
        <h1 className="text-3xl font-black text-ink wrap-anywhere sm:text-4xl">{giveaway.title}</h1>
        <p className="font-bold text-muted">
          {timeRange(giveaway.cust_start, giveaway.cust_end)}
          {giveaway.show_title && ` · ${giveaway.show_title}`}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to={`/giveaway/${giveaway.id}`} className="font-bold text-primary underline underline-offset-4">
            Public page
          </Link>
          <Link to={`/giveaway-terms/${giveaway.id}`} className="font-bold text-primary underline underline-offset-4">
            Terms page
          </Link>
          <CsvExport id={giveaway.id} onProblem={setCsvProblem} />
        </p>
        {csvProblem && <Alert tone="error">{csvProblem}</Alert>}
      </header>
      {notice && <Alert tone="success">{notice}</Alert>}
      <LiveDraw giveaway={giveaway} />
      <Picks picks={giveaway.picks} />
      <PrizeTableEditor eventId={giveaway.id} />
      <section aria-labelledby="details-heading" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="details-heading" className="text-xl font-black text-ink">
            Details and terms
          </h2>
          {!isEditing && (
            <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
              Edit
            </Button>
          )}
        </div>
        {isEditing ? (
          <GiveawayForm
            giveaway={giveaway}
            onCancel={() => setIsEditing(false)}
            onSaved={(_saved, message) => {
              setIsEditing(false);
              setNotice(message);
            }}
          />
        ) : (
          <dl className="grid gap-2 rounded-xl border border-line bg-white p-4 sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-bold text-muted">Prize</dt>
            <dd>{giveaway.prize || '—'}</dd>
            <dt className="font-bold text-muted">Prize value</dt>
            <dd>{giveaway.tnc_prices}</dd>
            <dt className="font-bold text-muted">Winners</dt>
            <dd>{giveaway.winner_count}</dd>
            <dt className="font-bold text-muted">How the winner claims</dt>
            <dd>{CLAIM_MODE_LABELS[giveaway.claim_mode]}</dd>
            <dt className="font-bold text-muted">Visibility</dt>
            <dd>
              {giveaway.IS_Public === 1 ? 'Public' : <PrivateLink id={giveaway.id} code={giveaway.access_code} />}
            </dd>
            <dt className="font-bold text-muted">Seed commitment</dt>
            <dd className="font-mono text-sm break-all">{giveaway.commitment}</dd>
            <dt className="font-bold text-muted">Banner clicks</dt>
            <dd>{giveaway.banner_clicks}</dd>
          </dl>
        )}
      </section>
      <AuditLog giveaway={giveaway} />
    </div>
  );
}

/**
 * The CSV needs the staff token header, so it is fetched and handed to the browser as a file. A
 * refusal (the session ended, the giveaway is gone) is said next to the link instead of nothing happening.
 */
function CsvExport({ id, onProblem }: { id: number; onProblem: (message: string | null) => void }) {
  const href = pathWith(ENTRIES_CSV_PATH, { id });
  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    onProblem(null);
    try {
      const response = await fetch(href, {
        headers: { token: currentCredentials().token },
      });
      if (!response.ok) {
        onProblem(
          response.status === 401
            ? 'Your session has ended. Log in again to export the entries.'
            : 'The entries could not be exported just now. Please try again.',
        );
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `giveaway-${id}-entries.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      onProblem('The entries could not be exported: the server did not answer. Check your connection and try again.');
    }
  }
  return (
    <a
      href={href}
      download
      className="font-bold text-primary underline underline-offset-4"
      onClick={(event) => void download(event)}
    >
      Export entries (CSV)
    </a>
  );
}

export default function StaffGiveawayPage() {
  const id = eventIdFrom(useParams().id);
  const query = useQuery({ ...staffGiveawayQuery(id ?? 0), enabled: id !== null });
  if (query.error instanceof ApiError && query.error.httpStatus === 403) return <StaffOnly what="giveaways" />;
  if (id === null || (query.error instanceof ApiError && query.error.httpStatus === 404)) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-black text-ink">We could not find that giveaway</h1>
        <Link to="/staff/giveaways" className={buttonStyles('primary')}>
          All giveaways
        </Link>
      </div>
    );
  }
  if (query.data) return <Giveaway giveaway={query.data} />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <LoadState
        error={query.error}
        isPending={query.isPending}
        onRetry={() => void query.refetch()}
        loadingLabel="Loading the giveaway"
      />
    </div>
  );
}
