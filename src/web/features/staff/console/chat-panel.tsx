// The show's chat for the producer: the room joined as staff over the chat's own connection, its
// messages large and readable with delete, pin, mute and ban on each message, slow mode, pausing
// (viewers cannot chat while paused), clearing (armed) and an announcement.
import { useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { CONSOLE_LIMITS } from '../../../../shared/contract/console';
import type { ChatMessage, ClientFrame } from '../../../../shared/contract/chat';
import { SHOW_TIME_ZONE } from '../../../../shared/time';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { TextField } from '../../../ui/text-field';
import { StaffBadge, WinnerBadge } from '../../chat/message-row';
import { useChat } from '../../chat/use-chat';
import { SelectField } from '../shows/form-fields';
import { useConsole } from './console-context';
import { ActionButton, Panel } from './console-ui';
import { useShortcut } from './use-shortcuts';

const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60, 120];
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: SHOW_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
/** The newest this many messages are on screen: a producer reads the latest, not the backlog. */
const SHOWN = 60;

export function ConsoleChat({ className }: { className?: string }) {
  const { snapshot, arm, run, busy } = useConsole();
  const { state, send } = useChat(snapshot.chat.room);
  const paused = snapshot.chat.paused || state.room?.paused === true;
  const isClosed = state.room?.isOpen === false;
  const slow = state.room?.slowModeSeconds ?? snapshot.chat.slow_mode_seconds;
  const act = (frame: ClientFrame) => void send(frame);
  const messages = useMemo(() => state.messages.slice(-SHOWN), [state.messages]);
  const list = useRef<HTMLOListElement>(null);
  const newest = messages.at(-1)?.id;
  // The newest message stays in view as messages arrive.
  useLayoutEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  return (
    <Panel
      title="Chat"
      className={className}
      actions={
        <span className="text-sm text-muted">
          {state.status === 'live' ? `${state.members} in the room` : 'Connecting…'}
        </span>
      }
    >
      {(paused || isClosed) && (
        <p className="rounded-lg bg-danger-soft px-3 py-2 font-bold text-danger" data-testid="chat-closed-notice">
          Viewers cannot chat now{paused ? ': chat is paused.' : ': the room is closed.'}
        </p>
      )}
      {state.pinned && (
        <p className="rounded-lg bg-primary-soft px-3 py-2 text-ink">
          <span className="mr-2 rounded bg-primary px-1.5 py-0.5 text-xs font-black text-white uppercase">Pinned</span>
          <span className="font-bold">{state.pinned.name}: </span>
          {state.pinned.text}
        </p>
      )}
      <ol
        ref={list}
        aria-label="Chat messages"
        tabIndex={0}
        className="flex max-h-[28rem] min-h-48 flex-col gap-1 overflow-y-auto rounded-lg border border-line p-1"
      >
        {messages.length === 0 && <li className="p-3 text-muted">No messages yet.</li>}
        {messages.map((message) => (
          <ConsoleMessage
            key={message.id}
            message={message}
            isWinner={state.winners.has(message.userId)}
            isPinned={state.pinned?.id === message.id}
            onAct={act}
          />
        ))}
      </ol>
      {state.notice && <Alert tone={state.notice.tone === 'error' ? 'error' : 'info'}>{state.notice.text}</Alert>}
      <div className="flex flex-wrap items-end gap-2">
        <ActionButton
          label={paused ? 'Let viewers chat' : 'Pause chat'}
          shortcut="chatPause"
          isBusy={busy === 'chat_pause'}
          onFire={() =>
            run({ action: 'chat_pause', paused: !paused }, paused ? 'Viewers can chat again.' : 'Chat is paused.')
          }
        />
        <ActionButton
          label="Clear chat"
          shortcut="chatClear"
          variant="danger"
          arming={{ arm, key: 'chat_clear' }}
          isBusy={busy === 'chat_clear'}
          onFire={() => run({ action: 'chat_clear' }, 'Chat is cleared.')}
        />
        <SelectField
          label="Slow mode"
          className="w-36"
          value={String(slow)}
          onChange={(event) => act({ type: 'slow_mode', seconds: Number(event.target.value) })}
        >
          {SLOW_MODE_CHOICES.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds === 0 ? 'Off' : `${seconds} s`}
            </option>
          ))}
        </SelectField>
      </div>
      <AnnounceForm />
    </Panel>
  );
}

function ConsoleMessage({
  message,
  isWinner,
  isPinned,
  onAct,
}: {
  message: ChatMessage;
  isWinner: boolean;
  isPinned: boolean;
  onAct: (frame: ClientFrame) => void;
}) {
  const { arm } = useConsole();
  const banKey = `ban-${message.id}`;
  const banSeconds = arm.secondsLeft(banKey);
  const isAnnouncement = message.kind === 'announcement';
  const canSanction = !message.isStaff;
  const action = 'rounded px-2 py-1 text-sm font-bold hover:bg-primary-soft';
  return (
    <li
      className={cx(
        'flex flex-col gap-1 rounded-md px-2 py-1.5',
        isAnnouncement ? 'bg-secondary-soft' : 'odd:bg-canvas/60',
      )}
      data-message-id={message.id}
    >
      <p className="flex flex-wrap items-center gap-x-2 text-sm">
        <span className={cx('font-bold', message.isStaff ? 'text-secondary' : 'text-primary')}>{message.name}</span>
        {message.isStaff && <StaffBadge />}
        {isWinner && <WinnerBadge />}
        {isAnnouncement && <span className="font-bold text-secondary">Announcement</span>}
        <time dateTime={message.createdAt} className="text-xs text-muted">
          {timeFormat.format(new Date(message.createdAt))}
        </time>
      </p>
      <p className="text-lg leading-snug break-words whitespace-pre-wrap text-ink">{message.text}</p>
      <div className="flex flex-wrap gap-1 text-primary">
        <button
          type="button"
          className={action}
          onClick={() => onAct({ type: 'pin', id: isPinned ? null : message.id })}
        >
          {isPinned ? 'Unpin' : 'Pin'}
          <span className="sr-only"> the message from {message.name}</span>
        </button>
        <button
          type="button"
          className={cx(action, 'text-danger hover:bg-danger-soft')}
          onClick={() => onAct({ type: 'delete', id: message.id })}
        >
          Delete<span className="sr-only"> the message from {message.name}</span>
        </button>
        {canSanction && (
          <>
            <button
              type="button"
              className={action}
              onClick={() => onAct({ type: 'mute', userId: message.userId, minutes: 5 })}
            >
              Mute 5 min<span className="sr-only">: {message.name}</span>
            </button>
            <button
              type="button"
              className={cx(
                action,
                banSeconds === null ? 'text-danger hover:bg-danger-soft' : 'bg-danger text-white hover:bg-danger',
              )}
              onClick={() => arm.trigger(banKey, () => onAct({ type: 'ban', userId: message.userId }))}
            >
              {banSeconds === null ? 'Ban' : `Confirm ban (${banSeconds} s)`}
              <span className="sr-only">: {message.name}</span>
            </button>
          </>
        )}
      </div>
    </li>
  );
}

function AnnounceForm() {
  const { run, busy } = useConsole();
  const [text, setText] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useShortcut('announce', () => field.current?.focus());

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    run({ action: 'chat_announce', text }, 'Announced in chat.');
    setText('');
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-2">
      <TextField
        ref={field}
        label="Announcement"
        hint="Shortcut: A comes to this field. Shown apart in every viewer’s chat."
        aria-keyshortcuts="A"
        value={text}
        maxLength={CONSOLE_LIMITS.announcementChars}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" size="sm" className="self-start" isBusy={busy === 'chat_announce'}>
        Announce
      </Button>
    </form>
  );
}
