import { slotHistory } from '@kl/contracts/slot';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { slotHistoryKey } from './keys.ts';
import { parseAnswer } from './parse.ts';

export const SLOT_HISTORY_PAGE_SIZE = 10;

/** GET one page of the member's rounds, newest first. */
export async function getSlotHistory(pageNo: number, { signal }: { signal?: AbortSignal } = {}) {
  const value = await apiCall('slotHistory', {
    query: { pageNo, pageSize: SLOT_HISTORY_PAGE_SIZE },
    signal,
  });
  return parseAnswer(slotHistory, value, 'slot history');
}

export function useSlotHistory(pageNo: number) {
  return useQuery({
    queryKey: slotHistoryKey(pageNo),
    queryFn: ({ signal }) => getSlotHistory(pageNo, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
