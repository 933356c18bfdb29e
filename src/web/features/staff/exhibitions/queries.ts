// Staff exhibition calls (/api/staff/exhibitions…, /api/staff/productregistrations…): the
// exhibitions with their counts, create and edit, the booth's QR code, the registrations' pages,
// one registration and marking it verified.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  staffExhibitionCalls as calls,
  type ExhibitionInput,
  type RegistrationFilter,
  type StaffExhibition,
} from '../../../../shared/contract/exhibitions';
import { apiCall, recordOf } from '../../../api/client';

export const staffExhibitionKeys = {
  all: ['staff', 'exhibitions'] as const,
  list: () => [...staffExhibitionKeys.all, 'list'] as const,
  qr: (id: number) => [...staffExhibitionKeys.all, 'qr', id] as const,
  registrations: () => [...staffExhibitionKeys.all, 'registrations'] as const,
  page: (filter: RegistrationFilter) => [...staffExhibitionKeys.registrations(), 'page', filter] as const,
  registration: (id: number) => [...staffExhibitionKeys.registrations(), 'one', id] as const,
};

export function staffExhibitionsQuery() {
  return queryOptions({
    queryKey: staffExhibitionKeys.list(),
    queryFn: async ({ signal }) => (await apiCall(calls.list, { signal })).data,
  });
}

export function exhibitionQrQuery(id: number) {
  return queryOptions({
    queryKey: staffExhibitionKeys.qr(id),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.qr, { params: { id }, signal })),
    enabled: id > 0,
    staleTime: Infinity,
  });
}

export function registrationsQuery(filter: RegistrationFilter) {
  return queryOptions({
    queryKey: staffExhibitionKeys.page(filter),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.registrations, { query: filter, signal })),
    placeholderData: keepPreviousData,
  });
}

export function registrationQuery(id: number) {
  return queryOptions({
    queryKey: staffExhibitionKeys.registration(id),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.registration, { params: { id }, signal })),
    enabled: id > 0,
  });
}

/** A new exhibition (id null) or changes to one; answers the saved exhibition and the server's words. */
export function useSaveExhibition(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ExhibitionInput) => {
      const answer =
        id === null ? await apiCall(calls.create, { body }) : await apiCall(calls.update, { params: { id }, body });
      return { exhibition: recordOf(answer), message: answer.message };
    },
    onSuccess: async ({ exhibition }) => {
      queryClient.setQueryData<StaffExhibition[]>(staffExhibitionKeys.list(), (list) =>
        list?.some((one) => one.id === exhibition.id)
          ? list.map((one) => (one.id === exhibition.id ? exhibition : one))
          : list && [exhibition, ...list],
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffExhibitionKeys.list() }),
        queryClient.invalidateQueries({ queryKey: staffExhibitionKeys.qr(exhibition.id) }),
        queryClient.invalidateQueries({ queryKey: ['exhibitions'] }),
      ]);
    },
  });
}

export function useVerifyRegistration(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (verified: boolean) =>
      recordOf(await apiCall(calls.verify, { params: { id }, body: { verified } })),
    onSuccess: async (registration) => {
      queryClient.setQueryData(staffExhibitionKeys.registration(id), registration);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffExhibitionKeys.registrations(), exact: false }),
        queryClient.invalidateQueries({ queryKey: staffExhibitionKeys.list() }),
      ]);
    },
  });
}
