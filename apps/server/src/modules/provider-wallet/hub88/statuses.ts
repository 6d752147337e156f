import type { ErrorCode } from '@kl/contracts/errors';
import { HUB88_STATUSES, type Hub88Status } from '@kl/contracts/provider-hub88';
import type { ProviderStatus } from '@kl/contracts/provider-wallet';
import { providerStatusOf } from '../statuses.ts';

/**
 * Hub88's status of a refusal (docs/decisions/066-hub88-adapter.md): the site's provider status
 * (`../statuses.ts`), which is Hub88's own where Hub88 has it; the few the site has and Hub88 has not are
 * given Hub88's nearest.
 */
const TO_HUB88: Partial<Record<ProviderStatus, Hub88Status>> = {
  // A bet whose id a rollback took first: the id is spent, and Hub88 rolls back a refused bet anyway.
  RS_ERROR_TRANSACTION_ROLLED_BACK: 'RS_ERROR_DUPLICATE_TRANSACTION',
  // A win whose round the site never opened: the bet it pays was never taken here.
  RS_ERROR_ROUND_NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  // A bet into a round already ended, a refund of a stake that already counted toward turnover: left to an
  // operator (docs/decisions/025-provider-wallet.md); Hub88 has no status for it.
  RS_ERROR_ROUND_CLOSED: 'RS_ERROR_UNKNOWN',
};

const KNOWN: ReadonlySet<string> = new Set(HUB88_STATUSES);

export function hub88StatusOf(code: ErrorCode, value: Record<string, unknown> | undefined): Hub88Status {
  const status = providerStatusOf(code, value);
  return TO_HUB88[status] ?? (KNOWN.has(status) ? (status as Hub88Status) : 'RS_ERROR_UNKNOWN');
}
