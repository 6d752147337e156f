import { sandboxProviderCalls } from '@kl/contracts/sandbox-provider';
import { providerCall } from './provider-call.ts';

/** GET the player's balance as the wallet answers it now (after a settlement paid, on a reload). */
export function getProviderBalance(sessionId: string, { signal }: { signal?: AbortSignal } = {}) {
  return providerCall(sandboxProviderCalls.sandboxProviderBalance, sessionId, { signal });
}
