// One room's chat for a component: the connection, the state its frames build, and sending.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ClientFrame, RoomRef } from '../../../shared/contract/chat';
import { createChatConnection, type ChatConnection } from './chat-connection';
import { chatReducer, initialChatState } from './chat-state';

export const NOT_CONNECTED = 'Chat is not connected right now. Your message was not sent.';

export function useChat(room: RoomRef) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const lastSeenId = useRef(state.lastSeenId);
  const connection = useRef<ChatConnection | null>(null);

  useEffect(() => {
    lastSeenId.current = state.lastSeenId;
  }, [state.lastSeenId]);

  useEffect(() => {
    const current = createChatConnection(room, () => lastSeenId.current, {
      onFrame: (frame) => dispatch({ type: 'frame', frame }),
      onStatus: (status, note) => dispatch({ type: 'status', status, note }),
    });
    connection.current = current;
    current.start();
    return () => {
      current.stop();
      connection.current = null;
    };
  }, [room]);

  /** Sends a frame; says so in a notice when the socket is not open. */
  const send = useCallback((frame: ClientFrame): boolean => {
    const sent = connection.current?.send(frame) ?? false;
    if (!sent) dispatch({ type: 'notice', tone: 'error', text: NOT_CONNECTED });
    return sent;
  }, []);

  const dismiss = useCallback(() => dispatch({ type: 'dismiss' }), []);
  /** Shows a line in the panel's notice (the outcome of a report or a hide). */
  const tell = useCallback((tone: 'info' | 'error', text: string) => dispatch({ type: 'notice', tone, text }), []);

  return { state, send, dismiss, tell };
}
