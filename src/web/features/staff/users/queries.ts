// Staff user management calls (/api/staff/users…, decision 089): the search's pages, one viewer,
// and the actions on them, each answering the viewer as they are afterwards.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  staffUserCalls as calls,
  type UserDetail,
  type UserSearchQuery,
} from '../../../../shared/contract/staff-users';
import { apiCall, recordOf } from '../../../api/client';

export const staffUserKeys = {
  all: ['staff', 'users'] as const,
  search: (query: UserSearchQuery) => [...staffUserKeys.all, 'search', query] as const,
  detail: (id: number) => [...staffUserKeys.all, 'one', id] as const,
};

export function userSearchQuery(query: UserSearchQuery) {
  return queryOptions({
    queryKey: staffUserKeys.search(query),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.search, { query, signal })),
    placeholderData: keepPreviousData,
  });
}

export function userDetailQuery(id: number) {
  return queryOptions({
    queryKey: staffUserKeys.detail(id),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.detail, { params: { id }, signal })),
    enabled: id > 0,
  });
}

export type UserAction =
  | { type: 'grant' | 'revoke' | 'deactivate' | 'reactivate' }
  | { type: 'end-session'; sessionId: number }
  | { type: 'erase'; confirm: string };

async function act(id: number, action: UserAction) {
  const params = { id };
  switch (action.type) {
    case 'grant':
      return apiCall(calls.grantStaff, { params });
    case 'revoke':
      return apiCall(calls.revokeStaff, { params });
    case 'deactivate':
      return apiCall(calls.deactivate, { params });
    case 'reactivate':
      return apiCall(calls.reactivate, { params });
    case 'end-session':
      return apiCall(calls.endSession, { params: { id, sessionId: action.sessionId } });
    case 'erase':
      return apiCall(calls.erase, { params, body: { confirm: action.confirm } });
  }
}

/** One action on a viewer; the page shows the server's words and the viewer as they are now. */
export function useUserAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: UserAction) => {
      const answer = await act(id, action);
      return { detail: recordOf(answer), message: answer.message };
    },
    onSuccess: async ({ detail }) => {
      queryClient.setQueryData<UserDetail>(staffUserKeys.detail(id), detail);
      await queryClient.invalidateQueries({ queryKey: [...staffUserKeys.all, 'search'] });
    },
  });
}
