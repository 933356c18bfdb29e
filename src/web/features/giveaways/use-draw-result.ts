// The live draw for one viewer (decision 041): giveawaydraw_v1 once, then a socket that follows the
// giveaway (or the show) and replaces each giveaway's result as its `draw` frames arrive, keeping the
// viewer's own entry number. The winner's claim button (giveawayclaim_v1) writes its answer back.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { giveawayDrawCalls, type DrawResult, type MyDrawResult } from '../../../shared/contract/giveaway-draw';
import { apiCall, recordOf } from '../../api/client';
import { createFollowConnection } from '../chat/chat-connection';
import { giveawayKeys } from './queries';

export type DrawTarget = { giveaway: number } | { show: number };

export const drawKeys = {
  all: [...giveawayKeys.all, 'draw'] as const,
  of: (userId: number, target: DrawTarget) =>
    [...drawKeys.all, userId, 'giveaway' in target ? 'giveaway' : 'show', Object.values(target)[0]] as const,
};

export function drawResultQuery(userId: number, target: DrawTarget) {
  return queryOptions({
    queryKey: drawKeys.of(userId, target),
    queryFn: async ({ signal }) =>
      (
        await apiCall(giveawayDrawCalls.result, {
          query: 'giveaway' in target ? { eventid: target.giveaway } : { showid: target.show },
          signal,
        })
      ).data,
  });
}

/** Puts a pushed result in place of the one it replaces; false when this list does not hold that giveaway. */
function merged(list: MyDrawResult[] | undefined, result: DrawResult): MyDrawResult[] | null {
  if (!list?.some((r) => r.eventid === result.eventid)) return null;
  return list.map((r) => (r.eventid === result.eventid ? { ...result, mine: r.mine } : r));
}

/** The draws the viewer follows, kept current by the socket. */
export function useDrawResults(userId: number, target: DrawTarget) {
  const queryClient = useQueryClient();
  const query = useQuery(drawResultQuery(userId, target));
  const kind = 'giveaway' in target ? 'giveaway' : 'show';
  const id = 'giveaway' in target ? target.giveaway : target.show;

  useEffect(() => {
    const followed: DrawTarget = kind === 'giveaway' ? { giveaway: id } : { show: id };
    const queryKey = drawKeys.of(userId, followed);
    const connection = createFollowConnection(followed, {
      onFrame: (frame) => {
        // Following (again, after a drop): what happened meanwhile is read once more.
        if (frame.type === 'following') void queryClient.invalidateQueries({ queryKey });
        if (frame.type !== 'draw') return;
        const next = merged(queryClient.getQueryData<MyDrawResult[]>(queryKey), frame.result);
        // A giveaway this list lacks (staff added it to the show later) is read with the viewer's place in it.
        if (next) queryClient.setQueryData(queryKey, next);
        else void queryClient.invalidateQueries({ queryKey });
        void queryClient.invalidateQueries({ queryKey: giveawayKeys.info(frame.result.eventid) });
      },
      onStatus: () => undefined,
    });
    connection.start();
    return () => connection.stop();
  }, [userId, kind, id, queryClient]);

  return query.data ?? [];
}

/** giveawayclaim_v1: the winner's claim button; the answer replaces the giveaway's result. */
export function useClaimMutation(userId: number, target: DrawTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (eventid: number) => recordOf(await apiCall(giveawayDrawCalls.claim, { body: { eventid } })),
    onSuccess: (result) => {
      const queryKey = drawKeys.of(userId, target);
      const list = queryClient.getQueryData<MyDrawResult[]>(queryKey);
      if (list) queryClient.setQueryData(queryKey, merged(list, result) ?? list);
    },
  });
}
