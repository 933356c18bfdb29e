// Data hooks for the chat calls (spec §7): weavyinfo, the connection info and the rooms open now;
// the viewer's own tools (decision 045): reporting a message, hiding and showing people.
// The chat token (weavy/token) is fetched by the connection itself before each connect.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { chatCalls } from '../../../shared/contract/chat';
import { chatReportCalls, type ReportMessageRequest } from '../../../shared/contract/chat-reports';
import { SPEC_MESSAGES } from '../../../shared/messages';
import { ApiError, apiCall, recordOf } from '../../api/client';

export const chatKeys = {
  all: ['chat'] as const,
  info: () => [...chatKeys.all, 'info'] as const,
};

export const chatInfoQuery = queryOptions({
  queryKey: chatKeys.info(),
  queryFn: async ({ signal }) => {
    try {
      return recordOf(await apiCall(chatCalls.info, { signal }));
    } catch (error) {
      // Spec §8: whatever went wrong, the chat info call falls back to this message.
      if (error instanceof ApiError && error.httpStatus === 401) throw error;
      throw new ApiError(
        SPEC_MESSAGES.chatInfoFallback,
        error instanceof ApiError ? error.httpStatus : 0,
        error instanceof ApiError ? error.status : 0,
      );
    }
  },
  staleTime: 30_000,
});

/** The people this viewer hid from their chat (kept on the server, so every device agrees). */
export const hiddenPeopleQuery = queryOptions({
  queryKey: [...chatKeys.all, 'hidden'] as const,
  queryFn: async ({ signal }) => (await apiCall(chatReportCalls.hidden, { signal })).data,
  staleTime: 60_000,
});

/** Hides a person's messages, or shows them again; the answer is the new list, kept in the cache. */
export function useHidePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, hide }: { userId: number; hide: boolean }) =>
      apiCall(hide ? chatReportCalls.hide : chatReportCalls.unhide, { body: { userId } }),
    onSuccess: (answer) => queryClient.setQueryData(hiddenPeopleQuery.queryKey, answer.data),
  });
}

/** Reports a message to staff; answers the server's thanks. */
export function useReportMessage() {
  return useMutation({
    mutationFn: async (body: ReportMessageRequest) => (await apiCall(chatReportCalls.report, { body })).message,
  });
}
