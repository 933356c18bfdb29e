// /staff/chat: viewers' reports of messages (resolved here, decision 045), the chat mutes and bans
// in force (who, given by whom, when, until when, in which room), each lifted after a
// confirmation, and the latest moderation steps, lifts included.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChatSanction, ModerationAction } from '../../../../shared/contract/chat';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { LoadState } from '../load-state';
import { Modal } from '../shows/dialog';
import { laTime } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import { moderationLogQuery, sanctionsQuery, useLiftSanction } from './queries';
import { ReportsSection } from './reports-section';

/** What each kind of sanction is called on its badge, its button and its confirmation. */
const WORDS = {
  ban: {
    badge: 'Banned',
    lift: 'Lift ban',
    question: (name: string) => `Lift ${name}'s ban?`,
    confirm: 'Lift the ban',
    keep: 'Keep the ban',
    given: 'Banned',
  },
  mute: {
    badge: 'Muted',
    lift: 'Unmute',
    question: (name: string) => `Unmute ${name}?`,
    confirm: 'Unmute now',
    keep: 'Keep the mute',
    given: 'Muted',
  },
} as const;

function whereGiven(sanction: ChatSanction): string {
  if (sanction.room === null) return '';
  if (sanction.room === 'lobby') return ' in the lobby';
  return ` in ${sanction.roomTitle ?? `show ${sanction.room}`}`;
}

function SanctionRow({ sanction, onLift }: { sanction: ChatSanction; onLift: () => void }) {
  const words = WORDS[sanction.kind];
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span
            className={
              sanction.kind === 'ban'
                ? 'rounded bg-danger px-2 py-0.5 text-xs font-black text-white uppercase'
                : 'rounded bg-amber-100 px-2 py-0.5 text-xs font-black text-amber-900 uppercase ring-1 ring-amber-400'
            }
          >
            {words.badge}
          </span>
          <span className="text-sm font-bold text-ink">
            {sanction.until ? `until ${laTime(sanction.until)}` : 'until lifted'}
          </span>
        </p>
        <h3 className="text-lg leading-snug font-black text-ink wrap-anywhere">{sanction.name}</h3>
        <p className="text-sm text-muted wrap-anywhere">
          {sanction.fullName} · {sanction.email}
        </p>
        <p className="text-sm text-muted">
          {words.given} by <span className="font-bold text-ink">{sanction.staffName || 'a former staff member'}</span>{' '}
          on <time dateTime={sanction.createdAt}>{laTime(sanction.createdAt)}</time>
          {whereGiven(sanction)}
        </p>
      </div>
      <Button
        variant="outline"
        onClick={onLift}
        className="self-start sm:self-auto"
        aria-label={`${words.lift}: ${sanction.name}`}
      >
        {words.lift}
      </Button>
    </li>
  );
}

function LiftDialog({
  sanction,
  onClose,
  onLifted,
}: {
  sanction: ChatSanction | null;
  onClose: () => void;
  onLifted: (message: string) => void;
}) {
  const lift = useLiftSanction();
  const words = sanction ? WORDS[sanction.kind] : WORDS.ban;

  function handleOpenChange(open: boolean) {
    if (open) return;
    lift.reset();
    onClose();
  }

  const description = !sanction
    ? ''
    : sanction.kind === 'ban'
      ? `${sanction.name} can join every chat room and send messages again at once. The lift is kept in the moderation log.`
      : `${sanction.name} can send messages again at once instead of ${sanction.until ? `at ${laTime(sanction.until)}` : 'later'}. The lift is kept in the moderation log.`;

  return (
    <Modal
      open={sanction !== null}
      onOpenChange={handleOpenChange}
      size="narrow"
      title={sanction ? words.question(sanction.name) : ''}
      description={description}
    >
      <div className="flex flex-col gap-4">
        {lift.error && <Alert tone="error">{errorMessage(lift.error)}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button
            isBusy={lift.isPending}
            onClick={() => {
              if (!sanction) return;
              lift.mutate(sanction, {
                onSuccess: (message) => {
                  lift.reset();
                  onLifted(message);
                },
              });
            }}
          >
            {words.confirm}
          </Button>
          <Button variant="ghost" onClick={() => handleOpenChange(false)}>
            {words.keep}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** One moderation step in words: 'Garnet H. lifted Amber N.'s ban'. */
function stepText(step: ModerationAction): string {
  const target = step.targetName ?? 'a viewer';
  switch (step.action) {
    case 'delete':
      return `deleted a message from ${target}`;
    case 'pin':
      return `pinned a message from ${target}`;
    case 'unpin':
      return 'unpinned a message';
    case 'mute':
      return `muted ${target} for ${step.detail}`;
    case 'unmute':
      return `unmuted ${target}`;
    case 'ban':
      return `banned ${target}`;
    case 'unban':
      return `lifted ${target}'s ban`;
    case 'dismiss_report':
      return `dismissed ${step.detail === '1 report' ? 'a report' : step.detail} of a message from ${target}`;
    case 'slow_mode':
      return step.detail.startsWith('0 ')
        ? 'turned slow mode off'
        : `set slow mode to one message every ${step.detail}`;
    default:
      return step.action;
  }
}

function ModerationLog() {
  const { data: steps, error, isPending, refetch } = useQuery(moderationLogQuery);
  return (
    <section aria-labelledby="log-heading" className="flex flex-col gap-3">
      <h2 id="log-heading" className="text-xl font-black text-ink">
        Latest moderation
      </h2>
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the moderation log"
      />
      {steps &&
        (steps.length ? (
          <ol className="flex flex-col divide-y divide-line rounded-xl border border-line bg-white">
            {steps.map((step) => (
              <li key={step.id} className="flex flex-col gap-0.5 px-4 py-2.5 sm:flex-row sm:items-baseline sm:gap-4">
                <time dateTime={step.createdAt} className="shrink-0 text-sm text-muted sm:w-64">
                  {laTime(step.createdAt)}
                </time>
                <span className="text-ink wrap-anywhere">
                  <span className="font-bold">{step.staffName}</span> {stepText(step)}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted">No moderation yet.</p>
        ))}
    </section>
  );
}

export default function ChatSanctionsPage() {
  const { data: sanctions, error, isPending, refetch } = useQuery(sanctionsQuery);
  const [lifting, setLifting] = useState<ChatSanction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="chat moderation" />;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:py-12">
      <div>
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff</p>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Chat bans and mutes</h1>
        <p className="mt-1 max-w-prose text-muted">
          Messages viewers reported, then everyone who cannot chat right now, newest first. A mute ends by itself; a ban
          lasts until someone lifts it. Both apply in every room, and a lift works at once. Times are Los Angeles time.
        </p>
      </div>

      {notice && <Alert tone="success">{notice}</Alert>}

      <ReportsSection onResolved={setNotice} />

      <section aria-labelledby="sanctions-heading" className="flex flex-col gap-3">
        <h2 id="sanctions-heading" className="text-xl font-black text-ink">
          In force{sanctions ? ` (${sanctions.length})` : ''}
        </h2>
        <LoadState
          error={error}
          isPending={isPending}
          onRetry={() => void refetch()}
          loadingLabel="Loading the bans and mutes"
        />
        {sanctions &&
          (sanctions.length ? (
            <ul className="flex flex-col gap-3">
              {sanctions.map((sanction) => (
                <SanctionRow key={sanction.id} sanction={sanction} onLift={() => setLifting(sanction)} />
              ))}
            </ul>
          ) : (
            <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
              Nobody is banned or muted right now.
            </p>
          ))}
      </section>

      <ModerationLog />

      <LiftDialog
        sanction={lifting}
        onClose={() => setLifting(null)}
        onLifted={(message) => {
          setLifting(null);
          setNotice(message);
        }}
      />
    </div>
  );
}
