import { sandboxProviderCalls as calls, type SandboxSlotSpinRequest } from '@kl/contracts/sandbox-provider';
import { useQuery } from '@tanstack/react-query';
import { PROVIDER_KEY } from '../../api/keys.ts';
import { providerCall } from '../../api/provider-call.ts';

export const slotMachineKey = (sessionId: string) => [...PROVIDER_KEY, sessionId, 'slot'] as const;

/** The machine (line bets, lines, pays): it does not change while the game is open. */
export function useSlotMachine(sessionId: string) {
  return useQuery({
    queryKey: slotMachineKey(sessionId),
    queryFn: ({ signal }) => providerCall(calls.sandboxProviderSlot, sessionId, { signal }),
    staleTime: Infinity,
  });
}

/** One spin; the same request key answers the same spin (a retry is never staked twice). */
export const spinSlot = (sessionId: string, body: SandboxSlotSpinRequest) =>
  providerCall(calls.sandboxProviderSlotSpin, sessionId, { body });
