import { sandboxProviderCalls as calls, type SandboxPlaceSlipRequest } from '@kl/contracts/sandbox-provider';
import { useQuery } from '@tanstack/react-query';
import { PROVIDER_KEY } from '../../api/keys.ts';
import { providerCall } from '../../api/provider-call.ts';

/** How often the matches (prices, kick-offs, scores) and my slips (settlements) are asked for again. */
export const SPORTS_POLL_MS = 5_000;

export const matchesKey = (sessionId: string) => [...PROVIDER_KEY, sessionId, 'matches'] as const;
export const slipsKey = (sessionId: string) => [...PROVIDER_KEY, sessionId, 'slips'] as const;

/** The book's matches, polled while the page is visible. */
export function useMatches(sessionId: string) {
  return useQuery({
    queryKey: matchesKey(sessionId),
    queryFn: ({ signal }) => providerCall(calls.sandboxProviderMatches, sessionId, { signal }),
    refetchInterval: SPORTS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** My slips, newest first, polled while the page is visible. */
export function useSlips(sessionId: string) {
  return useQuery({
    queryKey: slipsKey(sessionId),
    queryFn: ({ signal }) => providerCall(calls.sandboxProviderSlips, sessionId, { signal }),
    refetchInterval: SPORTS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export const placeSlip = (sessionId: string, body: SandboxPlaceSlipRequest) =>
  providerCall(calls.sandboxProviderPlaceSlip, sessionId, { body });

export const cashOutSlip = (sessionId: string, slipId: string) =>
  providerCall(calls.sandboxProviderCashOut, sessionId, { body: { slipId } });
