// The viewer's unread count as the bell shows it: getnotification's answer first, then each value
// of the live stream, kept in the query cache so the notification pages can set it after a change.
// Answers are checked field by field here: the bell is on every page, so zod stays out of its code.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callRef } from '../../../shared/contract/call';
import type { NotificationInbox, notificationCalls } from '../../../shared/contract/notifications';
import { MESSAGES } from '../../../shared/messages';
import { apiCall, recordOf, recordsOf, reportSessionEnded } from '../../api/client';
import { fieldsOf } from '../../shell/site-config';
import { watchUnread } from './unread-stream';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (userId: number) => [...notificationKeys.all, 'unread', userId] as const,
  inbox: (userId: number) => [...notificationKeys.all, 'inbox', userId] as const,
};

function isInbox(value: unknown): value is NotificationInbox {
  const fields = fieldsOf(value);
  const unread = fields?.get('unread');
  return (
    fields !== null &&
    Number.isInteger(unread) &&
    Array.isArray(fields.get('items')) &&
    Array.isArray(fields.get('preferences'))
  );
}

const inboxCall = callRef<typeof notificationCalls.list>({
  method: 'GET',
  path: '/api/getnotification',
  response: recordsOf(isInbox),
});

/** getnotification with the smallest page: only its count is used. */
export function unreadCountQuery(userId: number) {
  return queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: async ({ signal }) => recordOf(await apiCall(inboxCall, { query: { limit: 1 }, signal })).unread,
    // The stream keeps it fresh from here on.
    staleTime: Infinity,
  });
}

/**
 * The count, live while the tab is in view: the stream is closed while it is hidden (the server
 * holds a few streams per viewer) and opened again when it shows, which sends the count afresh.
 * A changed count also marks the list stale, so an open /notifications shows what arrived.
 */
export function useUnreadCount(userId: number, token: string): number | undefined {
  const queryClient = useQueryClient();
  const { data } = useQuery(unreadCountQuery(userId));

  useEffect(() => {
    let controller: AbortController | null = null;
    const stop = () => {
      controller?.abort();
      controller = null;
    };
    const start = () => {
      if (controller || document.visibilityState === 'hidden') return;
      const current = new AbortController();
      controller = current;
      void watchUnread({
        token,
        signal: current.signal,
        onUnread: (unread) => {
          const before = queryClient.getQueryData(notificationKeys.unread(userId));
          queryClient.setQueryData(notificationKeys.unread(userId), unread);
          if (before !== unread) void queryClient.invalidateQueries({ queryKey: notificationKeys.inbox(userId) });
        },
        // The server ends the stream when the session ends (decision 089); its reconnect's 401 signs the page out.
        onRefused: () => reportSessionEnded(MESSAGES.sessionExpired),
      });
    };
    const handleVisibility = () => (document.visibilityState === 'hidden' ? stop() : start());
    start();
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      document.removeEventListener('visibilitychange', handleVisibility);
      stop();
    };
  }, [queryClient, token, userId]);

  return data;
}
