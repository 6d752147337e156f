import { createHmac, timingSafeEqual } from 'node:crypto';
import { PROVIDER_TIMESTAMP_WINDOW_SECONDS, type ProviderAction } from '@kl/contracts/provider-wallet';

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
  const mac = createHmac('sha256', secret);
  mac.update(`${timestamp}.${purpose}.`, 'utf8');
  mac.update(raw, 'utf8');
  return mac.digest('hex');
}

export type ProviderSignatureRefusal = 'MISSING_SIGNATURE' | 'BAD_SIGNATURE' | 'STALE_TIMESTAMP';

const TIMESTAMP = /^\d{1,12}$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Why a request is not the provider's, or undefined when it is: the signature first (someone without the
 * key learns nothing more), then the timestamp's window around `now`.
 */
export function refuseProviderSignature(request: {
  secret: string;
  action: ProviderAction | 'report';
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now: Date;
}): ProviderSignatureRefusal | undefined {
  const { timestamp, signature } = request;
  if (timestamp === undefined || signature === undefined) return 'MISSING_SIGNATURE';
  if (!TIMESTAMP.test(timestamp) || !HEX_SHA256.test(signature)) return 'MISSING_SIGNATURE';
  const wanted = signProviderMessage(request.secret, timestamp, request.action, request.rawBody);
  if (!timingSafeEqual(Buffer.from(wanted, 'hex'), Buffer.from(signature, 'hex'))) return 'BAD_SIGNATURE';
  const skewSeconds = Math.abs(request.now.getTime() / 1000 - Number(timestamp));
  return skewSeconds > PROVIDER_TIMESTAMP_WINDOW_SECONDS ? 'STALE_TIMESTAMP' : undefined;
}
