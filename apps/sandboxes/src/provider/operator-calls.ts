import type { PROVIDER_REPORT_PURPOSE } from '@kl/contracts/provider-report';
import {
  PROVIDER_CODE_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  PROVIDER_TIMESTAMP_WINDOW_SECONDS,
} from '@kl/contracts/provider-wallet';
import type { FREE_ROUNDS_PURPOSE } from '@kl/contracts/sandbox-provider';
import { refuseSigned } from '@kl/signing/hmac';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../platform/api.ts';

/**
 * The operator's calls to the provider — its daily report (docs/decisions/028-provider-reconciliation.md)
 * and the grants of free rounds (docs/decisions/065-provider-credits.md) — are signed with the key the two
 * share, in the wallet's scheme (docs/decisions/025-provider-wallet.md) the other way round: hex
 * HMAC-SHA256 of `<timestamp>.<purpose>.<raw>` in `x-provider-signature`, the unix seconds in
 * `x-provider-timestamp`, within the wallet's window either way.
 */

export type OperatorCallPurpose = typeof PROVIDER_REPORT_PURPOSE | typeof FREE_ROUNDS_PURPOSE;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Throws unless the request is the operator's: 401 PROVIDER_SIGNATURE_INVALID (signature missing or wrong,
 * or `x-provider-code` naming another provider when `providerCode` is given), 401 PROVIDER_TIMESTAMP_EXPIRED.
 * The signature is checked first, so someone without the key learns nothing more. `refuseProviderSignature`
 * takes only the wallet's actions and `report`; this is its check (`refuseSigned`, the same window) for
 * every purpose the operator signs.
 */
export function refuseUnsignedOperatorCall(
  request: FastifyRequest,
  call: { secret: string; purpose: OperatorCallPurpose; raw: string; now: Date; providerCode?: string },
): void {
  const refusal = refuseSigned({
    secret: call.secret,
    timestamp: header(request, PROVIDER_TIMESTAMP_HEADER),
    signature: header(request, PROVIDER_SIGNATURE_HEADER),
    parts: [call.purpose, call.raw],
    window: { seconds: PROVIDER_TIMESTAMP_WINDOW_SECONDS, now: call.now },
  });
  if (refusal === 'STALE_TIMESTAMP') throw new DomainError('PROVIDER_TIMESTAMP_EXPIRED', { reason: refusal });
  if (refusal !== undefined) throw new DomainError('PROVIDER_SIGNATURE_INVALID', { reason: refusal });
  if (call.providerCode !== undefined && header(request, PROVIDER_CODE_HEADER) !== call.providerCode)
    throw new DomainError('PROVIDER_SIGNATURE_INVALID', { reason: 'UNKNOWN_PROVIDER' });
}
