import { ACTUAL_ACCOUNT_REQUIRED } from '@kl/contracts/deposit';
import { ApiError } from '../../../shared/lib/api-client.ts';

/** The server refused because the account is not a real one (SPEC §4 'actual account required'). */
export const isActualAccountRefusal = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.code === 'FEATURE_NOT_ENABLED' &&
  error.value?.reason === ACTUAL_ACCOUNT_REQUIRED;
