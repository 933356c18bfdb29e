// Profile data hooks: the key factory, the profile query and the update and picture mutations.
// Every answer also refreshes the auth store's user and its stored copy.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { profileCalls, type UpdateProfileRequest } from '../../../shared/contract/profile';
import type { UserRecord, UserResponse } from '../../../shared/contract/user';
import { SPEC_MESSAGES } from '../../../shared/messages';
import { ApiError, apiCall, apiUpload, errorMessage, recordOf } from '../../api/client';
import type { ProfileOperation } from '../auth/auth-state';
import { useAuthDispatch, useSignOut } from '../auth/auth-store';
import { saveProfile } from '../auth/session';

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};

export function profileQuery() {
  return queryOptions({
    queryKey: profileKeys.me(),
    queryFn: async ({ signal }) => recordOf(await apiCall(profileCalls.view, { signal })),
  });
}

/** Applies a profile answer everywhere it is kept: query cache, storage and the auth store. */
function useProfileSync() {
  const dispatch = useAuthDispatch();
  const queryClient = useQueryClient();
  return useCallback(
    (operation: ProfileOperation, profile: UserRecord, message: string) => {
      queryClient.setQueryData(profileKeys.me(), profile);
      saveProfile(profile);
      dispatch({ type: 'profile/success', operation, profile, message });
    },
    [dispatch, queryClient],
  );
}

/** Records a failed profile call. A 401 already ended the session (see onSessionEnded). */
function useProfileFailure() {
  const dispatch = useAuthDispatch();
  const signOut = useSignOut();
  return useCallback(
    (operation: ProfileOperation, error: unknown, message: string) => {
      if (error instanceof ApiError && error.httpStatus === 401) return;
      if (error instanceof ApiError && error.httpStatus === 403 && operation === 'update') {
        signOut({ type: 'session/invalid', message: error.message });
        return;
      }
      dispatch({ type: 'profile/failure', operation, message });
    },
    [dispatch, signOut],
  );
}

/** Fetches the profile now (after a login, on opening the profile page) into the auth store. */
export function useRefreshProfile() {
  const dispatch = useAuthDispatch();
  const queryClient = useQueryClient();
  const sync = useProfileSync();
  const fail = useProfileFailure();
  return useCallback(async () => {
    dispatch({ type: 'profile/start', operation: 'fetch' });
    try {
      const answer = await queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 });
      sync('fetch', answer, '');
    } catch (error) {
      fail('fetch', error, errorMessage(error));
    }
  }, [dispatch, queryClient, sync, fail]);
}

function savedProfile(answer: z.output<typeof UserResponse>) {
  return { profile: recordOf(answer), message: answer.message };
}

type ProfileChanges = z.output<typeof UpdateProfileRequest>;

export function useUpdateProfileMutation() {
  const dispatch = useAuthDispatch();
  const sync = useProfileSync();
  const fail = useProfileFailure();
  return useMutation({
    mutationFn: async (changes: ProfileChanges) => savedProfile(await apiCall(profileCalls.update, { body: changes })),
    onMutate: () => dispatch({ type: 'profile/start', operation: 'update' }),
    onSuccess: ({ profile, message }) => sync('update', profile, message),
    onError: (error) => fail('update', error, error instanceof ApiError ? error.message : SPEC_MESSAGES.updateFailed),
  });
}

/** 'Profile update unsuccessfull' (spec §8) followed by the server's reason when it gave one. */
function pictureFailureMessage(error: unknown): string {
  const detail =
    error instanceof ApiError
      ? (error.fieldIssues[0]?.message ?? (error.message === SPEC_MESSAGES.pictureUpdateFailed ? '' : error.message))
      : '';
  return detail ? `${SPEC_MESSAGES.pictureUpdateFailed}. ${detail}` : SPEC_MESSAGES.pictureUpdateFailed;
}

export function usePictureUploadMutation() {
  const dispatch = useAuthDispatch();
  const sync = useProfileSync();
  const fail = useProfileFailure();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('image', file);
      return savedProfile(await apiUpload(profileCalls.picture, form, { onProgress }));
    },
    onMutate: () => dispatch({ type: 'profile/start', operation: 'picture' }),
    onSuccess: ({ profile, message }) => sync('picture', profile, message),
    onError: (error) => fail('picture', error, pictureFailureMessage(error)),
  });
}
