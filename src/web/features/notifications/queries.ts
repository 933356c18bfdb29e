// Notification data for the pages: the list page by page with the preferences grid (getnotification),
// marking read and choosing (setnotification), and the e-mail unsubscribe link's calls. Each change
// sets the bell's count from the answer, so the header agrees before the stream says so.
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  NOTIFICATION_PAGE,
  notificationCalls,
  type NotificationInbox,
  type NotificationState,
  type PreferenceChange,
} from '../../../shared/contract/notifications';
import { apiCall, recordOf } from '../../api/client';
import { notificationKeys } from './unread-count';

export { notificationKeys };

/** getnotification, a page at a time: "Load more" asks for the notifications below next_cursor. */
export function inboxQuery(userId: number) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.inbox(userId),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }) =>
      recordOf(
        await apiCall(notificationCalls.list, {
          query: { limit: NOTIFICATION_PAGE.defaultLimit, ...(pageParam === undefined ? {} : { cursor: pageParam }) },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

type InboxPages = InfiniteData<NotificationInbox, number | undefined>;

/** Puts a setnotification answer into the cache: the count, the grid, and the read marks it made. */
function useApplyState(userId: number) {
  const queryClient = useQueryClient();
  return (state: NotificationState, readIds: 'all' | number[] | null) => {
    queryClient.setQueryData(notificationKeys.unread(userId), state.unread);
    const readAt = new Date().toISOString();
    queryClient.setQueryData<InboxPages>(notificationKeys.inbox(userId), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              unread: state.unread,
              preferences: state.preferences,
              items: page.items.map((item) =>
                item.read_at === null && (readIds === 'all' || readIds?.includes(item.id))
                  ? { ...item, read_at: readAt }
                  : item,
              ),
            })),
          }
        : data,
    );
  };
}

export function useMarkReadMutation(userId: number) {
  const apply = useApplyState(userId);
  return useMutation({
    mutationFn: async (ids: number[]) =>
      recordOf(await apiCall(notificationCalls.set, { body: { action: 'read', ids } })),
    onSuccess: (state, ids) => apply(state, ids),
  });
}

export function useMarkAllReadMutation(userId: number) {
  const apply = useApplyState(userId);
  return useMutation({
    mutationFn: async () => apiCall(notificationCalls.set, { body: { action: 'read_all' } }),
    onSuccess: (envelope) => apply(recordOf(envelope), 'all'),
  });
}

/** setnotification's preferences: answers the envelope, whose message the page shows. */
export function usePreferencesMutation(userId: number) {
  const apply = useApplyState(userId);
  return useMutation({
    mutationFn: async (changes: PreferenceChange[]) =>
      apiCall(notificationCalls.set, { body: { action: 'preferences', preferences: changes } }),
    onSuccess: (envelope) => apply(recordOf(envelope), null),
  });
}

export const unsubscribeKeys = {
  view: (token: string) => [...notificationKeys.all, 'unsubscribe', token] as const,
};

/** unsubscribe_v1 GET: only reads; a link scanner opening the page changes nothing. */
export function unsubscribeViewQuery(token: string) {
  return queryOptions({
    queryKey: unsubscribeKeys.view(token),
    queryFn: async ({ signal }) =>
      recordOf(await apiCall(notificationCalls.unsubscribeView, { query: { token }, signal })),
    retry: false,
  });
}

/** unsubscribe_v1 POST: without changes turns the link's own kind off; with them sets the e-mail cells. */
export function useUnsubscribeMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes?: PreferenceChange[]) =>
      apiCall(notificationCalls.unsubscribe, { body: changes ? { token, preferences: changes } : { token } }),
    onSuccess: (envelope) => queryClient.setQueryData(unsubscribeKeys.view(token), recordOf(envelope)),
  });
}
