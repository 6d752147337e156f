import { slotSession, type SlotMode } from '@kl/contracts/slot';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { slotSessionKey } from './keys.ts';
import { parseAnswer } from './parse.ts';

/** GET the slot session: the machine to draw, the balance of the mode and the seed state. */
export async function getSlotSession(
  mode: SlotMode,
  gameId: string | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  const value = await apiCall('slotSession', { query: { mode, gameId }, signal });
  return parseAnswer(slotSession, value, 'slot session');
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
