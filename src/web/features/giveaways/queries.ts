// Giveaway data for the web: the public giveaway (prize, state, winners, commitment), its terms and
// draw proof, the viewer's enrollment and ledger, entering, bonus entries and spin to win. These
// modules load with the giveaway pages only (never with home), so they call through the contract's
// descriptors and their zod answers.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  giveawayCalls,
  type Enrollment,
  type EntrySource,
  type SocialClickType,
} from '../../../shared/contract/giveaways';
import { spinCalls, type SpinKind } from '../../../shared/contract/spin';
import { ApiError, apiCall, recordOf } from '../../api/client';

/** A private giveaway's reads carry its access code (decision 051); the code ends the key, so `info(id)` covers every code. */
const opened = (code: string | undefined) => (code ? [code] : []);

export const giveawayKeys = {
  all: ['giveaway'] as const,
  info: (id: number, code?: string) => [...giveawayKeys.all, 'info', id, ...opened(code)] as const,
  terms: (id: number, code?: string) => [...giveawayKeys.all, 'terms', id, ...opened(code)] as const,
  proof: (id: number, code?: string) => [...giveawayKeys.all, 'proof', id, ...opened(code)] as const,
  showWinners: (showId: number) => [...giveawayKeys.all, 'show-winners', showId] as const,
  enrollment: (userId: number, id: number) => [...giveawayKeys.all, 'enrollment', userId, id] as const,
  spin: (userId: number, kind: SpinKind, id: number) => [...giveawayKeys.all, 'spin', userId, kind, id] as const,
};

/**
 * giveawayinfo_v1: the giveaway page's one read, the event record with its prize, state and winners.
 * A private giveaway answers 404 without its `code` (as an unknown id does), and 429 after too many wrong codes.
 */
export function giveawayInfoQuery(id: number, code?: string) {
  return queryOptions({
    queryKey: giveawayKeys.info(id, code),
    queryFn: async ({ signal }) =>
      recordOf(await apiCall(giveawayCalls.info, { query: { eventid: id, code }, signal })),
  });
}

export function giveawayTermsQuery(id: number, code?: string) {
  return queryOptions({
    queryKey: giveawayKeys.terms(id, code),
    queryFn: async ({ signal }) => recordOf(await apiCall(giveawayCalls.terms, { query: { id, code }, signal })),
  });
}

export function drawProofQuery(id: number, code?: string) {
  return queryOptions({
    queryKey: giveawayKeys.proof(id, code),
    queryFn: async ({ signal }) =>
      recordOf(await apiCall(giveawayCalls.proof, { query: { eventid: id, code }, signal })),
  });
}

/** giveawaywinners_v1?showid: the announced winners of every public giveaway of a show, for its past-show page. */
export function showWinnersQuery(showId: number) {
  return queryOptions({
    queryKey: giveawayKeys.showWinners(showId),
    queryFn: async ({ signal }) => (await apiCall(giveawayCalls.winners, { query: { showid: showId }, signal })).data,
  });
}

/**
 * checkifgiveawayenroll_v1: whether the signed-in viewer is in, with the ledger of their entries. A
 * private giveaway's `code` lets a viewer who has not entered yet ask; the answer does not depend on it.
 */
export function enrollmentQuery(userId: number, id: number, code?: string) {
  return queryOptions({
    queryKey: giveawayKeys.enrollment(userId, id),
    queryFn: async ({ signal }) =>
      recordOf(await apiCall(giveawayCalls.enrollment, { query: { eventid: id, code }, signal })),
  });
}

/** A 409 from an entry: the viewer was already in. */
export const isAlreadyEntered = (error: unknown) => error instanceof ApiError && error.httpStatus === 409;

/**
 * Enters the giveaway: giveawaydata_v1 from the site, giveawaydata_new when the entry says where
 * it came from (an exhibition kiosk, Whatnot with the viewer's username).
 */
export function useEnterMutation(userId: number, id: number, from: EntrySource = 'web') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (extra: { code?: string; whatnot_username?: string } = {}): Promise<Enrollment> => {
      const body = { eventid: id, ...(extra.code ? { code: extra.code } : {}) };
      const answer =
        from === 'web'
          ? await apiCall(giveawayCalls.enter, { body })
          : await apiCall(giveawayCalls.enterFrom, {
              body: { ...body, entry_from: from, whatnot_username: extra.whatnot_username },
            });
      return recordOf(answer);
    },
    onSuccess: (enrollment) => {
      queryClient.setQueryData(giveawayKeys.enrollment(userId, id), enrollment);
      void queryClient.invalidateQueries({ queryKey: giveawayKeys.info(id) });
    },
    onError: (error) => {
      if (isAlreadyEntered(error))
        void queryClient.invalidateQueries({ queryKey: giveawayKeys.enrollment(userId, id) });
    },
  });
}

/** socialgiveawayentries: the bonus entry for sharing on one platform. */
export function useSocialEntryMutation(userId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (clickType: SocialClickType) => {
      const answer = await apiCall(giveawayCalls.socialEntry, { query: { clickType }, body: { eventid: id } });
      return { result: recordOf(answer), message: answer.message };
    },
    onSuccess: ({ result }) => {
      const { bonus_added: _added, ...enrollment } = result;
      queryClient.setQueryData(giveawayKeys.enrollment(userId, id), enrollment);
    },
  });
}

const SPIN_CALLS = {
  rsvp: { check: spinCalls.rsvpCheck, spin: spinCalls.rsvpSpin },
  giveaway: { check: spinCalls.giveawayCheck, spin: spinCalls.giveawaySpin },
};

/** checkifrsvpspin / CheckIfGiveawaySpin: whether the viewer may spin, the wheel, and an earlier result. */
export function spinCheckQuery(userId: number, kind: SpinKind, eventId: number) {
  return queryOptions({
    queryKey: giveawayKeys.spin(userId, kind, eventId),
    queryFn: async ({ signal }) => recordOf(await apiCall(SPIN_CALLS[kind].check, { query: { eventId }, signal })),
  });
}

/** spinrsvpinfo / spingiveawayinfo: the server picks the prize; a second spin answers the first result. */
export function useSpinMutation(kind: SpinKind, eventId: number) {
  return useMutation({
    mutationFn: async () => recordOf(await apiCall(SPIN_CALLS[kind].spin, { body: { eventId } })),
  });
}
