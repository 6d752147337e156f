import {
  sandboxProviderCalls as calls,
  type SandboxSlotFreeRounds,
  type SandboxSlotSpinRequest,
  type SandboxSlotState,
} from '@kl/contracts/sandbox-provider';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { PROVIDER_KEY } from '../../api/keys.ts';
import { providerCall } from '../../api/provider-call.ts';

export const slotStateKey = (sessionId: string) => [...PROVIDER_KEY, sessionId, 'slot'] as const;

/**
 * The machine (line bets, lines, pays), which does not change while the game is open, and the session's
 * free rounds, which each spin's answer brings up to date (`keepFreeRounds`).
 */
export function useSlotState(sessionId: string) {
  return useQuery({
    queryKey: slotStateKey(sessionId),
    queryFn: ({ signal }) => providerCall(calls.sandboxProviderSlot, sessionId, { signal }),
    staleTime: Infinity,
  });
}

/** The free rounds a spin's answer says are left, kept in the slot's state. */
export function keepFreeRounds(
  queryClient: QueryClient,
  sessionId: string,
  freeRounds: SandboxSlotFreeRounds | null,
) {
  queryClient.setQueryData<SandboxSlotState>(slotStateKey(sessionId), (state) =>
    state ? { ...state, freeRounds } : state,
  );
}

/**
 * One spin (a paid one at its line bet, or a free round); the same request key answers the same spin (a
 * retry is never staked or played twice).
 */
export const spinSlot = (sessionId: string, body: SandboxSlotSpinRequest) =>
  providerCall(calls.sandboxProviderSlotSpin, sessionId, { body });
