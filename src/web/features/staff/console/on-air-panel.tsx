// The preview and the on-air state: the show's stream as viewers get it, whether it is on air, the
// time on air and the time left against the schedule, going live and ending (both armed), and the
// piece on viewers' screens now.
import { StreamPlayer } from '../../player/stream-player';
import { playerSource } from '../../player/stream-source';
import { cx } from '../../../ui/cx';
import { useConsole } from './console-context';
import { ActionButton, Panel } from './console-ui';
import { clockText, clockWords, timeLeftMs, timeOnAirMs } from './on-air-time';
import { CONSOLE_LIMITS } from '../../../../shared/contract/console';

const STATE_TEXT = { upcoming: 'Not on air yet', live: 'On air', ended: 'Ended' } as const;
const STATE_STYLES = {
  upcoming: 'bg-canvas text-ink ring-1 ring-line',
  live: 'bg-danger text-white',
  ended: 'bg-ink text-white',
} as const;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function OnAirPanel() {
  const { snapshot, now, arm, run, busy } = useConsole();
  const { show, now_showing: piece } = snapshot;
  const onAir = timeOnAirMs(show, now);
  const left = timeLeftMs(show, now);
  const isEndingSoon = show.state === 'live' && left < CONSOLE_LIMITS.endingSoonMinutes * 60_000;
  return (
    <Panel
      title="Preview and on air"
      actions={
        <span
          className={cx('rounded-full px-3 py-1 text-sm font-black uppercase', STATE_STYLES[show.state])}
          data-testid="on-air-state"
        >
          {STATE_TEXT[show.state]}
        </span>
      }
    >
      <div className="aspect-video overflow-hidden rounded-lg bg-ink">
        <StreamPlayer
          source={playerSource(show.platform, show.stream_url ?? '', 'live')}
          label={`Preview: ${show.title}`}
          empty={{ title: 'No stream to preview', text: 'Set the stream on the show page.' }}
          restartAtEnd
        />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-lg bg-canvas px-3 py-2">
          <dt className="text-xs font-bold text-muted">Time on air</dt>
          <dd className="text-2xl font-black text-ink tabular-nums" aria-label={clockWords(onAir)}>
            {clockText(onAir)}
          </dd>
        </div>
        <div className={cx('rounded-lg px-3 py-2', isEndingSoon ? 'bg-danger-soft' : 'bg-canvas')}>
          <dt className="text-xs font-bold text-muted">{left < 0 ? 'Past the scheduled end by' : 'Time left'}</dt>
          <dd
            className={cx('text-2xl font-black tabular-nums', isEndingSoon ? 'text-danger' : 'text-ink')}
            aria-label={clockWords(left)}
          >
            {show.state === 'ended' ? '—' : clockText(Math.abs(left))}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        {show.state === 'upcoming' && (
          <ActionButton
            label="Go live"
            shortcut="goLive"
            variant="primary"
            arming={{ arm, key: 'go_live' }}
            isBusy={busy === 'go_live'}
            onFire={() => run({ action: 'go_live' }, 'The show is on air.')}
          />
        )}
        {show.state === 'live' && (
          <ActionButton
            label="End the show"
            shortcut="end"
            variant="danger"
            arming={{ arm, key: 'end' }}
            isBusy={busy === 'end'}
            onFire={() => run({ action: 'end' }, 'The show has ended.')}
          />
        )}
      </div>
      <div className="rounded-lg border border-line p-3">
        <h3 className="text-sm font-bold text-muted">Now showing to viewers</h3>
        {piece ? (
          <div className="mt-1 flex items-center gap-3">
            {piece.photos[0] && <img src={piece.photos[0]} alt="" className="size-14 rounded-md object-cover" />}
            <p className="min-w-0 flex-1">
              <span className="block font-black text-ink wrap-anywhere">{piece.name}</span>
              <span className="text-sm text-muted">
                {[piece.gemstone, piece.carat && `${piece.carat} ct`, piece.metal].filter(Boolean).join(' · ')} ·{' '}
                {money.format(piece.price_cents / 100)} · {piece.stock} in stock
              </span>
            </p>
            <ActionButton
              label="Take off screen"
              shortcut="hidePiece"
              isBusy={busy === 'show_piece'}
              onFire={() => run({ action: 'show_piece', pieceId: null }, 'Nothing is on viewers’ screens now.')}
            />
          </div>
        ) : (
          <p className="mt-1 text-muted">Nothing. A segment with a piece puts it on screen when it starts.</p>
        )}
      </div>
    </Panel>
  );
}
