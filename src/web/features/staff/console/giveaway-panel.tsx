// The giveaway on air: entries so far, opening or closing entries early, the draw's published seed
// commitment (and the seed once revealed), drawing (armed), the winner card with the claim
// countdown, marking the claim, forfeiting (with or without a redraw) and respinning a repeat winner.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ConsoleGiveaway } from '../../../../shared/contract/console';
import type { StaffPick } from '../../../../shared/contract/giveaways-staff';
import { cx } from '../../../ui/cx';
import { SelectField } from '../shows/form-fields';
import { useConsole } from './console-context';
import { ActionButton, Panel, Stat } from './console-ui';
import { clockText, clockWords } from './on-air-time';

/** The giveaway to run: the current segment's, else the first not finished, else the first. */
function defaultGiveaway(giveaways: ConsoleGiveaway[], segmentGiveaway: number | null): ConsoleGiveaway | undefined {
  return (
    giveaways.find((g) => g.id === segmentGiveaway) ??
    giveaways.find((g) => !g.picks.some((pick) => pick.status === 'claimed')) ??
    giveaways[0]
  );
}

const STATUS_WORDS: Record<StaffPick['status'], string> = {
  pending: 'Waiting for the winner',
  repeat: 'Already won in this show',
  claimed: 'Claimed',
  forfeited: 'Forfeited',
  respun: 'Respun',
};

export function GiveawayPanel() {
  const { snapshot } = useConsole();
  const [chosen, setChosen] = useState<number | null>(null);
  const current = snapshot.rundown.segments.find((s) => s.id === snapshot.rundown.current_segment_id);
  const giveaway =
    snapshot.giveaways.find((g) => g.id === chosen) ??
    defaultGiveaway(snapshot.giveaways, current?.giveaway_id ?? null);
  return (
    <Panel title="Giveaway">
      {snapshot.giveaways.length > 1 && (
        <SelectField
          label="Giveaway to run"
          value={giveaway ? String(giveaway.id) : ''}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {snapshot.giveaways.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </SelectField>
      )}
      {giveaway ? (
        <GiveawayControls giveaway={giveaway} />
      ) : (
        <p className="text-muted">
          This show has no giveaway.{' '}
          <Link to="/staff/giveaways" className="font-bold text-primary underline">
            Giveaways
          </Link>{' '}
          can be tied to it.
        </p>
      )}
    </Panel>
  );
}

function GiveawayControls({ giveaway }: { giveaway: ConsoleGiveaway }) {
  const { arm, run, busy, now } = useConsole();
  const [redraw, setRedraw] = useState(true);
  const giveawayId = giveaway.id;
  const live = [...giveaway.picks].reverse().find((pick) => pick.status === 'pending' || pick.status === 'repeat');
  const claimed = giveaway.picks.filter((pick) => pick.status === 'claimed').length;
  const isDone = claimed >= giveaway.winner_count;
  return (
    <>
      <div>
        <p className="font-black text-ink wrap-anywhere">{giveaway.title}</p>
        <p className="text-sm text-muted wrap-anywhere">Prize: {giveaway.prize}</p>
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <Stat
          label="Entrants"
          value={giveaway.entrants}
          note={`${giveaway.tickets} ${giveaway.tickets === 1 ? 'chance' : 'chances'}`}
        />
        <Stat
          label="Entries"
          value={
            <span className={giveaway.entries_open ? 'text-success' : 'text-ink'}>
              {giveaway.entries_open ? 'Open' : 'Closed'}
            </span>
          }
        />
      </dl>
      <div className="flex flex-wrap gap-2">
        {giveaway.entries_open ? (
          <ActionButton
            label="Close entries now"
            shortcut="closeEntries"
            isBusy={busy === 'close_entries'}
            onFire={() => run({ action: 'close_entries', giveawayId }, 'Entries are closed.')}
          />
        ) : (
          <ActionButton
            label="Open entries"
            shortcut="openEntries"
            isBusy={busy === 'open_entries'}
            disabled={giveaway.picks.length > 0}
            onFire={() => run({ action: 'open_entries', giveawayId }, 'Entries are open.')}
          />
        )}
        <ActionButton
          label="Draw a winner"
          shortcut="draw"
          variant="secondary"
          arming={{ arm, key: `draw-${giveawayId}` }}
          disabled={giveaway.entrants === 0 || Boolean(live) || isDone}
          isBusy={busy === 'draw'}
          onFire={() => run({ action: 'draw', giveawayId }, 'A winner is drawn.')}
        />
      </div>
      <div className="rounded-lg bg-canvas p-2 text-xs text-muted">
        <p className="font-bold">Seed commitment (SHA-256), published before the draw</p>
        <p className="font-mono break-all text-ink" data-testid="seed-commitment">
          {giveaway.commitment}
        </p>
        {giveaway.seed && (
          <>
            <p className="mt-1 font-bold">Seed, revealed by the draw</p>
            <p className="font-mono break-all text-ink">{giveaway.seed}</p>
          </>
        )}
      </div>
      {live && (
        <WinnerCard pick={live} entrants={giveaway.entrants} now={now}>
          {live.status === 'repeat' ? (
            <ActionButton
              label="Respin"
              shortcut="respin"
              variant="secondary"
              arming={{ arm, key: `respin-${live.id}` }}
              isBusy={busy === 'respin'}
              onFire={() => run({ action: 'respin', giveawayId, pickId: live.id }, 'Respun: a new winner is drawn.')}
            />
          ) : (
            <>
              <ActionButton
                label="Mark claimed"
                shortcut="claim"
                variant="primary"
                isBusy={busy === 'claim'}
                onFire={() => run({ action: 'claim', giveawayId, pickId: live.id }, 'The prize is claimed.')}
              />
              <ActionButton
                label={redraw ? 'Forfeit and redraw' : 'Forfeit'}
                shortcut="forfeit"
                variant="danger"
                arming={{ arm, key: `forfeit-${live.id}` }}
                isBusy={busy === 'forfeit'}
                onFire={() =>
                  run(
                    { action: 'forfeit', giveawayId, pickId: live.id, redraw },
                    redraw ? 'Forfeited and redrawn.' : 'Forfeited.',
                  )
                }
              />
              <label className="flex items-center gap-2 text-sm font-bold text-ink">
                <input
                  type="checkbox"
                  checked={redraw}
                  onChange={(event) => setRedraw(event.target.checked)}
                  className="size-4"
                />
                Draw again after a forfeit
              </label>
            </>
          )}
        </WinnerCard>
      )}
      {isDone && <p className="font-bold text-success">Every winner has claimed.</p>}
      {giveaway.picks.length > 0 && (
        <ol className="flex flex-col gap-1 text-sm">
          {giveaway.picks.map((pick) => (
            <li key={pick.id} className="flex justify-between gap-2">
              <span className="wrap-anywhere">
                Pick {pick.sequence}: {pick.name}
              </span>
              <span className="shrink-0 text-muted">{STATUS_WORDS[pick.status]}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function WinnerCard({
  pick,
  entrants,
  now,
  children,
}: {
  pick: StaffPick;
  entrants: number;
  now: number;
  children: ReactNode;
}) {
  const left = pick.claim_by ? Date.parse(pick.claim_by) - now : null;
  return (
    <div
      className={cx(
        'flex flex-col gap-2 rounded-lg border-2 p-3',
        pick.status === 'repeat' ? 'border-amber-500 bg-amber-50' : 'border-secondary bg-secondary-soft',
      )}
      data-testid="winner-card"
    >
      <p className="text-xs font-black tracking-widest text-secondary uppercase">Winner · pick {pick.sequence}</p>
      <p className="text-2xl font-black text-ink wrap-anywhere" data-testid="winner-name">
        {pick.name}
      </p>
      <p className="text-sm text-muted">
        Entry {pick.entry_number} of {entrants} · {pick.phone || pick.email}
      </p>
      <p className="text-sm font-bold text-ink">{STATUS_WORDS[pick.status]}</p>
      {left !== null && (
        <p className="font-bold text-ink">
          Time left to claim:{' '}
          <span
            role="timer"
            aria-label={left > 0 ? clockWords(left) : 'None'}
            className={cx('tabular-nums', left <= 60_000 && 'text-danger')}
          >
            {left > 0 ? clockText(left) : '0:00'}
          </span>
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  );
}
