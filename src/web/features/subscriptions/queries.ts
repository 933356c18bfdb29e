// The subscription pages' calls (they load with /subscribe/confirm and /subscriptions only, so they
// use the contract's descriptors): confirming a link, changing or cancelling, the consent records.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionCalls, type UpdateSubscriptionRequest } from '../../../shared/contract/subscriptions';
import { apiCall, recordOf } from '../../api/client';
import { subscriptionKeys } from './status';

/** confirmsubscription_v1: what the link confirmed, or the refusal (used, expired, not ours). */
export function useConfirmMutation() {
  return useMutation({
    mutationFn: async (token: string) => {
      const envelope = await apiCall(subscriptionCalls.confirm, { body: { token } });
      return { message: envelope.message, confirmed: recordOf(envelope) };
    },
  });
}

/** updatesubscription: the new status goes straight into the status query. */
export function useUpdateSubscriptionMutation(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateSubscriptionRequest) => {
      const envelope = await apiCall(subscriptionCalls.update, { body });
      return { message: envelope.message, status: recordOf(envelope) };
    },
    onSuccess: ({ status }) => {
      queryClient.setQueryData(subscriptionKeys.status(userId), status);
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.records(userId) });
    },
  });
}

/** consentrecords_v1: every record of the viewer's address, oldest first. */
export function consentRecordsQuery(userId: number) {
  return queryOptions({
    queryKey: subscriptionKeys.records(userId),
    queryFn: async ({ signal }) => (await apiCall(subscriptionCalls.consentRecords, { signal })).data,
  });
}
