import { TRANSACTION_PAGE_SIZE, type TransactionHistory, walletCalls } from '@kl/contracts/wallet';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { MEMBER_HISTORY_KEY } from './keys.ts';

export interface TransactionFilter {
  /** Comma-separated ledger kinds; undefined for every kind. */
  kind?: string;
  /** ISO 8601 with offset, inclusive. */
  from?: string;
  /** ISO 8601 with offset, exclusive. */
  to?: string;
}

/** GET walletTransactions: one page of the member's transactions, newest first. */
export async function getTransactions(
  filter: TransactionFilter,
  pageNo: number,
  { signal, pageSize = TRANSACTION_PAGE_SIZE.default }: { signal?: AbortSignal; pageSize?: number } = {},
): Promise<TransactionHistory> {
  const query = {
    pageNo,
    pageSize,
    kind: filter.kind || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
  };
  return apiCall(walletCalls.walletTransactions, { query, signal });
}

/** The member's transactions for a filter, page after page (nothing while `enabled` is false). */
export function useTransactionPages(filter: TransactionFilter, enabled = true) {
  const { userName } = useSession();
  return useInfiniteQuery({
    queryKey: [...MEMBER_HISTORY_KEY, userName ?? '', filter],
    queryFn: ({ pageParam, signal }) => getTransactions(filter, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled: enabled && userName !== null,
    staleTime: 10_000,
    retry: false,
  });
}
