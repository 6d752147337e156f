import { ACTUAL_ACCOUNT_REQUIRED } from '@kl/contracts/deposit';
import type { TFunction } from 'i18next';
import { ApiError, messageFor } from '../../../shared/lib/api-client.ts';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';

/** The server refused because the account is not a real one (product.md §4 'actual account required'). */
export const isActualAccountRefusal = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.code === 'FEATURE_NOT_ENABLED' &&
  error.value?.reason === ACTUAL_ACCOUNT_REQUIRED;

/** Payment password refusals: they belong next to the payment password field. */
export const isPaymentPasswordRefusal = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.code === 'WRONG_PAYMENT_PASSWORD' || error.code === 'PAYMENT_PASSWORD_LOCKED');

/**
 * The localised text of a refusal, with what the server added: tries left after a wrong payment
 * password, the time the lock ends, what can be withdrawn now and what is still to play.
 */
export function refusalText(
  error: unknown,
  t: TFunction,
  money?: { currency: string; language: string },
): string {
  const message = messageFor(error);
  if (!(error instanceof ApiError)) return message;
  if (error.code === 'WRONG_PAYMENT_PASSWORD' && typeof error.value?.attemptsLeft === 'number') {
    return `${message}. ${t('withdraw.attemptsLeft', { count: error.value.attemptsLeft })}`;
  }
  if (error.code === 'PAYMENT_PASSWORD_LOCKED' && typeof error.value?.lockedUntil === 'string') {
    return `${message}. ${t('withdraw.lockedUntil', { time: formatSiteDateTime(error.value.lockedUntil) ?? '' })}`;
  }
  if (
    error.code === 'TURNOVER_NOT_MET' &&
    money &&
    typeof error.value?.withdrawable === 'number' &&
    typeof error.value.remainingTurnover === 'number'
  ) {
    const format = (amount: number) => formatMoney(amount, money.currency, money.language);
    return `${message}. ${t('withdraw.turnoverRefused', {
      withdrawable: format(error.value.withdrawable),
      remaining: format(error.value.remainingTurnover),
    })}`;
  }
  return message;
}
