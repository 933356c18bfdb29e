// The chat socket of one room: fetches a chat token, joins with it in the first frame (and says
// the last message it has), keeps the link alive with pings, and after a drop reconnects with
// backoff. The browser going offline closes it at once; coming back online reconnects at once.
// The same socket, opened with a follow frame instead, carries a giveaway's draw (decision 041).
import {
  CHAT_MESSAGES,
  CLOSE_CODES,
  ServerFrame,
  chatCalls,
  type ClientFrame,
  type RoomRef,
} from '../../../shared/contract/chat';
import { MESSAGES, SPEC_MESSAGES } from '../../../shared/messages';
import { ApiError, apiCall, recordOf, reportSessionEnded } from '../../api/client';
import { COOKIES, writeCookie } from '../../lib/browser-storage';
import type { ConnectionStatus } from './chat-state';

export const CHAT_SOCKET_PATH = '/api/chat/ws';
/** Reconnect delays grow from one second to this, with jitter. */
const MAX_BACKOFF_MS = 15_000;
const PING_EVERY_MS = 15_000;
/** A socket with no frame for this long (pings included) is taken for dead. */
const SILENCE_LIMIT_MS = 35_000;
/** The token cookie lives as long as the token: 15 minutes. */
const TOKEN_COOKIE_DAYS = 15 / (24 * 60);

export type ConnectionEvents = {
  onFrame: (frame: ServerFrame) => void;
  onStatus: (status: ConnectionStatus, note?: string) => void;
};

async function fetchChatToken(refresh: boolean): Promise<string> {
  const answer = await apiCall(chatCalls.token, { query: { refresh: refresh ? 'true' : undefined } });
  return recordOf(answer).token;
}

export function socketUrl(location: Location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CHAT_SOCKET_PATH}`;
}

/** The chat socket of one room. */
export function createChatConnection(room: RoomRef, lastSeenId: () => number | undefined, events: ConnectionEvents) {
  return createSocketConnection(
    (token) => {
      const since = lastSeenId();
      return { type: 'join', token, room, ...(since ? { lastSeenId: since } : {}) };
    },
    'welcome',
    events,
  );
}

/** A socket in no room that follows the draw of one giveaway, or of every giveaway of a show. */
export function createFollowConnection(target: { giveaway: number } | { show: number }, events: ConnectionEvents) {
  return createSocketConnection((token) => ({ type: 'follow', token, ...target }), 'following', events);
}

/** `hello` is the first frame, sent with a fresh token on every connect; `ready` the server's answer to it. */
function createSocketConnection(
  hello: (token: string) => ClientFrame,
  ready: ServerFrame['type'],
  events: ConnectionEvents,
) {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let refreshToken = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let lastFrameAt = 0;
  let hasBeenLive = false;

  function clearTimers() {
    if (retryTimer) clearTimeout(retryTimer);
    if (heartbeat) clearInterval(heartbeat);
    retryTimer = null;
    heartbeat = null;
  }

  /** Forgets the current socket without waiting for its closing handshake (it may never come). */
  function drop() {
    const old = socket;
    socket = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    if (!old) return;
    old.onmessage = null;
    old.onclose = null;
    old.onerror = null;
    // Closing a socket that is still connecting makes the browser log a warning: let it open first.
    if (old.readyState === WebSocket.CONNECTING) old.onopen = () => old.close();
    else {
      old.onopen = null;
      if (old.readyState === WebSocket.OPEN) old.close();
    }
  }

  function retry(note?: string) {
    drop();
    if (stopped) return;
    events.onStatus(hasBeenLive ? 'reconnecting' : 'connecting', note);
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt += 1;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void open(), delay);
  }

  function end(note: string) {
    stopped = true;
    clearTimers();
    drop();
    events.onStatus('ended', note);
  }

  async function open() {
    retryTimer = null;
    if (stopped) return;
    events.onStatus(hasBeenLive ? 'reconnecting' : 'connecting');
    let token: string;
    try {
      token = await fetchChatToken(refreshToken);
      refreshToken = false;
    } catch (error) {
      if (stopped) return;
      if (error instanceof ApiError && (error.httpStatus === 401 || error.httpStatus === 403))
        return end(error.message);
      return retry(error instanceof ApiError && error.httpStatus === 0 ? error.message : SPEC_MESSAGES.tokenFallback);
    }
    if (stopped) return;
    // Chat-service info (spec §3): lets the server turn a banned viewer away at the handshake.
    writeCookie(COOKIES.chatInfo, token, TOKEN_COOKIE_DAYS);
    const ws = new WebSocket(socketUrl(window.location));
    socket = ws;
    ws.onopen = () => {
      lastFrameAt = Date.now();
      ws.send(JSON.stringify(hello(token)));
      heartbeat = setInterval(() => {
        if (Date.now() - lastFrameAt > SILENCE_LIMIT_MS) return retry();
        ws.send(JSON.stringify({ type: 'ping' } satisfies ClientFrame));
      }, PING_EVERY_MS);
    };
    ws.onmessage = (event: MessageEvent<unknown>) => {
      lastFrameAt = Date.now();
      if (typeof event.data !== 'string') return;
      let body: unknown;
      try {
        body = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = ServerFrame.safeParse(body);
      if (!parsed.success) return;
      const frame = parsed.data;
      if (frame.type === ready) {
        attempt = 0;
        hasBeenLive = true;
      }
      if (frame.type === 'signed_out') {
        // The session ended on the server (decision 089): the whole page signs out, not only the chat.
        end(frame.message);
        return reportSessionEnded(frame.message);
      }
      events.onFrame(frame);
      if (frame.type === 'error' && frame.code === 'not_found') end(frame.message);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      if (event.code === CLOSE_CODES.banned) return end(CHAT_MESSAGES.banned);
      if (event.code === CLOSE_CODES.signedOut) {
        end(MESSAGES.sessionExpired);
        return reportSessionEnded(MESSAGES.sessionExpired);
      }
      if (event.code === CLOSE_CODES.unauthorized) {
        // One more try with a fresh token; the next refusal ends the chat.
        if (refreshToken) return end(CHAT_MESSAGES.unauthorized);
        refreshToken = true;
        attempt = 0;
      }
      retry();
    };
  }

  function handleOffline() {
    if (stopped) return;
    drop();
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    events.onStatus(hasBeenLive ? 'reconnecting' : 'connecting', SPEC_MESSAGES.networkError);
  }

  function handleOnline() {
    if (stopped || socket) return;
    attempt = 0;
    if (retryTimer) clearTimeout(retryTimer);
    void open();
  }

  return {
    start() {
      window.addEventListener('offline', handleOffline);
      window.addEventListener('online', handleOnline);
      void open();
    },
    stop() {
      stopped = true;
      window.removeEventListener('offline', handleOffline);
      window.removeEventListener('online', handleOnline);
      clearTimers();
      drop();
    },
    /** Sends a frame if the socket is open; false when it is not (the panel says so). */
    send(frame: ClientFrame): boolean {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
  };
}

export type ChatConnection = ReturnType<typeof createChatConnection>;
