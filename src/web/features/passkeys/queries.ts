// Passkey data hooks: the key factory, the list query and the add and remove mutations. Adding
// runs the browser's prompt between the server's options and its check.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyCalls } from '../../../shared/contract/passkeys';
import { apiCall, recordOf } from '../../api/client';
import { loadWebAuthn } from './webauthn';

export const passkeyKeys = {
  all: ['passkeys'] as const,
  mine: () => [...passkeyKeys.all, 'mine'] as const,
};

export function passkeysQuery() {
  return queryOptions({
    queryKey: passkeyKeys.mine(),
    queryFn: async ({ signal }) => (await apiCall(passkeyCalls.list, { signal })).data,
  });
}

export function usePasskeysQuery() {
  return useQuery(passkeysQuery());
}

/** Creates a passkey on this device for the signed-in account; `name` is the viewer's label, if any. */
export function useAddPasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string | undefined) => {
      const { startRegistration } = await loadWebAuthn();
      const optionsJSON = recordOf(await apiCall(passkeyCalls.registrationOptions));
      const credential = await startRegistration({ optionsJSON });
      return apiCall(passkeyCalls.register, { body: { credential, name } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

export function useRemovePasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(passkeyCalls.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}
