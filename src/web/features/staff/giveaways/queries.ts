// Staff giveaway calls (/api/staff/giveaways…): the list, one giveaway with its picks and audit
// log, create and edit, entries, the live draw steps and the spin prize table of any event.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SpinPrizeTableResponse,
  StaffEntriesResponse,
  StaffGiveawayDetailResponse,
  StaffGiveawayListResponse,
  type CreateGiveawayRequest,
  type SetSpinPrizesRequest,
  type StaffGiveawayDetail,
  type UpdateGiveawayRequest,
} from '../../../../shared/contract/giveaways';
import { apiCall, recordOf } from '../../../api/client';
import { giveawayKeys } from '../../giveaways/queries';
import { eventKeys } from '../../events/queries';

export const staffGiveawayKeys = {
  all: ['staff', 'giveaways'] as const,
  list: () => [...staffGiveawayKeys.all, 'list'] as const,
  one: (id: number) => [...staffGiveawayKeys.all, 'one', id] as const,
  entries: (id: number) => [...staffGiveawayKeys.all, 'entries', id] as const,
  prizes: (eventId: number) => [...staffGiveawayKeys.all, 'prizes', eventId] as const,
};

export function staffGiveawaysQuery() {
  return queryOptions({
    queryKey: staffGiveawayKeys.list(),
    queryFn: async ({ signal }) => (await apiCall('/api/staff/giveaways', { query: { on: 'all' }, schema: StaffGiveawayListResponse, signal })).data,
  });
}

export function staffGiveawayQuery(id: number) {
  return queryOptions({
    queryKey: staffGiveawayKeys.one(id),
    queryFn: async ({ signal }) => recordOf(await apiCall(`/api/staff/giveaways/${id}`, { schema: StaffGiveawayDetailResponse, signal })),
    // The live draw screen follows other staff members' steps and the claim window.
    refetchInterval: 10_000,
  });
}

export function staffEntriesQuery(id: number) {
  return queryOptions({
    queryKey: staffGiveawayKeys.entries(id),
    queryFn: async ({ signal }) => (await apiCall(`/api/staff/giveaways/${id}/entries`, { schema: StaffEntriesResponse, signal })).data,
  });
}

export function spinPrizesQuery(eventId: number) {
  return queryOptions({
    queryKey: staffGiveawayKeys.prizes(eventId),
    queryFn: async ({ signal }) => recordOf(await apiCall(`/api/staff/giveaways/spin-prizes/${eventId}`, { schema: SpinPrizeTableResponse, signal })),
  });
}

/** After a change: the staff record from the answer, and every viewer-side read of it refreshed. */
function useSettle() {
  const queryClient = useQueryClient();
  return (detail: StaffGiveawayDetail) => {
    queryClient.setQueryData(staffGiveawayKeys.one(detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: staffGiveawayKeys.list() });
    void queryClient.invalidateQueries({ queryKey: giveawayKeys.all });
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  };
}

export function useSaveGiveaway(id: number | null) {
  const settle = useSettle();
  return useMutation({
    mutationFn: async (body: CreateGiveawayRequest | UpdateGiveawayRequest) => {
      const answer = await apiCall(id === null ? '/api/staff/giveaways' : `/api/staff/giveaways/${id}`, { method: 'POST', body, schema: StaffGiveawayDetailResponse });
      return { detail: recordOf(answer), message: answer.message };
    },
    onSuccess: ({ detail }) => settle(detail),
  });
}

export type DrawStep = { step: 'draw' } | { step: 'respin' | 'claim'; pick_id: number } | { step: 'forfeit'; pick_id: number; redraw: boolean } | { step: 'announce'; announced: boolean };

/** The live draw: draw, respin, claim, forfeit (and redraw), announce. Answers the new record and what happened. */
export function useDrawStep(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: async ({ step, ...body }: DrawStep) => {
      const answer = await apiCall(`/api/staff/giveaways/${id}/${step}`, { method: 'POST', body: step === 'draw' ? undefined : body, schema: StaffGiveawayDetailResponse });
      return { detail: recordOf(answer), message: answer.message };
    },
    onSuccess: ({ detail }) => settle(detail),
  });
}

export function useSavePrizes(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetSpinPrizesRequest) => {
      const answer = await apiCall(`/api/staff/giveaways/spin-prizes/${eventId}`, { method: 'POST', body, schema: SpinPrizeTableResponse });
      return { table: recordOf(answer), message: answer.message };
    },
    onSuccess: ({ table }) => queryClient.setQueryData(staffGiveawayKeys.prizes(eventId), table),
  });
}
