import { HUB88_UNITS_PER_CURRENCY_UNIT } from '@kl/contracts/provider-hub88';
import { DomainError } from '../../../platform/errors.ts';

/**
 * Amounts between Hub88 and the site (docs/decisions/066-hub88-adapter.md). Hub88 counts in 1/100,000 of the
 * currency unit (Int64); the site counts in integer minor units (docs/decisions/015-ledger.md), for VND
 * whole đồng. A Hub88 amount that is not a whole number of the site's units is refused, never rounded: a
 * stake or a win the ledger cannot hold exactly is not taken.
 */

/** Digits of the site's minor unit after the currency unit, per currency the site keeps. */
const MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = { VND: 0 };

/** Hub88's units in one minor unit of `currency`; undefined for a currency the site does not keep. */
function unitsPerMinor(currency: string): bigint | undefined {
  const digits = Object.hasOwn(MINOR_UNIT_DIGITS, currency) ? MINOR_UNIT_DIGITS[currency] : undefined;
  return digits === undefined ? undefined : BigInt(HUB88_UNITS_PER_CURRENCY_UNIT / 10 ** digits);
}

/**
 * A Hub88 amount in the site's minor units. Refused: a currency the site does not keep (the wallet's
 * currency mismatch), an amount past what a JSON number holds exactly, or one that is not whole.
 */
export function siteAmount(amount: number, currency: string): number {
  const per = unitsPerMinor(currency);
  if (per === undefined) throw new DomainError('INVALID_INPUT', { reason: 'CURRENCY_MISMATCH', currency });
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new DomainError('INVALID_INPUT', { reason: 'AMOUNT_OUT_OF_RANGE', field: 'amount' });
  const units = BigInt(amount);
  if (units % per !== 0n)
    throw new DomainError('INVALID_INPUT', { reason: 'AMOUNT_NOT_WHOLE', field: 'amount' });
  return Number(units / per);
}

/** A site amount (minor units of `currency`) in Hub88's units: exact, as a bigint. */
export function hub88Amount(amount: number | bigint, currency: string): bigint {
  const per = unitsPerMinor(currency);
  if (per === undefined) throw new Error(`no Hub88 unit for the site's currency ${currency}`);
  return BigInt(amount) * per;
}
