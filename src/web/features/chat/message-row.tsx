// One chat message: the author's name (with a staff badge, and a winner mark for a viewer who won
// a giveaway of this show), the time, and the text as plain text with the viewer's own @mentions
// highlighted; staff get the moderation menu beside it, viewers their own tools on others' messages.
// A staff announcement from the console stands apart: its own colours, labelled "Announcement".
import type { ChatMessage } from '../../../shared/contract/chat';
import { SHOW_TIME_ZONE } from '../../../shared/time';
import { cx } from '../../ui/cx';
import { mentionsMe, splitMentions } from './mention';
import { ModerationMenu, type Moderate } from './moderation-menu';
import { ViewerMenu, type ViewerTools } from './viewer-tools';

// Los Angeles time like every time on the site, whatever the viewer's own zone is.
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: SHOW_TIME_ZONE, hour: 'numeric', minute: '2-digit' });

export function StaffBadge({ className }: { className?: string }) {
  return (
    <span
      className={cx(
        'rounded bg-secondary px-1.5 py-0.5 text-[0.6875rem] font-black tracking-wide text-white uppercase',
        className,
      )}
    >
      Staff
    </span>
  );
}

/** Beside the name of a viewer who won a giveaway of this show (drawn and not forfeited). */
export function WinnerBadge({ className }: { className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-0.5 rounded bg-amber-100 px-1.5 py-0.5 align-middle text-[0.6875rem] font-black tracking-wide text-amber-900 uppercase ring-1 ring-amber-400',
        className,
      )}
    >
      <svg viewBox="0 0 16 16" className="size-3" fill="currentColor" aria-hidden="true">
        <path d="M8 1.5l1.9 4 4.3.5-3.2 3 .9 4.3L8 11.1l-3.9 2.2.9-4.3-3.2-3 4.3-.5z" />
      </svg>
      Winner
    </span>
  );
}

type Props = {
  message: ChatMessage;
  /** The author won a giveaway of this show. */
  isWinner: boolean;
  myName: string;
  isMine: boolean;
  isPinned: boolean;
  /** Present for staff: what the moderation menu does. */
  moderate: Moderate | null;
  /** For viewers: report the message or hide its author (not on their own messages). */
  viewerTools?: ViewerTools | null;
};

function Announcement({ message, isPinned, moderate }: Pick<Props, 'message' | 'isPinned' | 'moderate'>) {
  return (
    <li
      className="my-1 flex items-start gap-2 rounded-xl border-l-4 border-secondary bg-secondary-soft px-3 py-2"
      data-message-id={message.id}
      data-kind="announcement"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-1.5 text-xs">
          <svg viewBox="0 0 24 24" className="size-4 text-secondary" aria-hidden="true">
            <path d="M3 10v4h3l6 4V6L6 10zm12.5 2A4.5 4.5 0 0 0 13 8v8a4.5 4.5 0 0 0 2.5-4z" fill="currentColor" />
          </svg>
          <span className="font-black tracking-wide text-secondary uppercase">Announcement</span>
          <span className="sr-only">from {message.name}</span>
          <time dateTime={message.createdAt} className="text-muted">
            {timeFormat.format(new Date(message.createdAt))}
          </time>
        </p>
        <p className="text-[0.9375rem] font-bold break-words whitespace-pre-wrap text-ink">{message.text}</p>
      </div>
      {moderate && <ModerationMenu message={message} isPinned={isPinned} moderate={moderate} ownMessage />}
    </li>
  );
}

export function MessageRow({ message, isWinner, myName, isMine, isPinned, moderate, viewerTools = null }: Props) {
  if (message.kind === 'announcement')
    return <Announcement message={message} isPinned={isPinned} moderate={moderate} />;
  const isForMe = !isMine && mentionsMe(message.text, myName);
  return (
    <li
      className={cx(
        'group flex items-start gap-2 rounded-lg px-2 py-1.5',
        isForMe && 'bg-secondary-soft ring-1 ring-secondary/30',
      )}
      data-message-id={message.id}
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm">
          <span className={cx('font-bold', message.isStaff ? 'text-secondary' : 'text-primary')}>{message.name}</span>
          {message.isStaff && <StaffBadge />}
          {isWinner && <WinnerBadge />}
          <time dateTime={message.createdAt} className="text-xs text-muted">
            {timeFormat.format(new Date(message.createdAt))}
          </time>
          {isForMe && <span className="sr-only">mentions you</span>}
        </p>
        <p className="text-[0.9375rem] break-words whitespace-pre-wrap text-ink">
          {splitMentions(message.text, myName).map((part, i) =>
            part.isMention ? (
              <mark key={i} className="rounded bg-secondary px-0.5 font-bold text-white">
                {part.text}
              </mark>
            ) : (
              part.text
            ),
          )}
        </p>
      </div>
      {moderate && <ModerationMenu message={message} isPinned={isPinned} moderate={moderate} ownMessage={isMine} />}
      {!moderate && viewerTools && !isMine && <ViewerMenu message={message} tools={viewerTools} />}
    </li>
  );
}
