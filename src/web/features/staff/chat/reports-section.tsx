// The reported messages on /staff/chat (decision 045): each message with its author, how many
// viewers reported it, who and when, and their reasons; staff dismiss the reports, or delete the
// message, mute or ban its author (a ban asks first) through the chat's own moderation.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChatReport, ReportResolution } from '../../../../shared/contract/chat-reports';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { LoadState } from '../load-state';
import { Modal } from '../shows/dialog';
import { laTime } from '../shows/show-format';
import { reportsQuery, useResolveReport } from './queries';

/** Muting from a report lasts an hour, like the longer choice in the chat's own menu. */
const MUTE_MINUTES = 60;

function roomName(report: ChatReport): string {
  if (report.room === 'lobby') return 'the lobby';
  return report.roomTitle ?? `show ${report.room}`;
}

function ReportCard({
  report,
  busy,
  onResolve,
  onBan,
}: {
  report: ChatReport;
  busy: ReportResolution | null;
  onResolve: (action: ReportResolution) => void;
  onBan: () => void;
}) {
  const { author } = report;
  const canSanction = !author.isStaff;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded bg-danger px-2 py-0.5 text-xs font-black text-white uppercase">
          {report.count === 1 ? 'Reported once' : `Reported ${report.count} times`}
        </span>
        <span className="text-muted">in {roomName(report)}</span>
        {report.isDeleted && (
          <span className="rounded bg-line px-2 py-0.5 text-xs font-bold text-ink">Already deleted</span>
        )}
      </p>
      <blockquote className="rounded-lg border-l-4 border-danger bg-danger-soft/40 px-3 py-2 text-ink wrap-anywhere whitespace-pre-wrap">
        {report.text}
      </blockquote>
      <p className="text-sm text-muted wrap-anywhere">
        Sent by <span className="font-bold text-ink">{author.name}</span> ({author.fullName} · {author.email}) on{' '}
        <time dateTime={report.sentAt}>{laTime(report.sentAt)}</time>
      </p>
      <div>
        <h3 className="text-sm font-bold text-ink">Reported by</h3>
        <ul className="mt-1 flex flex-col gap-1 text-sm text-muted">
          {report.reports.map((r) => (
            <li key={r.reporterId} className="wrap-anywhere">
              <span className="font-bold text-ink">{r.reporterName}</span> on{' '}
              <time dateTime={r.reportedAt}>{laTime(r.reportedAt)}</time>
              {r.reason ? <>: “{r.reason}”</> : ' (no reason given)'}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          isBusy={busy === 'dismiss'}
          disabled={busy !== null}
          onClick={() => onResolve('dismiss')}
          aria-label={`Dismiss the reports of ${author.name}'s message`}
        >
          Dismiss
        </Button>
        {!report.isDeleted && (
          <Button
            size="sm"
            variant="outline"
            isBusy={busy === 'delete'}
            disabled={busy !== null}
            onClick={() => onResolve('delete')}
            aria-label={`Delete ${author.name}'s message`}
          >
            Delete message
          </Button>
        )}
        {canSanction && (
          <>
            <Button
              size="sm"
              variant="outline"
              isBusy={busy === 'mute'}
              disabled={busy !== null}
              onClick={() => onResolve('mute')}
              aria-label={`Mute ${author.name} for 1 hour`}
            >
              Mute for 1 hour
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-danger hover:bg-danger-soft"
              disabled={busy !== null}
              onClick={onBan}
              aria-label={`Ban ${author.name} from chat`}
            >
              Ban from chat…
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

export function ReportsSection({ onResolved }: { onResolved: (message: string) => void }) {
  const { data: reports, error, isPending, refetch } = useQuery(reportsQuery);
  const resolve = useResolveReport();
  const [banning, setBanning] = useState<ChatReport | null>(null);
  const busyFor = (report: ChatReport) =>
    resolve.isPending && resolve.variables.messageId === report.messageId ? resolve.variables.action : null;

  function act(report: ChatReport, action: ReportResolution) {
    resolve.mutate(
      { messageId: report.messageId, action, ...(action === 'mute' ? { minutes: MUTE_MINUTES } : {}) },
      {
        onSuccess: (message) => {
          setBanning(null);
          onResolved(message);
        },
      },
    );
  }

  return (
    <section aria-labelledby="reports-heading" className="flex flex-col gap-3">
      <h2 id="reports-heading" className="text-xl font-black text-ink">
        Reported messages{reports ? ` (${reports.length})` : ''}
      </h2>
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the reported messages"
      />
      {resolve.error && !banning && <Alert tone="error">{errorMessage(resolve.error)}</Alert>}
      {reports &&
        (reports.length ? (
          <ul className="flex flex-col gap-3">
            {reports.map((report) => (
              <ReportCard
                key={report.messageId}
                report={report}
                busy={busyFor(report)}
                onResolve={(action) => act(report, action)}
                onBan={() => {
                  resolve.reset();
                  setBanning(report);
                }}
              />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
            No reported messages waiting.
          </p>
        ))}
      <Modal
        open={banning !== null}
        onOpenChange={(open) => {
          if (open) return;
          resolve.reset();
          setBanning(null);
        }}
        size="narrow"
        title={banning ? `Ban ${banning.author.name} from chat?` : ''}
        description={
          banning
            ? `${banning.author.name} will be taken out of every chat room until someone lifts the ban. The reports are resolved and the ban is kept in the moderation log.`
            : ''
        }
      >
        <div className="flex flex-col gap-4">
          {resolve.error && <Alert tone="error">{errorMessage(resolve.error)}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button isBusy={resolve.isPending} onClick={() => banning && act(banning, 'ban')}>
              Ban from chat
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                resolve.reset();
                setBanning(null);
              }}
            >
              Keep chatting allowed
            </Button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
