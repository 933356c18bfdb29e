// What the chat panel shows, as a reducer over server frames and connection changes: messages
// kept in id order without duplicates (a reconnect's catch-up merges in), the pinned message,
// member count, the show's giveaway winners, the viewer's own mute state and the latest notice, and
// for the live page the piece on air as the room last announced it.
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatMessage,
  type ChatRoomInfo,
  type Reaction,
  type ServerFrame,
} from '../../../shared/contract/chat';
import type { Piece } from '../../../shared/contract/pieces';

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

export type Me = { userId: number; name: string; isStaff: boolean; mutedUntil: string | null };

export type Notice = { key: number; tone: 'info' | 'error'; text: string; clientId?: string };

export type ChatState = {
  status: ConnectionStatus;
  /** Why the chat ended (banned, logged out, no such room), or why it is retrying. */
  statusNote: string | null;
  room: ChatRoomInfo | null;
  me: Me | null;
  messages: ChatMessage[];
  /** The newest message id seen, deleted or not: what a reconnect asks to continue from. */
  lastSeenId: number | undefined;
  pinned: ChatMessage | null;
  members: number;
  /** Viewers who won a giveaway of this show: their names carry the winner mark. */
  winners: ReadonlySet<number>;
  notice: Notice | null;
  reactions: { key: number; reaction: Reaction }[];
  /** The newest `now_showing` frame, keyed so the live page passes each on once. */
  nowShowing: { key: number; eventid: number; piece: Piece | null } | null;
  /** Welcomes so far: after the first, the socket came back and may have missed a frame. */
  joins: number;
  counter: number;
};

/** Said when staff clear the room (the contract has no words for it). */
export const CLEARED_TEXT = 'The host cleared the chat.';
/** Said when staff open a paused room again. */
export const RESUMED_TEXT = 'Chat is open again.';

export type ChatAction =
  | { type: 'frame'; frame: ServerFrame }
  | { type: 'status'; status: ConnectionStatus; note?: string | null }
  | { type: 'notice'; tone: Notice['tone']; text: string }
  | { type: 'dismiss' };

export const initialChatState: ChatState = {
  status: 'connecting',
  statusNote: null,
  room: null,
  me: null,
  messages: [],
  lastSeenId: undefined,
  pinned: null,
  members: 0,
  winners: new Set(),
  notice: null,
  reactions: [],
  nowShowing: null,
  joins: 0,
  counter: 0,
};

/** Adds messages not already present, keeps id order and at most keepSize. */
export function mergeMessages(
  current: ChatMessage[],
  incoming: ChatMessage[],
  removed: ReadonlySet<number> = new Set(),
): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of current) if (!removed.has(m.id)) byId.set(m.id, m);
  for (const m of incoming) if (!removed.has(m.id)) byId.set(m.id, byId.get(m.id) ?? m);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-CHAT_LIMITS.keepSize);
}

function newestId(current: number | undefined, messages: ChatMessage[]): number | undefined {
  return messages.reduce<number | undefined>((max, m) => (max === undefined || m.id > max ? m.id : max), current);
}

/** Errors after which this room's chat cannot go on; an expired token is retried by the connection instead. */
const ENDING_ERRORS = new Set(['banned', 'not_found']);

function withNotice(state: ChatState, tone: Notice['tone'], text: string): ChatState {
  return { ...state, counter: state.counter + 1, notice: { key: state.counter + 1, tone, text } };
}

function onFrame(state: ChatState, frame: ServerFrame): ChatState {
  switch (frame.type) {
    case 'welcome': {
      const messages = frame.reset
        ? mergeMessages([], frame.history)
        : mergeMessages(state.messages, frame.history, new Set(frame.deleted));
      return {
        ...state,
        status: 'live',
        statusNote: null,
        room: frame.room,
        me: frame.me,
        messages,
        lastSeenId: newestId(frame.reset ? undefined : state.lastSeenId, frame.history),
        pinned: frame.pinned,
        members: frame.members,
        winners: new Set(frame.winners),
        joins: state.joins + 1,
      };
    }
    case 'message':
      return {
        ...state,
        messages: mergeMessages(state.messages, [frame.message]),
        lastSeenId: newestId(state.lastSeenId, [frame.message]),
      };
    case 'deleted':
      return {
        ...state,
        messages: state.messages.filter((m) => m.id !== frame.id),
        pinned: state.pinned?.id === frame.id ? null : state.pinned,
      };
    case 'pinned':
      return { ...state, pinned: frame.message };
    case 'presence':
      return { ...state, members: frame.members };
    case 'winners':
      return { ...state, winners: new Set(frame.userIds) };
    case 'room': {
      if (!state.room) return state;
      const paused = frame.paused ?? false;
      const next = {
        ...state,
        room: { ...state.room, slowModeSeconds: frame.slowModeSeconds, isOpen: frame.isOpen, paused },
      };
      // Pausing and resuming are said aloud once, where notices are; staff may still post.
      if (paused === (state.room.paused ?? false) || state.me?.isStaff) return next;
      return withNotice(next, 'info', paused ? CHAT_MESSAGES.paused : RESUMED_TEXT);
    }
    case 'cleared':
      return withNotice({ ...state, messages: [], pinned: null }, 'info', CLEARED_TEXT);
    case 'now_showing':
      return {
        ...state,
        counter: state.counter + 1,
        nowShowing: { key: state.counter + 1, eventid: frame.eventid, piece: frame.piece },
      };
    case 'mute_state':
      return state.me ? { ...state, me: { ...state.me, mutedUntil: frame.mutedUntil } } : state;
    case 'reaction':
      return {
        ...state,
        counter: state.counter + 1,
        reactions: [...state.reactions, { key: state.counter + 1, reaction: frame.reaction }].slice(-8),
      };
    case 'guess':
      return {
        ...state,
        counter: state.counter + 1,
        notice: { key: state.counter + 1, tone: 'info', text: frame.text },
      };
    case 'notice':
      return {
        ...state,
        counter: state.counter + 1,
        notice: {
          key: state.counter + 1,
          tone: frame.code === 'moderated' ? 'info' : 'error',
          text: frame.message,
          ...(frame.clientId ? { clientId: frame.clientId } : {}),
        },
      };
    case 'error':
      if (ENDING_ERRORS.has(frame.code)) return { ...state, status: 'ended', statusNote: frame.message };
      return {
        ...state,
        counter: state.counter + 1,
        notice: { key: state.counter + 1, tone: 'error', text: frame.message },
      };
    // A room's socket follows no draw: 'following' and 'draw' belong to the draw's own socket (draw-result.tsx);
    // on 'signed_out' the connection ends the chat and signs the page out (chat-connection.ts).
    case 'pong':
    case 'following':
    case 'draw':
    case 'signed_out':
      return state;
  }
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'frame':
      return onFrame(state, action.frame);
    case 'status':
      // Once ended (banned, logged out), a late close does not bring back "reconnecting".
      if (state.status === 'ended' && action.status !== 'connecting') return state;
      return { ...state, status: action.status, statusNote: action.note ?? null };
    case 'notice':
      return {
        ...state,
        counter: state.counter + 1,
        notice: { key: state.counter + 1, tone: action.tone, text: action.text },
      };
    case 'dismiss':
      return { ...state, notice: null };
  }
}

/** Viewers cannot post while staff have paused the room; staff can. */
export function isPausedForMe(state: Pick<ChatState, 'room' | 'me'>): boolean {
  return Boolean(state.room?.paused) && !state.me?.isStaff;
}

/** Whether `mutedUntil` is still ahead of `now`. */
export function isMuted(me: Me | null, now: Date): boolean {
  return Boolean(me?.mutedUntil && new Date(me.mutedUntil).getTime() > now.getTime());
}
