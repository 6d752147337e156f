import type { KycPicture, KycPictureRef, KycState, MemberKycState } from '@kl/contracts/kyc';
import { toPayeeName } from '@kl/contracts/verifier';
import { checkAdultBirthDate } from '../../platform/age.ts';
import { DomainError } from '../../platform/errors.ts';

/**
 * The rules of an identity document (docs/decisions/057-know-your-customer.md), checked when the member
 * sends it and again at each operator's approval: the member is at least KYC_MIN_AGE years old on the
 * birth date, counted in Vietnam time, and the name is the member's registered payee name as banks write
 * it (toPayeeName). Also how a submission is shown: its state as the member reads it, its masked number and
 * the addresses of its pictures.
 */

/**
 * A birth date after today in Vietnam time is no birth date (400 INVALID_INPUT, field birthDate); one of
 * someone under KYC_MIN_AGE is refused (400 KYC_UNDER_AGE).
 */
export const checkBirthDate = (birthDate: string, now: Date): void =>
  checkAdultBirthDate(birthDate, now, 'birthDate');

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
