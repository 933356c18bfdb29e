// Rewards data for the web: the viewer's points with their ledger page by page (rewarddetails), the
// earning rules that are on, the coupon catalogue, redeeming a coupon and the whole ledger to verify.
// These load with /rewards only (never with home), so they call through the contract's descriptors.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { couponCalls } from '../../../shared/contract/coupons';
import { earningRuleCalls } from '../../../shared/contract/reward-rules';
import { LEDGER_PAGE, rewardCalls } from '../../../shared/contract/rewards';
import { apiCall, recordOf } from '../../api/client';

export const rewardKeys = {
  all: ['rewards'] as const,
  details: (userId: number) => [...rewardKeys.all, 'details', userId] as const,
  rules: () => [...rewardKeys.all, 'rules'] as const,
  catalogue: () => [...rewardKeys.all, 'catalogue'] as const,
};

/**
 * rewarddetails, a ledger page at a time: the first page carries the balance, tier, expiry, chain
 * and coupons; "Show more" asks for the rows below the last page's next_cursor.
 */
export function rewardDetailsQuery(userId: number) {
  return infiniteQueryOptions({
    queryKey: rewardKeys.details(userId),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }) =>
      recordOf(
        await apiCall(rewardCalls.details, {
          query: { limit: LEDGER_PAGE.defaultLimit, ...(pageParam === undefined ? {} : { cursor: pageParam }) },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.ledger.next_cursor ?? undefined,
  });
}

/** earningrules_v1: the rules that are on, with their points and caps (anyone may read them). */
export function earningRulesQuery() {
  return queryOptions({
    queryKey: rewardKeys.rules(),
    queryFn: async ({ signal }) => (await apiCall(earningRuleCalls.list, { signal })).data,
  });
}

/** couponcatalogue_v1: the coupons on offer, cheapest first. */
export function catalogueQuery() {
  return queryOptions({
    queryKey: rewardKeys.catalogue(),
    queryFn: async ({ signal }) => (await apiCall(couponCalls.catalogue, { signal })).data,
  });
}

/**
 * couponredeem_v1: spends the points. The balance, ledger and coupons are read again afterwards,
 * after a refusal too: a 409 means the balance the page shows is out of date.
 */
export function useRedeemMutation(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (catalogueId: number) =>
      recordOf(await apiCall(couponCalls.redeem, { body: { catalogue_id: catalogueId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rewardKeys.details(userId) }),
  });
}

/** rewardledger_v1: every row, oldest first, as the download holds them. */
export async function fetchWholeLedger() {
  return (await apiCall(rewardCalls.ledger)).data;
}
