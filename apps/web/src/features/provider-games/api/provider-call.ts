import type { SandboxSession } from '@kl/contracts/sandbox-provider';
import type { TypedApiEntry } from '@kl/contracts/api-call';
import { apiCall, type ApiCallOptions } from '../../../shared/lib/api-client.ts';
import { providerOrigin } from './provider-origin.ts';

/**
 * One call of the provider's game client (docs/decisions/027-provider-launch.md) to the provider's API, at
 * the origin the launch named (docs/decisions/036-sandboxes-process.md). Its credential is the provider's
 * session id as a bearer token, not the site's cookie, which is never sent there.
 */
export function providerCall<E extends TypedApiEntry>(
  entry: E,
  sessionId: string,
  options: ApiCallOptions<E> = {},
) {
  return apiCall(entry, {
    ...options,
    origin: providerOrigin(),
    headers: { ...options.headers, authorization: `Bearer ${sessionId}` },
  });
}

/** What every game of the provider's client is given by the screen that opened the session. */
export interface ProviderGameProps {
  session: SandboxSession;
  /** The wallet balance the last call answered (minor units). */
  balance: number;
  /** Each call that answers a balance reports it here, so the header shows it. */
  onBalance: (balance: number) => void;
}
