import { withdrawalCalls } from '@kl/contracts/withdrawal';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { WITHDRAWALS_KEY } from './keys.ts';

/** Requests per page of the member's list. */
export const WITHDRAWALS_PAGE_SIZE = 10;

/** GET the member's withdrawal requests, newest first, one page. */
export async function getWithdrawals(pageNo: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(withdrawalCalls.withdrawals, { query: { pageNo, pageSize: WITHDRAWALS_PAGE_SIZE }, signal });
}

/** The member's requests, a page at a time ("show more"). */
export function useWithdrawals() {
  return useInfiniteQuery({
    queryKey: WITHDRAWALS_KEY,
    queryFn: ({ pageParam, signal }) => getWithdrawals(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    retry: false,
  });
}
