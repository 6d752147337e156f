export type PinError = 'required' | 'format' | 'mismatch';

/** A payment password is exactly 6 digits. */
export const PIN_LENGTH = 6;
const PIN_PATTERN = /^\d{6}$/;

/** A new payment password (and its confirmation when given). */
export function checkPin(pin: string): PinError | null {
  if (pin === '') return 'required';
  return PIN_PATTERN.test(pin) ? null : 'format';
}

export function checkConfirmation(pin: string, confirmation: string): PinError | null {
  if (confirmation === '') return 'required';
  return confirmation === pin ? null : 'mismatch';
}
