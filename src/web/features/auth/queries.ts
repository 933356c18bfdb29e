// Account data hooks that are not auth-state transitions: sending login and reset codes, checking
// a reset code, setting a new password, and the e-mail existence check of the register form.
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { authCalls, type CheckResetCodeRequest, type ResetPasswordRequest } from '../../../shared/contract/auth';
import { apiCall, recordOf } from '../../api/client';
import { ensureVisitorToken } from '../../api/visitor';

export const authKeys = {
  all: ['auth'] as const,
  emailExists: (email: string) => [...authKeys.all, 'email-exists', email] as const,
};

/** Whether an account uses this e-mail. The call is rate-limited, so answers are kept a while. */
export function emailExistsQuery(email: string) {
  return queryOptions({
    queryKey: authKeys.emailExists(email),
    queryFn: async ({ signal }) =>
      recordOf(await apiCall(authCalls.emailExists, { query: { emailid: email }, signal })).exists,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useSendLoginCodeMutation() {
  return useMutation({
    mutationFn: async (email: string) => {
      const sessionId = await ensureVisitorToken();
      return apiCall(authCalls.sendLoginCode, { query: { emailid: email, session_id: sessionId } });
    },
  });
}

export function useSendResetCodeMutation() {
  return useMutation({
    mutationFn: (email: string) => apiCall(authCalls.sendResetCode, { query: { emailId: email } }),
  });
}

export function useCheckResetCodeMutation() {
  return useMutation({
    mutationFn: (body: z.output<typeof CheckResetCodeRequest>) => apiCall(authCalls.checkResetCode, { body }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: z.output<typeof ResetPasswordRequest>) => apiCall(authCalls.resetPassword, { body }),
  });
}
