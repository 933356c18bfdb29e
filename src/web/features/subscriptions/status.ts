// Subscription data every page may need: the viewer's status (fetched after login, dropped on
// logout) and subscribing (the footer box, "Get alerts for this show"). Answers are checked field by
// field, so the footer, which is on every page, brings no zod.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRef } from '../../../shared/contract/call';
import type {
  SubscribeRequest,
  SubscribeResult,
  subscriptionCalls,
  SubscriptionStatus,
} from '../../../shared/contract/subscriptions';
import { apiCall, recordOf, recordsOf } from '../../api/client';
import { fieldsOf } from '../../shell/site-config';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  status: (userId: number) => [...subscriptionKeys.all, 'status', userId] as const,
  records: (userId: number) => [...subscriptionKeys.all, 'records', userId] as const,
};

const isItemState = (value: unknown) => value === null || value === 'pending' || value === 'confirmed';

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  const fields = fieldsOf(value);
  const shows = fields?.get('shows');
  return (
    fields !== null &&
    typeof fields.get('email') === 'string' &&
    isItemState(fields.get('newsletter')) &&
    isItemState(fields.get('show_alerts')) &&
    Array.isArray(shows) &&
    shows.every((show) => {
      const f = fieldsOf(show);
      return (
        f !== null &&
        Number.isInteger(f.get('event_id')) &&
        typeof f.get('title') === 'string' &&
        isItemState(f.get('state'))
      );
    })
  );
}

const isSubscribeResult = (value: unknown): value is SubscribeResult =>
  typeof fieldsOf(value)?.get('confirmation_sent') === 'boolean';

const statusCall = callRef<typeof subscriptionCalls.status>({
  method: 'GET',
  path: '/api/subscription_v1',
  response: recordsOf(isSubscriptionStatus),
});
const subscribeCall = callRef<typeof subscriptionCalls.subscribe>({
  method: 'POST',
  path: '/api/subscribeuser',
  response: recordsOf(isSubscribeResult),
});

/** subscription_v1: the viewer's status (the auth store fetches it after login). */
export function subscriptionStatusQuery(userId: number) {
  return queryOptions({
    queryKey: subscriptionKeys.status(userId),
    queryFn: async ({ signal }) => recordOf(await apiCall(statusCall, { signal })),
    staleTime: 60_000,
  });
}

/** subscribeuser: answers the server's message ("Check your inbox to confirm…"); the viewer's status is read again. */
export function useSubscribeMutation(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubscribeRequest) => (await apiCall(subscribeCall, { body })).message,
    onSuccess: () => {
      if (userId !== null) void queryClient.invalidateQueries({ queryKey: subscriptionKeys.status(userId) });
    },
  });
}
