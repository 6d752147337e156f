import type { SlotJackpot } from '@kl/contracts/slot';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** How often the footer's counter asks for the pool again while it is on the screen. */
export const JACKPOT_REFRESH_MS = 30_000;

/** The slot calls with their schemas, loaded with the first call rather than with the page. */
const loadSlotCalls = () => import('@kl/contracts/slot');

/** GET the site's progressive jackpot: the real-money pools of the jackpot machines, together. */
export async function getJackpot({ signal }: { signal?: AbortSignal } = {}): Promise<SlotJackpot> {
  const { slotCalls } = await loadSlotCalls();
  return apiCall(slotCalls.slotJackpot, { signal });
}

/** The pool, asked for again every 30 s while `active` (the tab shown and the counter on the screen). */
export function useJackpot(active: boolean) {
  return useQuery({
    queryKey: ['slot', 'jackpot'],
    queryFn: ({ signal }) => getJackpot({ signal }),
    staleTime: JACKPOT_REFRESH_MS,
    refetchInterval: active ? JACKPOT_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
}
