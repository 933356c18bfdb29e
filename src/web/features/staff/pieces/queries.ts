// Staff piece calls (/api/staff/pieces…, decision 082): the catalogue of pieces sold on air with
// how many viewers asked for each, and creating or changing one.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { staffPieceCalls as calls, type PieceInput } from '../../../../shared/contract/pieces';
import { apiCall, recordOf } from '../../../api/client';
import { pieceKeys } from '../../now-showing/queries';

export const staffPieceKeys = {
  all: ['staff', 'pieces'] as const,
  list: () => [...staffPieceKeys.all, 'list'] as const,
};

export function staffPiecesQuery() {
  return queryOptions({
    queryKey: staffPieceKeys.list(),
    queryFn: async ({ signal }) => (await apiCall(calls.list, { signal })).data,
  });
}

/** A new piece (id null) or changes to one; answers the saved piece and the server's words. */
export function useSavePiece(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PieceInput) => {
      const answer =
        id === null ? await apiCall(calls.create, { body }) : await apiCall(calls.update, { params: { id }, body });
      return { piece: recordOf(answer), message: answer.message };
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffPieceKeys.all });
      // A piece on air or in a past show's list shows the new details when next read.
      await queryClient.invalidateQueries({ queryKey: pieceKeys.all });
    },
  });
}
