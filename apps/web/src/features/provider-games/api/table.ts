import {
  sandboxProviderCalls,
  type SandboxPlaceTableBetRequest,
  type SandboxTableGame,
  type SandboxTableState,
} from '@kl/contracts/sandbox-provider';
import { useQuery } from '@tanstack/react-query';
import { TABLE_TIMING } from '../lib/timing.ts';
import { providerTableKey } from './keys.ts';
import { providerCall } from './provider-call.ts';

/** The table's state with the device's time at which it arrived (to set the clock's offset). */
export interface ReceivedTableState extends SandboxTableState {
  receivedAt: number;
}

/** GET the table: its current round, the last results and my bets. */
export async function getTable(
  sessionId: string,
  game: SandboxTableGame,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReceivedTableState> {
  const state = await providerCall(sandboxProviderCalls.sandboxProviderTable, sessionId, {
    query: { game },
    signal,
  });
  return { ...state, receivedAt: Date.now() };
}

/**
 * The table, polled every `pollMs` while the page is visible (TanStack Query pauses the interval in a
 * hidden tab and refetches when it shows again).
 */
export function useTable(sessionId: string, game: SandboxTableGame) {
  return useQuery({
    queryKey: providerTableKey(sessionId, game),
    queryFn: ({ signal }) => getTable(sessionId, game, { signal }),
    refetchInterval: TABLE_TIMING.pollMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/**
 * POST a placement on the round taking bets. The contract carries no idempotency key for it, so the
 * client never sends it twice on its own: no automatic retry, and a second tap waits for the first.
 */
export function placeTableBet(sessionId: string, body: SandboxPlaceTableBetRequest) {
  return providerCall(sandboxProviderCalls.sandboxProviderPlaceTableBet, sessionId, { body });
}
