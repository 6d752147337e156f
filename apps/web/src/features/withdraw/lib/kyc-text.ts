import { isErrorCode } from '@kl/contracts/errors';
import { KYC_MIN_AGE } from '@kl/contracts/kyc';
import { i18n } from '../../../shared/lib/i18n.ts';
import { KYC_PICTURE_MAX_MB } from './kyc-form.ts';

/**
 * The text of a message of the identity form in the current language: a catalogue code (namespace `errors`)
 * or a key of the `kyc` texts, with the picture size and the age filled in.
 */
export function kycText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (isErrorCode(message)) return i18n.t(message, { ns: 'errors' });
  return i18n.t(message as 'kyc.errors.pictureTooLarge', { size: KYC_PICTURE_MAX_MB, age: KYC_MIN_AGE });
}
