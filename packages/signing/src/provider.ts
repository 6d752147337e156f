import { randomBytes } from 'node:crypto';
import {
  PROVIDER_NONCE_PATTERN,
  PROVIDER_TIMESTAMP_WINDOW_SECONDS,
  type ProviderAction,
} from '@kl/contracts/provider-wallet';
import { hmacHex, refuseSigned, type SignedRefusal } from './hmac.ts';

/**
 * Signatures of a provider's requests (docs/decisions/025-provider-wallet.md): hex HMAC-SHA256, under the
 * provider's secret, of `<timestamp>.<nonce>.<action>.<raw body>`. The timestamp (unix seconds, its own
 * header) is signed, so a captured request cannot be sent again later with a fresh one; the nonce (its own
 * header, a value the provider never sent before) is signed, so a copy sent again within the timestamp's
 * window is told from a new call (docs/decisions/070-provider-replay-window.md); the action is signed, so a
 * stake's body cannot be sent as a win's. Same scheme as the payment gateway's callback (decision 015),
 * with the nonce and the action added.
 */

export function signProviderRequest(
  secret: string,
  timestamp: string,
  nonce: string,
  action: ProviderAction,
  rawBody: string,
): string {
  return hmacHex(secret, timestamp, nonce, action, rawBody);
}

/** A new nonce for a provider's request: 128 random bits, base64url (22 characters). */
export const newProviderNonce = (): string => randomBytes(16).toString('base64url');

/**
 * The same scheme, without a nonce, for the other messages the provider and the operator exchange:
 * `<timestamp>.<purpose>.<raw>`. The daily report (docs/decisions/028-provider-reconciliation.md) signs its
 * request with the purpose `report` over the day, and its answer over the raw body.
 */
export function signProviderMessage(secret: string, timestamp: string, purpose: string, raw: string): string {
  return hmacHex(secret, timestamp, purpose, raw);
}

/** Why a provider's request is not its own: the refusals of any signed message, or a nonce missing. */
export type ProviderSignatureRefusal = SignedRefusal | 'MISSING_NONCE';

/**
 * Why a request (or a report's answer, `report`, which has no nonce) is not the provider's, or undefined
 * when it is: the shapes of the headers (a request's nonce among them), then the signature (someone without
 * the key learns nothing more), then the timestamp's window around `now`. Whether the nonce was seen before
 * is the wallet's to check, once the request is the provider's.
 */
export function refuseProviderSignature(request: {
  secret: string;
  action: ProviderAction | 'report';
  timestamp: string | undefined;
  nonce?: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now: Date;
}): ProviderSignatureRefusal | undefined {
  const { action, nonce } = request;
  if (action !== 'report' && (nonce === undefined || !PROVIDER_NONCE_PATTERN.test(nonce)))
    return 'MISSING_NONCE';
  return refuseSigned({
    ...request,
    parts: action === 'report' ? [action, request.rawBody] : [nonce ?? '', action, request.rawBody],
    window: { seconds: PROVIDER_TIMESTAMP_WINDOW_SECONDS, now: request.now },
  });
}
