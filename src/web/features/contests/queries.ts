// Contest data for the web: the list, one contest's page (for the signed-in viewer, their entries,
// vote and likes), the counts polled while voting is open, and submitting, voting and liking.
// Votes and likes change the counts at once and are set from the server's answer afterwards.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COUNTS_POLL_MS,
  contestCalls,
  type ContestCounts,
  type ContestDetail,
} from '../../../shared/contract/contests';
import { apiCall, apiUpload, recordOf } from '../../api/client';
import { countsFromDetail, withAnswer, withLike, withVote } from './live-counts';

export const contestKeys = {
  all: ['contests'] as const,
  list: () => [...contestKeys.all, 'list'] as const,
  /** Per viewer: the page carries their entries, vote and likes (0 when signed out). */
  detail: (id: number, userId: number) => [...contestKeys.all, 'detail', id, userId] as const,
  counts: (id: number, userId: number) => [...contestKeys.all, 'counts', id, userId] as const,
  /** The votes and likes being sent: the polls wait while any is on its way. */
  changes: (id: number) => [...contestKeys.all, 'changes', id] as const,
};

/** contests_v1: every public contest. */
export function contestListQuery() {
  return queryOptions({
    queryKey: contestKeys.list(),
    queryFn: async ({ signal }) => (await apiCall(contestCalls.list, { signal })).data,
  });
}

/** contest_v1: one contest's page. Read again when it changes phase (see the page's countdown). */
export function contestDetailQuery(id: number, userId: number) {
  return queryOptions({
    queryKey: contestKeys.detail(id, userId),
    queryFn: async ({ signal }) => recordOf(await apiCall(contestCalls.detail, { query: { contestid: id }, signal })),
  });
}

/**
 * contestcounts_v1 every COUNTS_POLL_MS while voting is open and the tab is in view: a hidden tab
 * stops asking until it shows again.
 */
export function contestCountsQuery(id: number, userId: number, isVoting: boolean, isSending = false) {
  return queryOptions({
    queryKey: contestKeys.counts(id, userId),
    queryFn: async ({ signal }) => recordOf(await apiCall(contestCalls.counts, { query: { contestid: id }, signal })),
    enabled: isVoting,
    staleTime: 0,
    refetchInterval: isVoting && !isSending ? COUNTS_POLL_MS : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

export type EntryUpload = {
  contestId: number;
  caption: string;
  consent: boolean;
  photo: File;
  /** Set to give one's own pending or rejected entry a new photo. */
  submissionId?: number;
  onProgress?: (fraction: number) => void;
};

/** contestusers: the text fields first, then the photo, as one multipart form. */
export function useSubmitEntryMutation(contestId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ caption, consent, photo, submissionId, onProgress }: EntryUpload) => {
      const form = new FormData();
      form.append('contestid', String(contestId));
      form.append('caption', caption);
      form.append('consent', consent ? 'true' : 'false');
      if (submissionId !== undefined) form.append('submissionid', String(submissionId));
      form.append('image', photo, photo.name);
      return recordOf(await apiUpload(contestCalls.submit, form, { onProgress }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contestKeys.detail(contestId, userId) }),
  });
}

/**
 * A vote or like changes the counts on screen at once; a poll in flight is cancelled so it cannot
 * undo that. The answer sets the entry's counts; a refusal puts back what was there.
 */
function useCountsChange<V>(
  detail: ContestDetail,
  userId: number,
  send: (change: V) => Promise<Parameters<typeof withAnswer>[1]>,
  guess: (counts: ContestCounts, change: V) => ContestCounts,
) {
  const queryClient = useQueryClient();
  const key = contestKeys.counts(detail.id, userId);
  return useMutation({
    mutationKey: contestKeys.changes(detail.id),
    mutationFn: send,
    onMutate: async (change: V) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ContestCounts>(key) ?? countsFromDetail(detail);
      queryClient.setQueryData<ContestCounts>(key, guess(before, change));
      return { before };
    },
    onSuccess: (answer) =>
      queryClient.setQueryData<ContestCounts>(key, (counts) => withAnswer(counts ?? countsFromDetail(detail), answer)),
    onError: (_error, _change, context) => {
      if (context) queryClient.setQueryData<ContestCounts>(key, context.before);
    },
  });
}

/** uservotes: vote for an entry (a vote already cast moves to it). */
export function useVoteMutation(detail: ContestDetail, userId: number) {
  return useCountsChange<number>(
    detail,
    userId,
    async (submissionid) => recordOf(await apiCall(contestCalls.votePost, { body: { submissionid } })),
    withVote,
  );
}

/** userlikes: like or unlike an entry. */
export function useLikeMutation(detail: ContestDetail, userId: number) {
  return useCountsChange<{ submissionId: number; liked: boolean }>(
    detail,
    userId,
    async ({ submissionId, liked }) =>
      recordOf(await apiCall(contestCalls.likePost, { body: { submissionid: submissionId, liked } })),
    (counts, { submissionId, liked }) => withLike(counts, submissionId, liked),
  );
}
