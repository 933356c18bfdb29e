// Staff chat moderation calls: the mutes and bans in force (/api/staff/chat/sanctions), the
// moderation log (/api/staff/chat/moderation), lifting a ban or a mute (unban, unmute), and
// viewers' reports of messages (/api/staff/chat/reports) with their resolution.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { chatStaffCalls, type ChatSanction } from '../../../../shared/contract/chat';
import { chatReportStaffCalls, type ResolveReportRequest } from '../../../../shared/contract/chat-reports';
import { apiCall } from '../../../api/client';

export const staffChatKeys = {
  all: ['staff', 'chat'] as const,
  sanctions: () => [...staffChatKeys.all, 'sanctions'] as const,
  log: () => [...staffChatKeys.all, 'log'] as const,
  reports: () => [...staffChatKeys.all, 'reports'] as const,
};

/** Mutes run out on their own: the list looks again every half minute. */
const SANCTIONS_REFRESH_MS = 30_000;
/** How many of the latest moderation steps the screen shows. */
export const LOG_SIZE = 20;

export const sanctionsQuery = queryOptions({
  queryKey: staffChatKeys.sanctions(),
  queryFn: async ({ signal }) => (await apiCall(chatStaffCalls.sanctions, { query: {}, signal })).data,
  refetchInterval: SANCTIONS_REFRESH_MS,
});

export const moderationLogQuery = queryOptions({
  queryKey: staffChatKeys.log(),
  queryFn: async ({ signal }) =>
    (await apiCall(chatStaffCalls.moderationLog, { query: { limit: LOG_SIZE }, signal })).data,
  refetchInterval: SANCTIONS_REFRESH_MS,
});

/** Lifts a ban or a mute; answers the server's words ('Amber N. can chat again.'). */
export function useLiftSanction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sanction: Pick<ChatSanction, 'kind' | 'userId'>) => {
      const body = { userId: sanction.userId };
      const answer =
        sanction.kind === 'ban'
          ? await apiCall(chatStaffCalls.unban, { body })
          : await apiCall(chatStaffCalls.unmute, { body });
      return answer.message;
    },
    // Also after a refusal: someone else may have lifted it first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffChatKeys.all }),
  });
}

/** Reported messages with their open reports (decision 045); looked at again like the sanctions. */
export const reportsQuery = queryOptions({
  queryKey: staffChatKeys.reports(),
  queryFn: async ({ signal }) => (await apiCall(chatReportStaffCalls.reports, { query: {}, signal })).data,
  refetchInterval: SANCTIONS_REFRESH_MS,
});

/** Dismisses a message's reports or acts on it; answers the server's words. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ResolveReportRequest) => (await apiCall(chatReportStaffCalls.resolve, { body })).message,
    // Also after a refusal: someone else may have resolved it first. A mute or ban shows below too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffChatKeys.all }),
  });
}
