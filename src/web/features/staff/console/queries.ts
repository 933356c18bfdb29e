// The console's data: the snapshot (GET once, then again whenever anyone acts), the event stream
// that keeps its counters and alerts fresh every two seconds, every on-air action (`act`, which
// answers the new snapshot), the rundown's edits, rehearsals, and the piece catalogue to pick from.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ConsoleChange,
  ConsoleTick,
  consoleCalls,
  consoleStreamPath,
  type ConsoleAction,
  type ConsoleSnapshot,
  type Rundown,
  type SegmentInput,
} from '../../../../shared/contract/console';
import { staffPieceCalls } from '../../../../shared/contract/pieces';
import { apiCall, recordOf } from '../../../api/client';
import { currentCredentials } from '../../../api/credentials';
import { staffKeys } from '../queries';
import { followEventStream, type StreamStatus } from './event-stream';

export const consoleKeys = {
  all: [...staffKeys.all, 'console'] as const,
  snapshot: (eventId: number) => [...consoleKeys.all, 'snapshot', eventId] as const,
  pieces: () => [...staffKeys.all, 'pieces'] as const,
};

export function snapshotQuery(eventId: number) {
  return queryOptions({
    queryKey: consoleKeys.snapshot(eventId),
    queryFn: async ({ signal }) =>
      recordOf(await apiCall(consoleCalls.snapshot, { params: { eventid: eventId }, signal })),
    enabled: eventId > 0,
    // The stream says when it changed; nothing needs to ask on a timer.
    staleTime: Infinity,
    retry: 1,
  });
}

export function useConsoleSnapshot(eventId: number) {
  return useQuery(snapshotQuery(eventId));
}

function parsed<T>(
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
  text: string,
) {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Puts a tick's counters and alerts into the snapshot the page shows. */
function applyTick(queryClient: QueryClient, eventId: number, tick: ConsoleTick) {
  queryClient.setQueryData<ConsoleSnapshot>(consoleKeys.snapshot(eventId), (snapshot) =>
    snapshot ? { ...snapshot, counters: tick.counters, alerts: tick.alerts } : snapshot,
  );
}

/**
 * Follows the console's stream while the page is open: counters and alerts go straight into the
 * snapshot; a change by anyone (this tab included) reads the snapshot again. Answers the stream's
 * status and the last change, for the page to say who did what.
 */
export function useConsoleStream(eventId: number): { status: StreamStatus; lastChange: ConsoleChange | null } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [lastChange, setLastChange] = useState<ConsoleChange | null>(null);

  useEffect(() => {
    if (eventId <= 0) return;
    const controller = new AbortController();
    void followEventStream({
      path: consoleStreamPath(eventId),
      token: currentCredentials().token,
      signal: controller.signal,
      onStatus: setStatus,
      onEvent: (name, data) => {
        if (name === 'counters') {
          const tick = parsed(ConsoleTick, data);
          if (tick) applyTick(queryClient, eventId, tick);
        } else if (name === 'changed') {
          const change = parsed(ConsoleChange, data);
          if (change) setLastChange(change);
          void queryClient.invalidateQueries({ queryKey: consoleKeys.snapshot(eventId) });
        }
      },
    });
    return () => controller.abort();
  }, [eventId, queryClient]);

  return { status, lastChange };
}

/** Every on-air action: the answer is the new snapshot, shown at once. */
export function useConsoleAct(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: ConsoleAction) =>
      recordOf(await apiCall(consoleCalls.act, { params: { eventid: eventId }, body: action })),
    onSuccess: (snapshot) => queryClient.setQueryData(consoleKeys.snapshot(eventId), snapshot),
  });
}

function useRundownSaved(eventId: number) {
  const queryClient = useQueryClient();
  return (rundown: Rundown) =>
    queryClient.setQueryData<ConsoleSnapshot>(consoleKeys.snapshot(eventId), (snapshot) =>
      snapshot ? { ...snapshot, rundown } : snapshot,
    );
}

export function useAddSegment(eventId: number) {
  const onSaved = useRundownSaved(eventId);
  return useMutation({
    mutationFn: async (input: SegmentInput) =>
      recordOf(await apiCall(consoleCalls.addSegment, { params: { eventid: eventId }, body: input })),
    onSuccess: onSaved,
  });
}

export function useUpdateSegment(eventId: number) {
  const onSaved = useRundownSaved(eventId);
  return useMutation({
    mutationFn: async ({ segmentId, input }: { segmentId: number; input: SegmentInput }) =>
      recordOf(
        await apiCall(consoleCalls.updateSegment, { params: { eventid: eventId, segmentid: segmentId }, body: input }),
      ),
    onSuccess: onSaved,
  });
}

export function useDeleteSegment(eventId: number) {
  const onSaved = useRundownSaved(eventId);
  return useMutation({
    mutationFn: async (segmentId: number) =>
      recordOf(await apiCall(consoleCalls.deleteSegment, { params: { eventid: eventId, segmentid: segmentId } })),
    onSuccess: onSaved,
  });
}

/** Saves a new order; the list shows it at once and goes back if the server refuses it. */
export function useReorderSegments(eventId: number) {
  const queryClient = useQueryClient();
  const onSaved = useRundownSaved(eventId);
  const key = consoleKeys.snapshot(eventId);
  return useMutation({
    mutationFn: async (ids: number[]) =>
      recordOf(await apiCall(consoleCalls.reorder, { params: { eventid: eventId }, body: { ids } })),
    onMutate: (ids) => {
      const before = queryClient.getQueryData<ConsoleSnapshot>(key);
      if (before) {
        const byId = new Map(before.rundown.segments.map((segment) => [segment.id, segment]));
        const segments = ids.flatMap((id, index) => {
          const segment = byId.get(id);
          return segment ? [{ ...segment, position: index + 1 }] : [];
        });
        onSaved({ ...before.rundown, segments });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: onSaved,
  });
}

export function useStartRehearsal(eventId: number) {
  return useMutation({
    mutationFn: async (viewers: number) =>
      recordOf(await apiCall(consoleCalls.startRehearsal, { params: { eventid: eventId }, body: { viewers } })),
  });
}

export function useEndRehearsal(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const answer = await apiCall(consoleCalls.endRehearsal, { params: { eventid: eventId } });
      return { ended: recordOf(answer), message: answer.message };
    },
    onSuccess: () => queryClient.removeQueries({ queryKey: consoleKeys.snapshot(eventId) }),
  });
}

/** The piece catalogue, for choosing a segment's piece. */
export function useStaffPieces(isEnabled: boolean) {
  return useQuery({
    queryKey: consoleKeys.pieces(),
    queryFn: async ({ signal }) => (await apiCall(staffPieceCalls.list, { signal })).data,
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
