import type { ErrorCode } from '@kl/contracts/errors';
import { ACTUAL_ACCOUNT_REQUIRED } from '@kl/contracts/deposit';
import type { ProviderStatus } from '@kl/contracts/provider-wallet';

/**
 * The provider's status of a refusal (docs/decisions/025-provider-wallet.md): every refusal answers its
 * catalogue code for the site and, in `value.status`, the status a provider acts on. The reason of the
 * refusal decides where the code alone is too broad.
 */

const BY_REASON: Readonly<Record<string, ProviderStatus>> = {
  TOKEN_EXPIRED: 'RS_ERROR_TOKEN_EXPIRED',
  CURRENCY_MISMATCH: 'RS_ERROR_WRONG_CURRENCY',
  TRANSACTION_ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  ROUND_NOT_FOUND: 'RS_ERROR_ROUND_NOT_FOUND',
  BET_NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  SESSION_NOT_FOUND: 'RS_ERROR_INVALID_TOKEN',
  MEMBER_NOT_FOUND: 'RS_ERROR_INVALID_TOKEN',
  [ACTUAL_ACCOUNT_REQUIRED]: 'RS_ERROR_USER_DISABLED',
};

const BY_CODE: Partial<Record<ErrorCode, ProviderStatus>> = {
  PROVIDER_SIGNATURE_INVALID: 'RS_ERROR_INVALID_SIGNATURE',
  PROVIDER_TIMESTAMP_EXPIRED: 'RS_ERROR_INVALID_SIGNATURE',
  FEATURE_NOT_ENABLED: 'RS_ERROR_INVALID_PARTNER',
  LAUNCH_LINK_EXPIRED: 'RS_ERROR_INVALID_TOKEN',
  SESSION_EXPIRED: 'RS_ERROR_TOKEN_EXPIRED',
  INVALID_INPUT: 'RS_ERROR_WRONG_SYNTAX',
  PAYLOAD_TOO_LARGE: 'RS_ERROR_WRONG_SYNTAX',
  UNSUPPORTED_MEDIA_TYPE: 'RS_ERROR_WRONG_SYNTAX',
  INSUFFICIENT_BALANCE: 'RS_ERROR_NOT_ENOUGH_MONEY',
  ACCOUNT_UNAVAILABLE: 'RS_ERROR_USER_DISABLED',
  ACCOUNT_TIMED_OUT: 'RS_ERROR_USER_DISABLED',
  ACCOUNT_SELF_EXCLUDED: 'RS_ERROR_USER_DISABLED',
  IDEMPOTENCY_CONFLICT: 'RS_ERROR_DUPLICATE_TRANSACTION',
  GAME_ROUND_CLOSED: 'RS_ERROR_ROUND_CLOSED',
};

export function providerStatusOf(
  code: ErrorCode,
  value: Record<string, unknown> | undefined,
): ProviderStatus {
  const reason = value?.reason;
  if (typeof reason === 'string' && Object.hasOwn(BY_REASON, reason))
    return BY_REASON[reason] as ProviderStatus;
  return BY_CODE[code] ?? 'RS_ERROR_UNKNOWN';
}
