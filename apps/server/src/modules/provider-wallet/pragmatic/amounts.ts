import { DomainError } from '../../../platform/errors.ts';

/**
 * Amounts between Pragmatic and the site (docs/decisions/068-pragmatic-adapter.md). Pragmatic writes
 * decimals in the currency's unit ("100.0"); the site counts in integer minor units
 * (docs/decisions/015-ledger.md), for VND whole đồng. An amount that is not a whole number of the site's
 * units is refused, never rounded: a stake or a win the ledger cannot hold exactly is not taken.
 */

/** Digits of the site's minor unit after the currency unit, per currency the site keeps. */
const MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = { VND: 0 };

const digitsOf = (currency: string): number | undefined =>
  Object.hasOwn(MINOR_UNIT_DIGITS, currency) ? MINOR_UNIT_DIGITS[currency] : undefined;

/**
 * A Pragmatic amount (a decimal the request's schema already checked: digits, and a fraction after a
 * point) in the site's minor units. Refused: a currency the site does not keep (the wallet's currency
 * mismatch), an amount with more fraction than the minor unit, or past what a number holds exactly.
 */
export function siteAmount(amount: string, currency: string): number {
  const digits = digitsOf(currency);
  if (digits === undefined) throw new DomainError('INVALID_INPUT', { reason: 'CURRENCY_MISMATCH', currency });
  const [whole = '', fraction = ''] = amount.split('.');
  if (/[^0]/.test(fraction.slice(digits)))
    throw new DomainError('INVALID_INPUT', { reason: 'AMOUNT_NOT_WHOLE', field: 'amount' });
  const minor = Number(`${whole}${fraction.slice(0, digits).padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(minor))
    throw new DomainError('INVALID_INPUT', { reason: 'AMOUNT_OUT_OF_RANGE', field: 'amount' });
  return minor;
}

/** A site amount (minor units of `currency`) in the currency's unit, as Pragmatic reads it. */
export function pragmaticAmount(amount: number, currency: string): number {
  const digits = digitsOf(currency);
  if (digits === undefined) throw new Error(`no Pragmatic unit for the site's currency ${currency}`);
  return amount / 10 ** digits;
}
