import { verifyField } from '@kl/contracts/verifier';
import { DomainError } from '../../platform/errors.ts';

export interface MobileNumber {
  countryDialingCode: string;
  /** National number: digits only, leading zeros dropped. */
  mobileNum: string;
  /** `<countryDialingCode><mobileNum>`, e.g. +84912345678 (the outbox `to`). */
  e164: string;
}

/**
 * Checks and normalises a mobile number (product.md §5 mobileNum, or loginMobileNum on login): the dialing code
 * must be one the merchant offers; spaces, dots and dashes are ignored, leading zeros dropped.
 * A bad number is MOBILE_FORMAT with value { field }.
 */
export function normaliseMobile(
  raw: string | undefined,
  dialingCode: string | undefined,
  merchant: { defaultCountryDialingCode: string; countryDialingCodes: readonly string[] },
  options: { field?: string; verifierField?: 'mobileNum' | 'loginMobileNum' } = {},
): MobileNumber {
  const field = options.field ?? 'mobileNum';
  const countryDialingCode = (dialingCode ?? '').trim() || merchant.defaultCountryDialingCode;
  if (!merchant.countryDialingCodes.includes(countryDialingCode)) {
    throw new DomainError('MOBILE_FORMAT', { field: 'countryDialingCode' });
  }
  const compact = (raw ?? '').replace(/[\s.()-]/g, '');
  const checked = verifyField(options.verifierField ?? 'mobileNum', compact);
  const mobileNum = checked.ok ? (checked.value ?? '').replace(/^0+/, '') : '';
  if (mobileNum.length < 7) throw new DomainError('MOBILE_FORMAT', { field });
  return { countryDialingCode, mobileNum, e164: `${countryDialingCode}${mobileNum}` };
}
