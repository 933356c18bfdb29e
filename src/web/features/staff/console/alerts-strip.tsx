// The alerts a producer must not miss (an unclaimed winner, a chat flood, a stalled stream, the end
// coming up, a segment over time), in one strip read out at once when one appears.
import type { AlertKind, ConsoleAlert } from '../../../../shared/contract/console';

const KIND_WORDS: Record<AlertKind, string> = {
  unclaimed_winner: 'Unclaimed winner',
  chat_flood: 'Chat flood',
  stream_stalled: 'Stream stalled',
  ending_soon: 'Ending soon',
  over_time: 'Over time',
};

export function AlertsStrip({ alerts }: { alerts: ConsoleAlert[] }) {
  return (
    <div aria-live="assertive" aria-atomic="false">
      {alerts.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Alerts">
          {alerts.map((alert) => (
            <li
              key={`${alert.kind}-${alert.since}`}
              className="flex items-center gap-2 rounded-lg border-2 border-danger bg-danger-soft px-3 py-2 font-bold text-danger"
              data-alert={alert.kind}
            >
              <svg viewBox="0 0 20 20" className="size-5 shrink-0" fill="currentColor" aria-hidden="true">
                <path d="M10 2 1 18h18L10 2Zm-1 6h2v5H9V8Zm0 6h2v2H9v-2Z" />
              </svg>
              <span>
                {KIND_WORDS[alert.kind]}: <span className="font-normal text-ink">{alert.message}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
