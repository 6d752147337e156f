import { slotCalls, type SlotMode } from '@kl/contracts/slot';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { slotSessionKey } from './keys.ts';

/** GET the slot session: the machine to draw, the balance of the mode and the seed state. */
export async function getSlotSession(
  mode: SlotMode,
  gameId: string | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(slotCalls.slotSession, { query: { mode, gameId: gameId ?? undefined }, signal });
}

export function useSlotSession(mode: SlotMode, gameId: string | null, enabled = true) {
  return useQuery({
    queryKey: slotSessionKey(mode, gameId),
    queryFn: ({ signal }) => getSlotSession(mode, gameId, { signal }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
