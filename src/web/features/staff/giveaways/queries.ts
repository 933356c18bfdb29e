// Staff giveaway calls (/api/staff/giveaways…): the list, one giveaway with its picks and audit
// log, create and edit, the live draw steps and the spin prize table of any event.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  staffGiveawayCalls as calls,
  type CreateGiveawayRequest,
  type StaffGiveawayDetail,
  type UpdateGiveawayRequest,
} from '../../../../shared/contract/giveaways-staff';
import type { SetSpinPrizesRequest } from '../../../../shared/contract/spin';
import { apiCall, recordOf } from '../../../api/client';
import { giveawayKeys } from '../../giveaways/queries';
import { eventKeys } from '../../events/queries';

export const staffGiveawayKeys = {
  all: ['staff', 'giveaways'] as const,
  list: () => [...staffGiveawayKeys.all, 'list'] as const,
  one: (id: number) => [...staffGiveawayKeys.all, 'one', id] as const,
  prizes: (eventId: number) => [...staffGiveawayKeys.all, 'prizes', eventId] as const,
};

export function staffGiveawaysQuery() {
  return queryOptions({
    queryKey: staffGiveawayKeys.list(),
    queryFn: async ({ signal }) => (await apiCall(calls.list, { query: { on: 'all' }, signal })).data,
  });
}

export function staffGiveawayQuery(id: number) {
  return queryOptions({
    queryKey: staffGiveawayKeys.one(id),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.one, { params: { id }, signal })),
    // The live draw screen follows other staff members' steps and the claim window; while a pick
    // waits for its claim (the winner may claim in the app), every two seconds.
    refetchInterval: (query) => (query.state.data?.picks.some((p) => p.status === 'pending') ? 2_000 : 10_000),
  });
}

export function spinPrizesQuery(eventId: number) {
  return queryOptions({
    queryKey: staffGiveawayKeys.prizes(eventId),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.prizeTable, { params: { eventId }, signal })),
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

/** A new giveaway (id null) or changes to one. */
export type GiveawaySave = { id: null; body: CreateGiveawayRequest } | { id: number; body: UpdateGiveawayRequest };

export function useSaveGiveaway() {
  const settle = useSettle();
  return useMutation({
    mutationFn: async (save: GiveawaySave) => {
      const answer =
        save.id === null
          ? await apiCall(calls.create, { body: save.body })
          : await apiCall(calls.update, { params: { id: save.id }, body: save.body });
      return { detail: recordOf(answer), message: answer.message };
    },
    onSuccess: ({ detail }) => settle(detail),
  });
}

export type DrawStep =
  | { step: 'draw' }
  | { step: 'respin' | 'claim'; pick_id: number }
  | { step: 'forfeit'; pick_id: number; redraw: boolean }
  | { step: 'announce'; announced: boolean };

function runStep(id: number, action: DrawStep) {
  const params = { id };
  switch (action.step) {
    case 'draw':
      return apiCall(calls.draw, { params });
    case 'respin':
      return apiCall(calls.respin, { params, body: { pick_id: action.pick_id } });
    case 'claim':
      return apiCall(calls.claim, { params, body: { pick_id: action.pick_id } });
    case 'forfeit':
      return apiCall(calls.forfeit, { params, body: { pick_id: action.pick_id, redraw: action.redraw } });
    case 'announce':
      return apiCall(calls.announce, { params, body: { announced: action.announced } });
  }
}

/** The live draw: draw, respin, claim, forfeit (and redraw), announce. Answers the new record and what happened. */
export function useDrawStep(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: async (action: DrawStep) => {
      const answer = await runStep(id, action);
      return { detail: recordOf(answer), message: answer.message };
    },
    onSuccess: ({ detail }) => settle(detail),
  });
}

export function useSavePrizes(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetSpinPrizesRequest) => {
      const answer = await apiCall(calls.setPrizeTable, { params: { eventId }, body });
      return { table: recordOf(answer), message: answer.message };
    },
    onSuccess: ({ table }) => queryClient.setQueryData(staffGiveawayKeys.prizes(eventId), table),
  });
}
