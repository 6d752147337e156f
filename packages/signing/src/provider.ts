import { PROVIDER_TIMESTAMP_WINDOW_SECONDS, type ProviderAction } from '@kl/contracts/provider-wallet';
import { hmacHex, refuseSigned, type SignedRefusal } from './hmac.ts';

/**
 * Signatures of a provider's requests (docs/decisions/025-provider-wallet.md): hex HMAC-SHA256, under the
 * provider's secret, of `<timestamp>.<action>.<raw body>`. The timestamp (unix seconds, its own header) is
 * signed, so a captured request cannot be sent again later with a fresh one; the action is signed, so a
 * stake's body cannot be sent as a win's. Same scheme as the payment gateway's callback (decision 015),
 * with the action added.
 */

export function signProviderRequest(
  secret: string,
  timestamp: string,
  action: ProviderAction,
  rawBody: string,
): string {
  return signProviderMessage(secret, timestamp, action, rawBody);
}

/**
 * The same scheme for any message the provider and the operator exchange: `<timestamp>.<purpose>.<raw>`.
 * The daily report (docs/decisions/028-provider-reconciliation.md) signs its request with the purpose
 * `report` over the day, and its answer over the raw body.
 */
export function signProviderMessage(secret: string, timestamp: string, purpose: string, raw: string): string {
  return hmacHex(secret, timestamp, purpose, raw);
}

export type ProviderSignatureRefusal = SignedRefusal;

/**
 * Why a request (or a report's answer, `report`) is not the provider's, or undefined when it is: the
 * signature first (someone without the key learns nothing more), then the timestamp's window around `now`.
 */
export function refuseProviderSignature(request: {
  secret: string;
  action: ProviderAction | 'report';
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now: Date;
}): ProviderSignatureRefusal | undefined {
  return refuseSigned({
    ...request,
    parts: [request.action, request.rawBody],
    window: { seconds: PROVIDER_TIMESTAMP_WINDOW_SECONDS, now: request.now },
  });
}
