// Data for the guessing game (decision 058): a show's current question (guessdata_v1), the viewer's
// guess (guesscrtdata_v1), and the staff calls to list, open, close and reveal questions.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  guessCalls,
  guessStaffCalls,
  type GuessQuestion,
  type OpenQuestionRequest,
} from '../../../shared/contract/guessing';
import { apiCall, recordOf } from '../../api/client';

export const guessKeys = {
  all: ['guessing'] as const,
  current: (eventId: number) => [...guessKeys.all, 'current', eventId] as const,
  staff: (eventId: number) => [...guessKeys.all, 'staff', eventId] as const,
};

/** The show's current question, or null when it has none. */
export function currentGuessQuery(eventId: number) {
  return queryOptions({
    queryKey: guessKeys.current(eventId),
    queryFn: async ({ signal }): Promise<GuessQuestion | null> =>
      (await apiCall(guessCalls.current, { query: { eventid: eventId }, signal })).data[0] ?? null,
  });
}

/**
 * How often the card asks again: every 10 s while a question is open or waiting for its reveal (the
 * reveal comes from staff), every 30 s otherwise, for the next question.
 */
export function useCurrentGuess(eventId: number) {
  return useQuery({
    ...currentGuessQuery(eventId),
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'revealed' ? 10_000 : 30_000),
  });
}

export function useGuessMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { questionid: number; guess: number }) =>
      recordOf(await apiCall(guessCalls.guess, { body: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guessKeys.current(eventId) }),
  });
}

// ---- Staff -------------------------------------------------------------------------------------

export function useStaffQuestions(eventId: number) {
  return useQuery({
    queryKey: guessKeys.staff(eventId),
    queryFn: async ({ signal }) => (await apiCall(guessStaffCalls.list, { query: { eventid: eventId }, signal })).data,
    refetchInterval: 10_000,
  });
}

export function useOpenQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OpenQuestionRequest) => {
      const answer = await apiCall(guessStaffCalls.open, { body });
      return { question: recordOf(answer), message: answer.message };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: guessKeys.all }),
  });
}

export function useQuestionStep(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, step }: { id: number; step: 'close' | 'reveal' }) => {
      const answer = await apiCall(step === 'close' ? guessStaffCalls.close : guessStaffCalls.reveal, {
        params: { id },
      });
      return { question: recordOf(answer), message: answer.message };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: guessKeys.staff(eventId) }),
  });
}
