// The chat panel: one room (a show's, or the lobby when eventId is null) with its connection
// status, member count, pinned message, messages (staff and winner marks on names), reactions
// during a show, the composer and, for staff, moderation inline and a link to bans and mutes. It
// fills the height its parent gives it and fits a narrow column. Viewers can report a message and
// hide people from their own chat (decision 045). Staff announcements stand apart in the list, a
// paused room keeps viewers from posting, and the piece on air is passed up to the live page's
// Now showing card (decision 082), which shares this socket instead of opening its own.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  CHAT_MESSAGES,
  REACTIONS,
  mutedText,
  type ChatMessage,
  type ClientFrame,
  type Reaction,
  type RoomRef,
} from '../../../shared/contract/chat';
import type { Piece } from '../../../shared/contract/pieces';
import { errorMessage } from '../../api/client';
import { cx } from '../../ui/cx';
import { Spinner } from '../../ui/spinner';
import { isMuted, isPausedForMe, type ChatState, type ConnectionStatus } from './chat-state';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { ReactionIcon } from './reaction-icon';
import { StaffBadge, WinnerBadge } from './message-row';
import type { Moderate } from './moderation-menu';
import { hiddenPeopleQuery, useHidePerson, useReportMessage } from './queries';
import { useChat } from './use-chat';
import { HiddenPeopleDialog, ReportDialog, type ViewerTools } from './viewer-tools';

type ChatPanelProps = {
  eventId: number | null;
  /** Hears each reaction as it arrives (the live page floats them over the player). */
  onReaction?: (reaction: Reaction) => void;
  /** False where the page shows its own viewer count (the live page, decision 043). */
  showMemberCount?: boolean;
  /** Hears each change of the piece on air (the live page's Now showing card). */
  onNowShowing?: (eventId: number, piece: Piece | null) => void;
  /** Hears the chat joining again after a drop, when a change may have been missed. */
  onRejoin?: () => void;
};

export function ChatPanel({ eventId, showMemberCount = true, ...listeners }: ChatPanelProps) {
  const room: RoomRef = eventId ?? 'lobby';
  return <ChatRoom key={String(room)} room={room} showMemberCount={showMemberCount} {...listeners} />;
}

const STATUS_TEXT: Record<ConnectionStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  ended: 'Chat closed',
};
const STATUS_DOT: Record<ConnectionStatus, string> = {
  connecting: 'bg-amber-500',
  live: 'bg-success',
  reconnecting: 'bg-amber-500',
  ended: 'bg-danger',
};
const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60, 120];

let clientCounter = 0;
const nextClientId = () => `c${Date.now().toString(36)}${(clientCounter += 1)}`;

function ChatRoom({
  room,
  onReaction,
  onNowShowing,
  onRejoin,
  showMemberCount,
}: { room: RoomRef; showMemberCount: boolean } & Pick<ChatPanelProps, 'onReaction' | 'onNowShowing' | 'onRejoin'>) {
  const { state, send, dismiss, tell } = useChat(room);
  // Each reaction is passed on once, by its key.
  const newestReaction = state.reactions.at(-1);
  const passedReaction = useRef(0);
  useEffect(() => {
    if (!newestReaction || newestReaction.key === passedReaction.current) return;
    passedReaction.current = newestReaction.key;
    onReaction?.(newestReaction.reaction);
  }, [newestReaction, onReaction]);
  // So is each change of the piece on air, and each welcome after the first.
  const passedNowShowing = useRef(0);
  useEffect(() => {
    const change = state.nowShowing;
    if (!change || change.key === passedNowShowing.current) return;
    passedNowShowing.current = change.key;
    onNowShowing?.(change.eventid, change.piece);
  }, [state.nowShowing, onNowShowing]);
  const passedJoins = useRef(0);
  useEffect(() => {
    if (state.joins === passedJoins.current) return;
    const isRejoin = passedJoins.current > 0;
    passedJoins.current = state.joins;
    if (isRejoin) onRejoin?.();
  }, [state.joins, onRejoin]);
  const [draft, setDraft] = useState('');
  const sent = useRef(new Map<string, string>());
  const me = state.me;
  const isStaff = me?.isStaff ?? false;
  const viewer = useViewerTools(me !== null && !isStaff, tell);

  // A refused message goes back into the box, unless the viewer has started a new one.
  const refusedClientId = state.notice?.clientId;
  useEffect(() => {
    if (!refusedClientId) return;
    const text = sent.current.get(refusedClientId);
    sent.current.delete(refusedClientId);
    if (text) setDraft((current) => current || text);
  }, [refusedClientId]);

  const moderate = useMemo<Moderate | null>(() => {
    if (!isStaff) return null;
    const act = (frame: ClientFrame) => void send(frame);
    return {
      remove: (id) => act({ type: 'delete', id }),
      pin: (id) => act({ type: 'pin', id }),
      mute: (userId, minutes) => act({ type: 'mute', userId, minutes }),
      unmute: (userId) => act({ type: 'unmute', userId }),
      ban: (userId) => act({ type: 'ban', userId }),
    };
  }, [isStaff, send]);

  function handleSend(text: string): boolean {
    const clientId = nextClientId();
    if (!send({ type: 'message', text, clientId })) return false;
    sent.current.set(clientId, text);
    if (sent.current.size > 20) sent.current.delete(sent.current.keys().next().value ?? '');
    return true;
  }

  const title = state.room?.title ?? (room === 'lobby' ? 'Lobby' : 'Show chat');
  const hint = composerHint(state);
  return (
    <section
      aria-label={`Chat: ${title}`}
      className="flex h-full min-h-64 flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm"
    >
      <ChatHeader
        state={state}
        title={title}
        showMemberCount={showMemberCount}
        onSlowMode={isStaff ? (seconds) => void send({ type: 'slow_mode', seconds }) : null}
        hiddenCount={viewer.hiddenCount}
        onShowHidden={viewer.openHidden}
      />
      {state.pinned && (
        <div className="flex items-start gap-2 border-b border-line bg-primary-soft px-3 py-2 text-sm">
          <span className="shrink-0 rounded bg-primary px-1.5 py-0.5 text-[0.6875rem] font-black text-white uppercase">
            Pinned
          </span>
          <p className="min-w-0 flex-1 break-words text-ink">
            <span className="font-bold">{state.pinned.name}</span>
            {state.pinned.isStaff && <StaffBadge className="ml-1.5" />}
            {state.winners.has(state.pinned.userId) && <WinnerBadge className="ml-1.5" />}
            <span className="font-bold">: </span>
            {state.pinned.text}
          </p>
          {moderate && (
            <button
              type="button"
              onClick={() => moderate.pin(null)}
              className="shrink-0 rounded px-2 py-1 font-bold text-primary hover:bg-white"
            >
              Unpin
            </button>
          )}
        </div>
      )}
      {state.status === 'connecting' && state.messages.length === 0 ? (
        <div className="grid flex-1 place-items-center">
          <Spinner className="size-8 text-primary" label="Connecting to chat" />
        </div>
      ) : (
        <MessageList
          messages={viewer.visible(state.messages)}
          winners={state.winners}
          myName={me?.name ?? ''}
          myId={me?.userId ?? null}
          pinnedId={state.pinned?.id ?? null}
          moderate={moderate}
          viewerTools={viewer.tools}
          emptyText={
            room === 'lobby'
              ? 'No messages yet. Say hello!'
              : 'No messages yet. Be the first to say hello to the hosts!'
          }
        />
      )}
      {room !== 'lobby' && state.status === 'live' && (
        <Reactions state={state} onReact={(reaction) => void send({ type: 'reaction', reaction })} />
      )}
      <NoticeLine state={state} onDismiss={dismiss} />
      {state.status === 'ended' ? (
        <p className="border-t border-line bg-danger-soft px-3 py-3 text-sm font-bold text-danger">
          {state.statusNote || CHAT_MESSAGES.unauthorized}
        </p>
      ) : (
        <Composer
          disabled={state.status !== 'live' || state.room?.isOpen === false || isPausedForMe(state)}
          hint={hint === state.notice?.text ? null : hint}
          onSend={handleSend}
          draft={draft}
          setDraft={setDraft}
        />
      )}
      {viewer.dialogs}
    </section>
  );
}

/**
 * A viewer's report and hide tools: the people they hid (from the server, so every device agrees),
 * the messages left once those are taken out, and the two dialogs. Staff have moderation instead.
 */
function useViewerTools(enabled: boolean, tell: (tone: 'info' | 'error', text: string) => void) {
  const { data: hidden = [] } = useQuery({ ...hiddenPeopleQuery, enabled });
  const hidePerson = useHidePerson();
  const report = useReportMessage();
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [showHidden, setShowHidden] = useState(false);
  const hiddenIds = useMemo(() => new Set(hidden.map((p) => p.userId)), [hidden]);

  const tools = useMemo<ViewerTools | null>(() => {
    if (!enabled) return null;
    return {
      report: (message) => {
        report.reset();
        setReporting(message);
      },
      hide: (message) =>
        hidePerson.mutate(
          { userId: message.userId, hide: true },
          {
            onSuccess: (answer) => tell('info', answer.message),
            onError: (error) => tell('error', errorMessage(error)),
          },
        ),
    };
    // The mutation objects change on every render; their mutate and reset functions do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, tell, hidePerson.mutate, report.reset]);

  const dialogs = enabled && (
    <>
      <ReportDialog
        key={reporting?.id ?? 'none'}
        message={reporting}
        onClose={() => setReporting(null)}
        isSending={report.isPending}
        error={report.error}
        onSend={(reason) => {
          if (!reporting) return;
          report.mutate(
            { messageId: reporting.id, ...(reason.trim() ? { reason } : {}) },
            {
              onSuccess: (thanks) => {
                setReporting(null);
                tell('info', thanks);
              },
            },
          );
        }}
      />
      <HiddenPeopleDialog
        open={showHidden}
        onOpenChange={(open) => {
          hidePerson.reset();
          setShowHidden(open);
        }}
        people={hidden}
        busyId={hidePerson.isPending && !hidePerson.variables.hide ? hidePerson.variables.userId : null}
        error={hidePerson.error}
        onShow={(person) =>
          hidePerson.mutate(
            { userId: person.userId, hide: false },
            {
              onSuccess: (answer) => {
                tell('info', answer.message);
                if (answer.data.length === 0) setShowHidden(false);
              },
            },
          )
        }
      />
    </>
  );

  return {
    tools,
    dialogs,
    hiddenCount: enabled ? hidden.length : 0,
    openHidden: () => setShowHidden(true),
    /** The messages to show: all of them, less those from people this viewer hid. */
    visible: (messages: ChatMessage[]) =>
      hiddenIds.size ? messages.filter((m) => !hiddenIds.has(m.userId)) : messages,
  };
}

function composerHint(state: ChatState): string | null {
  if (state.room?.isOpen === false) return CHAT_MESSAGES.roomClosed;
  if (isPausedForMe(state)) return CHAT_MESSAGES.paused;
  if (state.me?.mutedUntil && isMuted(state.me, new Date())) return mutedText(state.me.mutedUntil);
  if (state.room?.slowModeSeconds && !state.me?.isStaff)
    return `Slow mode: one message every ${state.room.slowModeSeconds} seconds.`;
  return null;
}

function ChatHeader({
  state,
  title,
  showMemberCount,
  onSlowMode,
  hiddenCount,
  onShowHidden,
}: {
  state: ChatState;
  title: string;
  showMemberCount: boolean;
  onSlowMode: ((seconds: number) => void) | null;
  /** People this viewer hid; a button lists them when there are any. */
  hiddenCount: number;
  onShowHidden: () => void;
}) {
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line px-3 py-2.5">
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-base font-black text-ink">{title}</h2>
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted">
          {/* Announced politely, but not a role=status: the page's loading checks look for those. */}
          <span aria-live="polite" className="inline-flex items-center gap-1.5 font-bold">
            <span className={cx('size-2 rounded-full', STATUS_DOT[state.status])} aria-hidden="true" />
            {STATUS_TEXT[state.status]}
            {state.status !== 'ended' && state.statusNote && <span className="font-normal">({state.statusNote})</span>}
          </span>
          {state.status === 'live' && showMemberCount && (
            <span>{state.members === 1 ? '1 person here' : `${state.members} people here`}</span>
          )}
          {state.me?.isStaff && <StaffBadge />}
        </p>
      </div>
      {state.me?.isStaff && (
        <Link
          to="/staff/chat"
          className="inline-flex min-h-9 items-center rounded-md px-2 text-xs font-bold text-primary hover:bg-primary-soft"
        >
          Bans and mutes
        </Link>
      )}
      {hiddenCount > 0 && (
        <button
          type="button"
          onClick={onShowHidden}
          className="inline-flex min-h-9 items-center rounded-md px-2 text-xs font-bold text-primary hover:bg-primary-soft"
        >
          {hiddenCount === 1 ? '1 person hidden' : `${hiddenCount} people hidden`}
        </button>
      )}
      {onSlowMode && state.room && (
        <label className="flex items-center gap-1.5 text-xs font-bold text-muted">
          Slow mode
          <select
            value={state.room.slowModeSeconds}
            onChange={(event) => onSlowMode(Number(event.target.value))}
            disabled={state.status !== 'live'}
            className="min-h-9 rounded-md border border-line bg-white px-2 text-sm text-ink"
          >
            {[...new Set([...SLOW_MODE_CHOICES, state.room.slowModeSeconds])]
              .sort((a, b) => a - b)
              .map((seconds) => (
                <option key={seconds} value={seconds}>
                  {seconds === 0 ? 'Off' : seconds < 60 ? `${seconds} s` : `${seconds / 60} min`}
                </option>
              ))}
          </select>
        </label>
      )}
    </header>
  );
}

function Reactions({ state, onReact }: { state: ChatState; onReact: (reaction: (typeof REACTIONS)[number]) => void }) {
  return (
    <div className="flex items-center gap-1 border-t border-line px-2 py-1">
      <div className="flex flex-1 gap-0.5 overflow-hidden" aria-hidden="true">
        {state.reactions.map((r) => (
          <ReactionIcon key={r.key} reaction={r.reaction} className="size-5 shrink-0 animate-appear" />
        ))}
      </div>
      {REACTIONS.map((reaction) => (
        <button
          key={reaction}
          type="button"
          onClick={() => onReact(reaction)}
          disabled={isMuted(state.me, new Date())}
          className="grid size-9 place-items-center rounded-full hover:bg-primary-soft disabled:opacity-50"
          aria-label={`Send a ${reaction} reaction`}
        >
          <ReactionIcon reaction={reaction} className="size-5" />
        </button>
      ))}
    </div>
  );
}

function NoticeLine({ state, onDismiss }: { state: ChatState; onDismiss: () => void }) {
  const notice = state.notice;
  return (
    <div aria-live="polite">
      {notice && (
        <p
          className={cx(
            'flex items-start gap-2 border-t px-3 py-2 text-sm font-bold',
            notice.tone === 'error'
              ? 'border-danger/30 bg-danger-soft text-danger'
              : 'border-primary/20 bg-primary-soft text-primary-hover',
          )}
        >
          <span className="flex-1">{notice.text}</span>
          <button
            type="button"
            onClick={onDismiss}
            className="rounded px-1.5 text-base leading-none hover:bg-white"
            aria-label="Dismiss this notice"
          >
            ×
          </button>
        </p>
      )}
    </div>
  );
}
