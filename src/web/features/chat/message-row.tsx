// One chat message: the author's name (with a staff badge), the time, and the text as plain text
// with the viewer's own @mentions highlighted; staff get the moderation menu beside it.
import type { ChatMessage } from '../../../shared/contract/chat';
import { cx } from '../../ui/cx';
import { mentionsMe, splitMentions } from './mention';
import { ModerationMenu, type Moderate } from './moderation-menu';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export function StaffBadge() {
  return <span className="rounded bg-secondary px-1.5 py-0.5 text-[0.6875rem] font-black tracking-wide text-white uppercase">Staff</span>;
}

type Props = {
  message: ChatMessage;
  myName: string;
  isMine: boolean;
  isPinned: boolean;
  /** Present for staff: what the moderation menu does. */
  moderate: Moderate | null;
};

export function MessageRow({ message, myName, isMine, isPinned, moderate }: Props) {
  const isForMe = !isMine && mentionsMe(message.text, myName);
  return (
    <li className={cx('group flex items-start gap-2 rounded-lg px-2 py-1.5', isForMe && 'bg-secondary-soft ring-1 ring-secondary/30')} data-message-id={message.id}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm">
          <span className={cx('font-bold', message.isStaff ? 'text-secondary' : 'text-primary')}>{message.name}</span>
          {message.isStaff && <StaffBadge />}
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
    </li>
  );
}
