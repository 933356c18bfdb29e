// /staff/console/:eventid: the producer console (issue 20, decision 083). One screen from which one
// person runs a live show: preview and on-air state, rundown, giveaway, spin, guessing game, chat,
// live counters with the viewers chart, alerts, the buyers to call back and the action log. Three
// columns at 1280 px, two at 1024 px; every on-air action has a key, irreversible ones are armed
// first. A rehearsal's copy says so in a banner and can be ended from here.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ConsoleAction } from '../../../../shared/contract/console';
import { ApiError, errorMessage } from '../../../api/client';
import { usePageTitle } from '../../../shell/page-title';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { eventIdFrom } from '../../events/queries';
import { LoadState } from '../load-state';
import { StaffOnly } from '../staff-only';
import { AlertsStrip } from './alerts-strip';
import { BuyersPanel } from './buyers-panel';
import { ConsoleChat } from './chat-panel';
import { ConsoleContext, useConsole, type Console } from './console-context';
import { CountersPanel } from './counters-panel';
import type { StreamStatus } from './event-stream';
import { GiveawayPanel } from './giveaway-panel';
import { GuessingPanel } from './guessing-panel';
import { LogPanel } from './log-panel';
import { OnAirPanel } from './on-air-panel';
import { useConsoleAct, useConsoleSnapshot, useConsoleStream, useEndRehearsal } from './queries';
import { RundownPanel } from './rundown-panel';
import { SpinPanel } from './spin-panel';
import { useArm } from './use-arm';

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const STREAM_WORDS: Record<StreamStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live updates on',
  reconnecting: 'Reconnecting…',
  ended: 'Live updates stopped',
};

export default function ConsolePage() {
  const eventId = eventIdFrom(useParams().eventid) ?? 0;
  const { data: snapshot, error, isPending, refetch } = useConsoleSnapshot(eventId);
  const stream = useConsoleStream(eventId);
  const act = useConsoleAct(eventId);
  const arm = useArm();
  const now = useNow();
  const [said, setSaid] = useState('');
  usePageTitle(snapshot ? `Console: ${snapshot.show.title}` : 'Producer console');

  const { mutate, variables, isPending: isActing } = act;
  const run = useCallback(
    (action: ConsoleAction, done: string) =>
      mutate(action, {
        onSuccess: () => setSaid(done),
        onError: () => setSaid(''),
      }),
    [mutate],
  );
  const value = useMemo<Console | null>(
    () =>
      snapshot ? { eventId, snapshot, now, arm, run, busy: isActing && variables ? variables.action : null } : null,
    [eventId, snapshot, now, arm, run, isActing, variables],
  );

  // What another producer did, read out politely.
  const change = stream.lastChange;
  useEffect(() => {
    if (change) setSaid(`${change.by}: ${change.action.replaceAll('_', ' ')}.`);
  }, [change]);

  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="the producer console" />;
  const isMissing =
    eventId === 0 || (error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 400));
  if (isMissing)
    return (
      <div className="mx-auto flex max-w-xl flex-col items-start gap-3 px-4 py-12">
        <h1 className="text-3xl font-black text-ink">We could not find that show</h1>
        <p className="text-muted">The console runs shows. Open it from a show on the shows list.</p>
        <Link to="/staff/shows" className="font-bold text-primary underline">
          All shows
        </Link>
      </div>
    );

  return (
    <div className="mx-auto flex w-full max-w-[100rem] flex-col gap-3 px-3 py-4">
      {!value ? (
        <LoadState
          error={error}
          isPending={isPending}
          onRetry={() => void refetch()}
          loadingLabel="Loading the console"
        />
      ) : (
        <ConsoleContext.Provider value={value}>
          <ConsoleHeader streamStatus={stream.status} />
          {act.error && (
            <Alert tone="error" className="flex items-center justify-between gap-2">
              {errorMessage(act.error)}
              <Button size="sm" variant="ghost" onClick={() => act.reset()}>
                Dismiss
              </Button>
            </Alert>
          )}
          <p className="sr-only" aria-live="polite" data-testid="console-said">
            {said}
          </p>
          <AlertsStrip alerts={value.snapshot.alerts} />
          <div className="grid gap-3 lg:grid-cols-2 xl:grid-cols-3">
            <div className="flex min-w-0 flex-col gap-3">
              <OnAirPanel />
              <CountersPanel />
            </div>
            <div className="flex min-w-0 flex-col gap-3">
              <RundownPanel />
              <GiveawayPanel />
            </div>
            <div className="grid min-w-0 gap-3 lg:col-span-2 lg:grid-cols-2 xl:col-span-1 xl:flex xl:flex-col">
              <ConsoleChat />
              <div className="flex min-w-0 flex-col gap-3">
                <GuessingPanel />
                <SpinPanel />
              </div>
            </div>
            <div className="grid min-w-0 items-start gap-3 lg:col-span-2 lg:grid-cols-2 xl:col-span-3">
              <BuyersPanel />
              <LogPanel />
            </div>
          </div>
        </ConsoleContext.Provider>
      )}
    </div>
  );
}

function ConsoleHeader({ streamStatus }: { streamStatus: StreamStatus }) {
  const { snapshot, eventId } = useConsole();
  const { show } = snapshot;
  const navigate = useNavigate();
  const end = useEndRehearsal(eventId);
  return (
    <header className="flex flex-col gap-2">
      {show.rehearsal && (
        <div
          role="region"
          aria-label="Rehearsal"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-amber-100 px-4 py-3 text-amber-950 ring-2 ring-amber-500"
        >
          <p className="font-black">Rehearsal — only staff see this. {show.rehearsal.viewers} synthetic viewers.</p>
          <Button
            size="sm"
            variant="outline"
            isBusy={end.isPending}
            onClick={() =>
              end.mutate(undefined, {
                onSuccess: ({ ended, message }) =>
                  navigate(`/staff/shows/${ended.source_event_id}`, { state: { notice: message } }),
              })
            }
          >
            End rehearsal
          </Button>
          {end.error && <Alert tone="error">{errorMessage(end.error)}</Alert>}
        </div>
      )}
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-black tracking-widest text-secondary uppercase">Producer console</p>
          <h1 className="text-2xl font-black text-ink wrap-anywhere">{show.title}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="flex items-center gap-1.5 font-bold text-muted">
            <span
              aria-hidden="true"
              className={cx('size-2.5 rounded-full', streamStatus === 'live' ? 'bg-success' : 'bg-amber-500')}
            />
            {STREAM_WORDS[streamStatus]}
          </span>
          <span className="hidden text-muted lg:inline">
            Keys on the buttons work when no field has focus; Esc lets go of an armed action.
          </span>
          <Link
            to={`/staff/shows/${show.rehearsal?.source_event_id ?? show.id}`}
            className="font-bold text-primary underline"
          >
            Show page
          </Link>
        </div>
      </div>
    </header>
  );
}
