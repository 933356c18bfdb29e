// Exhibition data for the web: the active exhibitions the form offers, a registration's summary for
// the thanks page, and productregistration itself (multipart, with the optional receipt photo).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { exhibitionCalls, type ProductRegistrationFields } from '../../../shared/contract/exhibitions';
import { apiCall, apiUpload, recordOf } from '../../api/client';

export const exhibitionKeys = {
  all: ['exhibitions'] as const,
  active: () => [...exhibitionKeys.all, 'active'] as const,
  summary: (number: string) => [...exhibitionKeys.all, 'registration', number] as const,
};

/** The active exhibitions with their product kinds. */
export function activeExhibitionsQuery() {
  return queryOptions({
    queryKey: exhibitionKeys.active(),
    queryFn: async ({ signal }) => (await apiCall(exhibitionCalls.list, { signal })).data,
  });
}

/** The thanks page's summary of one registration. */
export function registrationSummaryQuery(number: string) {
  return queryOptions({
    queryKey: exhibitionKeys.summary(number),
    queryFn: async ({ signal }) => recordOf(await apiCall(exhibitionCalls.summary, { params: { number }, signal })),
    retry: false,
  });
}

/** Every form field as the multipart form carries it (text), and the photo when one was chosen. */
export type RegistrationUpload = {
  fields: Required<Record<keyof ProductRegistrationFields, string>>;
  photo: File | null;
};

/** productregistration: the text fields, then the photo; the answer's summary opens the thanks page. */
export function useRegisterProductMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, photo }: RegistrationUpload) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (photo) form.append('receipt_photo', photo, photo.name);
      return recordOf(await apiUpload(exhibitionCalls.register, form));
    },
    onSuccess: (summary) => queryClient.setQueryData(exhibitionKeys.summary(summary.number), summary),
  });
}
