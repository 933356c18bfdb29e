// Viewers who pressed "I want this" on a piece: who, which piece, how to reach them, and marking
// each one called back (with who did it), so two producers do not both ring the same buyer.
import { SHOW_TIME_ZONE } from '../../../../shared/time';
import { Button } from '../../../ui/button';
import { useConsole } from './console-context';
import { Panel } from './console-ui';

const clock = new Intl.DateTimeFormat('en-US', { timeZone: SHOW_TIME_ZONE, hour: 'numeric', minute: '2-digit' });

export function BuyersPanel() {
  const { snapshot, run, busy } = useConsole();
  const waiting = snapshot.interest.filter((i) => !i.called_back_at).length;
  return (
    <Panel title="Buyers to call back" actions={<span className="text-sm font-bold text-ink">{waiting} waiting</span>}>
      {snapshot.interest.length === 0 ? (
        <p className="text-muted">Nobody has asked for a piece yet.</p>
      ) : (
        <ul tabIndex={0} aria-label="Buyers, newest first" className="flex max-h-72 flex-col gap-2 overflow-y-auto">
          {snapshot.interest.map((buyer) => (
            <li key={buyer.id} className="flex flex-wrap items-center gap-2 rounded-lg bg-canvas px-3 py-2">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-bold text-ink wrap-anywhere">
                  {buyer.name} · {buyer.piece_name}
                </p>
                <p className="text-muted wrap-anywhere">
                  <a href={`tel:${buyer.phone}`} className="font-bold text-primary underline">
                    {buyer.phone}
                  </a>{' '}
                  · {buyer.email} · asked at {clock.format(new Date(buyer.created_at))}
                </p>
              </div>
              {buyer.called_back_at ? (
                <span className="text-sm font-bold text-success">Called back by {buyer.called_back_by ?? 'staff'}</span>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  isBusy={busy === 'called_back'}
                  aria-label={`Called back: ${buyer.name}`}
                  onClick={() =>
                    run({ action: 'called_back', interestId: buyer.id }, `${buyer.name} is marked called back.`)
                  }
                >
                  Called back
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
