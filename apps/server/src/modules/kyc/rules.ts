import {
  KYC_MIN_AGE,
  type KycPicture,
  type KycPictureRef,
  type KycState,
  type MemberKycState,
} from '@kl/contracts/kyc';
import { toPayeeName } from '@kl/contracts/verifier';
import { HOUR_MS } from '../../platform/clock.ts';
import { DomainError } from '../../platform/errors.ts';

/**
 * The rules of an identity document (docs/decisions/057-know-your-customer.md), checked when the member
 * sends it and again at each operator's approval: the member is at least KYC_MIN_AGE years old on the
 * birth date, counted in Vietnam time, and the name is the member's registered payee name as banks write
 * it (toPayeeName). Also how a submission is shown: its state as the member reads it, its masked number and
 * the addresses of its pictures.
 */

/** Vietnam time (UTC+7): the day on which a member's age is counted. */
const VIETNAM_UTC_OFFSET_MS = 7 * HOUR_MS;

/** Today's date in Vietnam time, `2030-03-01`. */
const vietnamDate = (now: Date): string =>
  new Date(now.getTime() + VIETNAM_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** Whole years from `birthDate` (`1990-05-17`) to today in Vietnam time (a birthday counts from its day). */
export function yearsOld(birthDate: string, now: Date): number {
  const today = vietnamDate(now);
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** A birth date after today in Vietnam time is no birth date: 400 INVALID_INPUT (field birthDate). */
export function checkBirthDate(birthDate: string, now: Date): void {
  if (birthDate > vietnamDate(now)) {
    throw new DomainError('INVALID_INPUT', { field: 'birthDate', reason: 'IN_FUTURE' });
  }
  if (yearsOld(birthDate, now) < KYC_MIN_AGE) {
    throw new DomainError('KYC_UNDER_AGE', { field: 'birthDate', minAge: KYC_MIN_AGE });
  }
}

/** The payee name a member registered, or null when none (an empty one counts as none). */
export const registeredPayeeName = (payeeName: string | null): string | null =>
  payeeName === null || toPayeeName(payeeName) === '' ? null : toPayeeName(payeeName);

/** Whether the document's name is the payee name, in the banks' form; any name does when none is registered. */
export const nameMatches = (fullName: string, payeeName: string | null): boolean => {
  const registered = registeredPayeeName(payeeName);
  return registered === null || toPayeeName(fullName) === registered;
};

/** Refuses a document whose name is not the registered payee name: 400 KYC_NAME_MISMATCH (field fullName). */
export function checkName(fullName: string, payeeName: string | null): void {
  if (!nameMatches(fullName, payeeName)) throw new DomainError('KYC_NAME_MISMATCH', { field: 'fullName' });
}

/** Whether a submission waits for operators (at most one a member). */
export const isWaiting = (state: KycState): boolean =>
  state === 'submitted' || state === 'approval_requested';

/** The state the member reads: one waiting for its second approval is still `submitted` to them. */
export const memberStateOf = (state: KycState | undefined): MemberKycState =>
  state === undefined ? 'none' : state === 'approval_requested' ? 'submitted' : state;

/** The document number with all but its last 4 characters hidden. */
export const maskDocumentNumber = (documentNumber: string): string =>
  '•'.repeat(Math.max(0, documentNumber.length - 4)) + documentNumber.slice(-4);

/** The pictures of a submission at the addresses of a call's `path` (the member's or the back office's). */
export function pictureRefsOf(
  path: string,
  submissionId: string,
  pictures: readonly KycPicture[],
): KycPictureRef[] {
  return pictures.map((picture) => ({
    picture,
    url: path.replace(':submissionId', submissionId).replace(':picture', picture),
  }));
}
