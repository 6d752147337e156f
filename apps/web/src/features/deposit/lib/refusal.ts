import { ACTUAL_ACCOUNT_REQUIRED } from '@kl/contracts/deposit';
import { ApiError, messageFor } from '../../../shared/lib/api-client.ts';
import { i18n } from '../../../shared/lib/i18n.ts';
import { formatMoney } from '@kl/contracts/money';

/** The server refused because the account is not a real one (product.md §4 'actual account required'). */
export const isActualAccountRefusal = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.code === 'FEATURE_NOT_ENABLED' &&
  error.value?.reason === ACTUAL_ACCOUNT_REQUIRED;

const PERIODS = ['daily', 'weekly', 'monthly'] as const;

/**
 * A refused deposit in words: over a deposit limit the member set (DEPOSIT_LIMIT_EXCEEDED), with the limit
 * and what is left of it; otherwise the catalogue message.
 */
export function depositRefusalText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'DEPOSIT_LIMIT_EXCEEDED' && error.value) {
    const { period, limit, remaining, currency } = error.value;
    const known = PERIODS.find((item) => item === period);
    if (known && typeof limit === 'number' && typeof remaining === 'number' && typeof currency === 'string') {
      const money = (amount: number) => formatMoney(amount, currency, i18n.language);
      return i18n.t('deposit.limitExceeded', {
        period: i18n.t(`deposit.limitPeriods.${known}`),
        limit: money(limit),
        remaining: money(remaining),
      });
    }
  }
  return messageFor(error);
}
