// What was done on air and by whom, newest first: how two producers on one show follow each other.
import { SHOW_TIME_ZONE } from '../../../../shared/time';
import { useConsole } from './console-context';
import { Panel } from './console-ui';

const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

export function LogPanel() {
  const { snapshot } = useConsole();
  return (
    <Panel title="Action log">
      {snapshot.log.length === 0 ? (
        <p className="text-muted">Nothing done on air yet.</p>
      ) : (
        <ol
          tabIndex={0}
          aria-label="Actions, newest first"
          className="flex max-h-60 flex-col gap-1 overflow-y-auto text-sm"
          data-testid="action-log"
        >
          {snapshot.log.map((line) => (
            <li key={line.id} className="flex gap-2">
              <time dateTime={line.created_at} className="shrink-0 text-muted tabular-nums">
                {clock.format(new Date(line.created_at))}
              </time>
              <span className="min-w-0 wrap-anywhere">
                <span className="font-bold">{line.by}</span>: {line.detail || line.action}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
