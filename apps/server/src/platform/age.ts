import { KYC_MIN_AGE } from '@kl/contracts/kyc';
import { HOUR_MS } from './clock.ts';
import { DomainError } from './errors.ts';

/**
 * A member's age, counted on the day of Vietnam (UTC+7, no summer time) whatever the server's zone: an
 * identity document's birth date (docs/decisions/057-know-your-customer.md) and the profile's birthday
 * (docs/decisions/058-member-profile.md) follow one rule.
 */

const VIETNAM_UTC_OFFSET_MS = 7 * HOUR_MS;

/** Today's date in Vietnam time, `2030-03-01`. */
export const vietnamDate = (now: Date): string =>
  new Date(now.getTime() + VIETNAM_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** Whole years from `birthDate` (`1990-05-17`) to today in Vietnam time (a birthday counts from its day). */
export function yearsOld(birthDate: string, now: Date): number {
  const today = vietnamDate(now);
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/**
 * Refuses a birth date after today in Vietnam time (400 INVALID_INPUT, reason IN_FUTURE) or of someone
 * younger than KYC_MIN_AGE (400 KYC_UNDER_AGE), naming `field`.
 */
export function checkAdultBirthDate(birthDate: string, now: Date, field: string): void {
  if (birthDate > vietnamDate(now)) {
    throw new DomainError('INVALID_INPUT', { field, reason: 'IN_FUTURE' });
  }
  if (yearsOld(birthDate, now) < KYC_MIN_AGE) {
    throw new DomainError('KYC_UNDER_AGE', { field, minAge: KYC_MIN_AGE });
  }
}
