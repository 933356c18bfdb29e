// Data hooks for the chat calls (spec §7): weavyinfo, the connection info and the rooms open now.
// The chat token (weavy/token) is fetched by the connection itself before each connect.
import { queryOptions } from '@tanstack/react-query';
import { chatCalls } from '../../../shared/contract/chat';
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
