import type { ErrorCode } from '@kl/contracts/errors';
import { PRAGMATIC_ERROR, type PragmaticError } from '@kl/contracts/provider-pragmatic';
import type { ProviderStatus } from '@kl/contracts/provider-wallet';
import { providerStatusOf } from '../statuses.ts';

/**
 * Pragmatic's error code of a refusal (docs/decisions/068-pragmatic-adapter.md): the site's provider status
 * (`../statuses.ts`) given Pragmatic's code. What the site refuses for good and Pragmatic has no code for
 * (an id spent, a round ended or never opened) is 120: Pragmatic neither sends it again nor refunds a stake
 * refused so, and an operator settles it (docs/decisions/025-provider-wallet.md).
 */
const BY_STATUS: Record<ProviderStatus, PragmaticError> = {
  RS_OK: PRAGMATIC_ERROR.success,
  RS_ERROR_NOT_ENOUGH_MONEY: PRAGMATIC_ERROR.insufficientBalance,
  RS_ERROR_INVALID_TOKEN: PRAGMATIC_ERROR.authenticationFailed,
  RS_ERROR_TOKEN_EXPIRED: PRAGMATIC_ERROR.authenticationFailed,
  RS_ERROR_INVALID_SIGNATURE: PRAGMATIC_ERROR.invalidHash,
  RS_ERROR_USER_DISABLED: PRAGMATIC_ERROR.playerFrozen,
  RS_ERROR_WRONG_SYNTAX: PRAGMATIC_ERROR.badParameters,
  RS_ERROR_WRONG_CURRENCY: PRAGMATIC_ERROR.badParameters,
  // The provider switched off: Pragmatic sends its wins and refunds again until it is switched on.
  RS_ERROR_INVALID_PARTNER: PRAGMATIC_ERROR.retry,
  RS_ERROR_DUPLICATE_TRANSACTION: PRAGMATIC_ERROR.noRetry,
  RS_ERROR_TRANSACTION_ROLLED_BACK: PRAGMATIC_ERROR.noRetry,
  RS_ERROR_TRANSACTION_DOES_NOT_EXIST: PRAGMATIC_ERROR.noRetry,
  RS_ERROR_ROUND_NOT_FOUND: PRAGMATIC_ERROR.noRetry,
  RS_ERROR_ROUND_CLOSED: PRAGMATIC_ERROR.noRetry,
  RS_ERROR_UNKNOWN: PRAGMATIC_ERROR.noRetry,
};

/** Refusals Pragmatic has a code of its own for. */
const BY_CODE: Partial<Record<ErrorCode, PragmaticError>> = {
  // A member under a time-out or a self-exclusion may not stake now: not frozen, refused the stake.
  ACCOUNT_TIMED_OUT: PRAGMATIC_ERROR.betNotAllowed,
  ACCOUNT_SELF_EXCLUDED: PRAGMATIC_ERROR.betNotAllowed,
  // The wallet's deadline passed and nothing was written (docs/decisions/070-provider-replay-window.md): sent again.
  GAME_PROVIDER_UNAVAILABLE: PRAGMATIC_ERROR.retry,
};

export function pragmaticErrorOf(
  code: ErrorCode,
  value: Record<string, unknown> | undefined,
): PragmaticError {
  // A player who never opened a game at the provider: not found, as Pragmatic words it.
  if (value?.reason === 'NO_SESSION') return PRAGMATIC_ERROR.playerNotFound;
  return BY_CODE[code] ?? BY_STATUS[providerStatusOf(code, value)];
}
