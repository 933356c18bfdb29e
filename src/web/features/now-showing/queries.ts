// Data for the Now showing card (decision 082): the piece on air in a show (nowshowing_v1), which
// each `now_showing` chat frame replaces in the cache; "I want this" (iwantthis_v1); and the pieces
// a past show put on air (showpieces_v1). Light field checks instead of the schema library keep
// the viewer's download small.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callRef } from '../../../shared/contract/call';
import type { NowShowing, Piece, ShownPiece, pieceCalls } from '../../../shared/contract/pieces';
import { ApiError, apiCall, recordsOf } from '../../api/client';
import { fieldsOf } from '../../shell/site-config';

const isInt = (value: unknown) => Number.isInteger(value);
const isString = (value: unknown) => typeof value === 'string';

export function isPiece(value: unknown): value is Piece {
  const fields = fieldsOf(value);
  if (!fields) return false;
  const photos = fields.get('photos');
  return (
    ['id', 'price_cents', 'stock'].every((key) => isInt(fields.get(key))) &&
    ['name', 'gemstone', 'carat', 'metal', 'size'].every((key) => isString(fields.get(key))) &&
    Array.isArray(photos) &&
    photos.every(isString)
  );
}

export function isNowShowing(value: unknown): value is NowShowing {
  const fields = fieldsOf(value);
  return (
    fields !== null &&
    isInt(fields.get('eventid')) &&
    isPiece(fields.get('piece')) &&
    isString(fields.get('since')) &&
    typeof fields.get('wanted') === 'boolean'
  );
}

export function isShownPiece(value: unknown): value is ShownPiece {
  const fields = fieldsOf(value);
  return (
    fields !== null &&
    isPiece(fields.get('piece')) &&
    isString(fields.get('shown_at')) &&
    isInt(fields.get('offset_seconds'))
  );
}

const nowShowingCall = callRef<typeof pieceCalls.nowShowing>({
  method: 'GET',
  path: '/api/nowshowing_v1',
  response: recordsOf(isNowShowing),
});
const wantCall = callRef<typeof pieceCalls.want>({
  method: 'POST',
  path: '/api/iwantthis_v1',
  response: recordsOf((value: unknown): value is { pieceid: number; created_at: string } => {
    const fields = fieldsOf(value);
    return fields !== null && isInt(fields.get('pieceid')) && isString(fields.get('created_at'));
  }),
});
const shownCall = callRef<typeof pieceCalls.shown>({
  method: 'GET',
  path: '/api/showpieces_v1',
  response: recordsOf(isShownPiece),
});

export const pieceKeys = {
  all: ['pieces'] as const,
  nowShowing: (eventId: number) => [...pieceKeys.all, 'now-showing', eventId] as const,
  shown: (eventId: number) => [...pieceKeys.all, 'shown', eventId] as const,
};

/** What the card shows: the piece on air and whether this viewer already asked for it; null for nothing. */
export type OnAir = { piece: Piece; wanted: boolean } | null;

/**
 * The piece on air at load. Frames keep it current after that; the slow poll is a safety net for
 * a frame missed while the chat socket was reconnecting.
 */
export function nowShowingQuery(eventId: number) {
  return queryOptions({
    queryKey: pieceKeys.nowShowing(eventId),
    queryFn: async ({ signal }): Promise<OnAir> => {
      const answer = await apiCall(nowShowingCall, { query: { eventid: eventId }, signal });
      const record = answer.data[0];
      return record ? { piece: record.piece, wanted: record.wanted } : null;
    },
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
}

/**
 * A `now_showing` frame: the card shows its piece at once (or goes away for null). A fetch still in
 * flight is cancelled so its older answer cannot bring the previous piece back. The same piece
 * again keeps what the viewer already said; a new one starts unasked (a 409 tells otherwise).
 */
export function applyNowShowing(queryClient: QueryClient, eventId: number, piece: Piece | null): void {
  const key = pieceKeys.nowShowing(eventId);
  void queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<OnAir>(key, (current) =>
    piece ? { piece, wanted: current?.piece.id === piece.id ? current.wanted : false } : null,
  );
}

/** The chat joined again after a drop: a frame may have been missed, so the card asks once more. */
export function recheckNowShowing(queryClient: QueryClient, eventId: number): void {
  void queryClient.invalidateQueries({ queryKey: pieceKeys.nowShowing(eventId) });
}

/**
 * "I want this". A 409 is either "already asked" or "no longer on air": the card asks the server
 * again, whose answer says which (wanted, or another piece or none).
 */
export function useWantPiece(eventId: number) {
  const queryClient = useQueryClient();
  const key = pieceKeys.nowShowing(eventId);
  return useMutation({
    mutationFn: async (pieceId: number) => {
      try {
        await apiCall(wantCall, { body: { eventid: eventId, pieceid: pieceId } });
        return { pieceId, isConflict: false };
      } catch (error) {
        if (!(error instanceof ApiError && error.httpStatus === 409)) throw error;
        return { pieceId, isConflict: true };
      }
    },
    onSuccess: async ({ pieceId, isConflict }) => {
      if (isConflict) return queryClient.invalidateQueries({ queryKey: key });
      queryClient.setQueryData<OnAir>(key, (current) =>
        current?.piece.id === pieceId ? { ...current, wanted: true } : current,
      );
    },
  });
}

/** The pieces a show put on air, in order, with their time in the replay. */
export function shownPiecesQuery(eventId: number) {
  return queryOptions({
    queryKey: pieceKeys.shown(eventId),
    queryFn: async ({ signal }) => (await apiCall(shownCall, { query: { eventid: eventId }, signal })).data,
    staleTime: 5 * 60_000,
  });
}
