import { sandboxProviderCalls } from '@kl/contracts/sandbox-provider';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { providerOrigin } from './provider-origin.ts';

/**
 * POST the one-time launch token to the provider, which exchanges it at the wallet and answers its own
 * session (the bearer credential of every other call). A token unknown, used or expired: 410
 * LAUNCH_LINK_EXPIRED; the wallet not answering: 503 GAME_PROVIDER_UNAVAILABLE.
 */
export function openProviderSession(token: string) {
  return apiCall(sandboxProviderCalls.sandboxProviderOpenSession, {
    body: { token },
    origin: providerOrigin(),
  });
}
