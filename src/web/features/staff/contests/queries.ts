// Staff contest calls (/api/staff/contests…): the list, one contest, create and edit, the
// moderation queue and its review, an entry's vote review and its voids, closing early, and the log.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contestStaffCalls as calls,
  type ContestFields,
  type ReviewRequest,
  type StaffContest,
  type SubmissionState,
  type VoidRequest,
} from '../../../../shared/contract/contests';
import { apiCall, recordOf } from '../../../api/client';

export const staffContestKeys = {
  all: ['staff', 'contests'] as const,
  list: () => [...staffContestKeys.all, 'list'] as const,
  one: (id: number) => [...staffContestKeys.all, 'one', id] as const,
  queues: (id: number) => [...staffContestKeys.one(id), 'queue'] as const,
  queue: (id: number, state: SubmissionState) => [...staffContestKeys.queues(id), state] as const,
  votes: (id: number, submissionId: number) => [...staffContestKeys.one(id), 'votes', submissionId] as const,
  log: (id: number) => [...staffContestKeys.one(id), 'log'] as const,
};

/** Phases change with the clock and counts with viewers: the screens look again this often. */
const REFRESH_MS = 30_000;

export function staffContestsQuery() {
  return queryOptions({
    queryKey: staffContestKeys.list(),
    queryFn: async ({ signal }) => (await apiCall(calls.list, { signal })).data,
    refetchInterval: REFRESH_MS,
  });
}

export function staffContestQuery(id: number) {
  return queryOptions({
    queryKey: staffContestKeys.one(id),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.get, { params: { id }, signal })),
    enabled: id > 0,
    refetchInterval: REFRESH_MS,
  });
}

export function useSubmissionQueue(id: number, state: SubmissionState) {
  return useQuery({
    queryKey: staffContestKeys.queue(id, state),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.queue, { params: { id }, query: { state }, signal })),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** One entry's votes; nothing is asked before an entry is chosen (0). */
export function useVoteReview(id: number, submissionId: number) {
  return useQuery({
    queryKey: staffContestKeys.votes(id, submissionId),
    queryFn: async ({ signal }) =>
      recordOf(await apiCall(calls.votes, { params: { id }, query: { submissionid: submissionId }, signal })),
    enabled: submissionId > 0,
  });
}

export function useContestLog(id: number) {
  return useQuery({
    queryKey: staffContestKeys.log(id),
    queryFn: async ({ signal }) => (await apiCall(calls.log, { params: { id }, signal })).data,
  });
}

/** After any change: the contest as the answer has it (when it gives one), and everything under it read again. */
function useSettle(id: number) {
  const queryClient = useQueryClient();
  return async (saved?: StaffContest) => {
    if (saved) queryClient.setQueryData(staffContestKeys.one(saved.id), saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: staffContestKeys.list() }),
      queryClient.invalidateQueries({ queryKey: staffContestKeys.one(id), exact: saved !== undefined }),
      queryClient.invalidateQueries({ queryKey: staffContestKeys.queues(id) }),
      queryClient.invalidateQueries({ queryKey: staffContestKeys.log(id) }),
    ]);
  };
}

/** A new contest (id null) or changes to one; answers the saved contest and the server's words. */
export function useSaveContest(id: number | null) {
  const settle = useSettle(id ?? 0);
  return useMutation({
    mutationFn: async (body: ContestFields) => {
      const answer =
        id === null ? await apiCall(calls.create, { body }) : await apiCall(calls.update, { params: { id }, body });
      return { contest: recordOf(answer), message: answer.message };
    },
    onSuccess: ({ contest }) => settle(contest),
  });
}

export function useReviewSubmissions(id: number) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: async (body: ReviewRequest) => {
      const answer = await apiCall(calls.review, { params: { id }, body });
      return { queue: recordOf(answer), message: answer.message };
    },
    onSuccess: () => settle(),
  });
}

export function useVoidVotes(id: number) {
  const queryClient = useQueryClient();
  const settle = useSettle(id);
  return useMutation({
    mutationFn: async (body: VoidRequest) => {
      const answer = await apiCall(calls.voidVotes, { params: { id }, body });
      return { review: recordOf(answer), message: answer.message };
    },
    onSuccess: async ({ review }) => {
      queryClient.setQueryData(staffContestKeys.votes(id, review.submissionid), review);
      await settle();
    },
  });
}

export function useCloseContest(id: number) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: async () => {
      const answer = await apiCall(calls.close, { params: { id } });
      return { contest: recordOf(answer), message: answer.message };
    },
    onSuccess: ({ contest }) => settle(contest),
  });
}
