// Staff rewards calls (/api/staff/rewards…): the earning rules, the coupon catalogue, a viewer's
// points with their whole ledger and correcting rows, and the coupon desk (look up, use, void).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffCouponCalls,
  type CreateCatalogueItem,
  type StaffCoupon,
  type UpdateCatalogueItem,
} from '../../../../shared/contract/coupons';
import { rewardRuleCalls, type SetEarningRulesRequest } from '../../../../shared/contract/reward-rules';
import { staffRewardCalls, type AdjustPointsRequest } from '../../../../shared/contract/rewards-staff';
import { apiCall, recordOf } from '../../../api/client';

export const staffRewardKeys = {
  all: ['staff', 'rewards'] as const,
  rules: () => [...staffRewardKeys.all, 'rules'] as const,
  catalogue: () => [...staffRewardKeys.all, 'catalogue'] as const,
  viewers: () => [...staffRewardKeys.all, 'viewer'] as const,
  viewer: (email: string, cursor: number | undefined) => [...staffRewardKeys.viewers(), email, cursor ?? null] as const,
  ledger: (userId: number) => [...staffRewardKeys.all, 'ledger', userId] as const,
  coupon: (code: string) => [...staffRewardKeys.all, 'coupon', code] as const,
};

export function useEarningRules() {
  return useQuery({
    queryKey: staffRewardKeys.rules(),
    queryFn: async ({ signal }) => (await apiCall(rewardRuleCalls.list, { signal })).data,
  });
}

export function useSaveEarningRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetEarningRulesRequest) => apiCall(rewardRuleCalls.set, { body }),
    onSuccess: (answer) => queryClient.setQueryData(staffRewardKeys.rules(), answer.data),
  });
}

export function useStaffCatalogue() {
  return useQuery({
    queryKey: staffRewardKeys.catalogue(),
    queryFn: async ({ signal }) => (await apiCall(staffCouponCalls.catalogue, { signal })).data,
  });
}

/** A new catalogue item (id null) or changes to one. */
export type CatalogueSave = { id: null; body: CreateCatalogueItem } | { id: number; body: UpdateCatalogueItem };

export function useSaveCatalogueItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: CatalogueSave) =>
      save.id === null
        ? apiCall(staffCouponCalls.createItem, { body: save.body })
        : apiCall(staffCouponCalls.updateItem, { params: { id: save.id }, body: save.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffRewardKeys.catalogue() }),
  });
}

/** A viewer's points and a page of their ledger, by e-mail; nothing is asked before an e-mail is given. */
export function useStaffViewerPoints(email: string, cursor: number | undefined) {
  return useQuery({
    queryKey: staffRewardKeys.viewer(email, cursor),
    queryFn: async ({ signal }) =>
      recordOf(await apiCall(staffRewardCalls.viewer, { query: { email, cursor }, signal })),
    enabled: email !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The viewer's whole ledger, oldest first, to recompute its chain on this screen. */
export function useStaffLedger(userId: number | undefined) {
  return useQuery({
    queryKey: staffRewardKeys.ledger(userId ?? 0),
    queryFn: async ({ signal }) =>
      (await apiCall(staffRewardCalls.ledger, { query: { user_id: userId ?? 0 }, signal })).data,
    enabled: userId !== undefined,
  });
}

export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustPointsRequest) => apiCall(staffRewardCalls.adjust, { body }),
    onSuccess: async (_answer, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffRewardKeys.viewers() }),
        queryClient.invalidateQueries({ queryKey: staffRewardKeys.ledger(body.user_id) }),
      ]);
    },
  });
}

export function staffCouponQuery(code: string) {
  return queryOptions({
    queryKey: staffRewardKeys.coupon(code),
    queryFn: async ({ signal }) => recordOf(await apiCall(staffCouponCalls.lookup, { query: { code }, signal })),
    enabled: code !== '',
    retry: false,
  });
}

/** Mark used or void; the answer is the coupon as it now is. */
export type CouponStep =
  { step: 'use'; code: string; order_ref: string } | { step: 'void'; code: string; reason: string };

export function useCouponStep(lookedUp: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CouponStep): Promise<{ coupon: StaffCoupon; message: string }> => {
      const answer =
        input.step === 'use'
          ? await apiCall(staffCouponCalls.use, { body: { code: input.code, order_ref: input.order_ref } })
          : await apiCall(staffCouponCalls.void, { body: { code: input.code, reason: input.reason } });
      return { coupon: recordOf(answer), message: answer.message };
    },
    onSuccess: ({ coupon }) => queryClient.setQueryData(staffRewardKeys.coupon(lookedUp), coupon),
  });
}

/** A fresh key for one filled-in correction form (works on plain http too, unlike randomUUID). */
export function newFormKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `adj-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
