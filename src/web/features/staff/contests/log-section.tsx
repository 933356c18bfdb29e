// The contest's log: every staff action (created, edited, entries approved or rejected, votes
// removed, voting closed, results fixed), who took it and when, newest first as the server lists it.
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { laTime } from '../shows/show-format';
import { actionLabel } from './contest-words';
import { useContestLog } from './queries';

export function LogSection({ contestId }: { contestId: number }) {
  const log = useContestLog(contestId);
  return (
    <section aria-labelledby="log-heading" className="flex flex-col gap-3">
      <h2 id="log-heading" className="text-xl font-black text-ink">
        Log
      </h2>
      <p className="max-w-prose text-muted">Every step staff took on this contest. Nothing here can be changed.</p>
      {log.isPending && <Spinner className="size-8 text-primary" label="Loading the log" />}
      {log.isError && (
        <div className="flex flex-col items-start gap-2">
          <Alert tone="error">{errorMessage(log.error)}</Alert>
          <Button variant="outline" size="sm" onClick={() => void log.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {log.data &&
        (log.data.length === 0 ? (
          <p className="text-muted">Nothing logged yet.</p>
        ) : (
          <ol
            aria-label="Contest log"
            className="flex flex-col divide-y divide-line rounded-xl border border-line bg-white"
          >
            {log.data.map((line) => (
              <li key={line.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:gap-4">
                <time dateTime={line.created_at} className="shrink-0 text-sm text-muted sm:w-56">
                  {laTime(line.created_at)}
                </time>
                <p className="min-w-0 text-ink wrap-anywhere">
                  <span className="font-bold">{actionLabel(line.action)}</span>
                  {line.submissionid !== null && <span className="text-muted"> · entry {line.submissionid}</span>}
                  {' · by '}
                  <span className="font-bold">{line.actor || 'the system'}</span>
                  {line.detail && <span className="block text-sm text-muted">{line.detail}</span>}
                </p>
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}
