// What the chat panel shows, as a reducer over server frames and connection changes: messages
// kept in id order without duplicates (a reconnect's catch-up merges in), the pinned message,
// member count, the show's giveaway winners, the viewer's own mute state and the latest notice.
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatRoomInfo,
  type Reaction,
  type ServerFrame,
} from '../../../shared/contract/chat';

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
  counter: number;
};

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
    case 'room':
      return state.room
        ? {
            ...state,
            room: {
              ...state.room,
              slowModeSeconds: frame.slowModeSeconds,
              isOpen: frame.isOpen,
              paused: frame.paused ?? false,
            },
          }
        : state;
    case 'cleared':
      return { ...state, messages: [], pinned: null };
    case 'now_showing':
      // The live page's Now showing card follows these itself; the chat list has nothing to change.
      return state;
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
    // A room's socket follows no draw: 'following' and 'draw' belong to the draw's own socket (draw-result.tsx).
    case 'pong':
    case 'following':
    case 'draw':
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

/** Whether `mutedUntil` is still ahead of `now`. */
export function isMuted(me: Me | null, now: Date): boolean {
  return Boolean(me?.mutedUntil && new Date(me.mutedUntil).getTime() > now.getTime());
}
