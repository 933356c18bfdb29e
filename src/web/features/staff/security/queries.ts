// Staff second-factor calls (/api/staff/second-factor…): this session's state, enrolling and
// confirming the authenticator app, verifying with a code, and another staff member's factor and reset.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { staffSecurityCalls as calls } from '../../../../shared/contract/staff-security';
import { apiCall, recordOf } from '../../../api/client';

export const secondFactorKeys = {
  all: ['staff', 'second-factor'] as const,
  status: () => [...secondFactorKeys.all, 'status'] as const,
  member: (userId: number) => [...secondFactorKeys.all, 'member', userId] as const,
};

export function secondFactorStatusQuery() {
  return queryOptions({
    queryKey: secondFactorKeys.status(),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.status, { signal })),
  });
}

export function memberSecondFactorQuery(userId: number) {
  return queryOptions({
    queryKey: secondFactorKeys.member(userId),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.member, { params: { id: userId }, signal })),
  });
}

export function useEnrolMutation() {
  return useMutation({ mutationFn: async () => recordOf(await apiCall(calls.enrol)) });
}

export function useConfirmMutation() {
  return useMutation({
    mutationFn: async (code: string) => recordOf(await apiCall(calls.confirm, { body: { code } })),
  });
}

/** Verifying marks the session; every staff answer cached before it may have been a refusal. */
export function useVerifyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => recordOf(await apiCall(calls.verify, { body: { code } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.all }),
  });
}

export function useResetMutation(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => recordOf(await apiCall(calls.reset, { params: { id: userId } })),
    onSuccess: async (state) => {
      queryClient.setQueryData(secondFactorKeys.member(userId), state);
      // The reset clears their sessions' second factor: a staff account page showing them reads again.
      await queryClient.invalidateQueries({ queryKey: ['staff', 'users', 'one', userId] });
    },
  });
}
