import { failureEnvelope } from '@kl/contracts/envelope';
import type { ErrorCode } from '@kl/contracts/errors';
import { ERROR_CATALOGUE } from '@kl/contracts/errors';

/**
 * Response schemas of failure envelopes for the OpenAPI document, keyed by the HTTP status of the given
 * catalogue codes. Every route can also answer 400, 429 and 500.
 */
export function failureResponses(...codes: ErrorCode[]) {
  const statuses = new Set<number>([400, 429, 500, ...codes.map((code) => ERROR_CATALOGUE[code].status)]);
  return Object.fromEntries(
    [...statuses].sort().map((status) => [status, failureEnvelope.describe('Failure envelope')]),
  ) as Record<number, typeof failureEnvelope>;
}
