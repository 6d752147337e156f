import { slotCalls } from '@kl/contracts/slot';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { slotHistoryKey } from './keys.ts';

export const SLOT_HISTORY_PAGE_SIZE = 10;

/** GET one page of the member's rounds, newest first. */
export async function getSlotHistory(pageNo: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(slotCalls.slotHistory, { query: { pageNo, pageSize: SLOT_HISTORY_PAGE_SIZE }, signal });
}

export function useSlotHistory(pageNo: number) {
  return useQuery({
    queryKey: slotHistoryKey(pageNo),
    queryFn: ({ signal }) => getSlotHistory(pageNo, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
