import { addBankAccountRequest, paymentPasswordSchema } from '@kl/contracts/withdrawal';
import { z } from 'zod';
import { checkWithdrawAmount, NOTHING_NEEDED, type NeededAbove } from './amount.ts';

/*
 * The checks of the withdrawal forms before anything is sent (product.md §2 /m/withdraw, §7 security), as
 * zod schemas for react-hook-form. Messages are keys of the app's texts, shown in the current language by
 * the fields (docs/conventions.md "Text and accessibility").
 */

/** A new payment password: required, then the 6 digits of contracts paymentPasswordSchema. */
const newPin = z
  .string()
  .min(1, 'withdraw.pinErrors.required')
  .refine((pin) => paymentPasswordSchema.safeParse(pin).success, 'withdraw.pinErrors.format');

/** The same payment password again: required, then equal to `pin` (an issue at `path`). */
function confirmation(pin: string, again: string, path: string, context: z.RefinementCtx) {
  if (again !== '' && again !== pin) {
    context.addIssue({ code: 'custom', path: [path], message: 'withdraw.pinErrors.mismatch' });
  }
}
const pinAgain = z.string().min(1, 'withdraw.pinErrors.required');

export const setPaymentPasswordForm = z
  .object({ password: newPin, confirmPassword: pinAgain })
  .superRefine((values, context) =>
    confirmation(values.password, values.confirmPassword, 'confirmPassword', context),
  );
export type SetPaymentPasswordValues = z.input<typeof setPaymentPasswordForm>;

export const changePaymentPasswordForm = z
  .object({
    oldPassword: z.string().min(1, 'withdraw.pinErrors.required'),
    newPassword: newPin,
    confirmNewPassword: pinAgain,
  })
  .superRefine((values, context) => {
    if (
      paymentPasswordSchema.safeParse(values.newPassword).success &&
      values.newPassword === values.oldPassword
    ) {
      context.addIssue({ code: 'custom', path: ['newPassword'], message: 'withdraw.pinErrors.same' });
    }
    confirmation(values.newPassword, values.confirmNewPassword, 'confirmNewPassword', context);
  });
export type ChangePaymentPasswordValues = z.input<typeof changePaymentPasswordForm>;

/**
 * The withdrawal request: the amount within the limits, the balance, its withdrawable part, the day's
 * count and what needs a verification the member lacks (lib/amount.ts; the form gets it in minor units),
 * and the payment password.
 */
export function withdrawForm(
  info: Parameters<typeof checkWithdrawAmount>[1],
  { twoFactor = false, needed = NOTHING_NEEDED }: { twoFactor?: boolean; needed?: NeededAbove } = {},
) {
  return z.object({
    amount: z.string().transform((text, context) => {
      const check = checkWithdrawAmount(text, info, needed);
      if (check.ok) return check.amount;
      context.addIssue({ code: 'custom', message: `withdraw.amountErrors.${check.error}` });
      return z.NEVER;
    }),
    paymentPassword: newPin,
    // The authenticator app's 6 digits, when the member's two-step verification is on.
    twoFactorCode: twoFactor
      ? z
          .string()
          .trim()
          .regex(/^\d{6}$/, 'WRONG_TWO_FACTOR_CODE')
      : z.string().optional(),
  });
}
export type WithdrawValues = z.input<ReturnType<typeof withdrawForm>>;

const { bankCode, accountNumber } = addBankAccountRequest.shape;

/** A bank account to bind, with the rules of contracts addBankAccountRequest (spaces in the number ignored). */
export const bankAccountForm = z.object({
  bankCode: z
    .string()
    .refine((code) => bankCode.safeParse(code).success, 'withdraw.accounts.errors.bankRequired'),
  accountNumber: z
    .string()
    .transform((number) => number.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'withdraw.accounts.errors.numberRequired')
        .refine((number) => accountNumber.safeParse(number).success, 'withdraw.accounts.errors.numberFormat'),
    ),
  accountName: z.string().trim().min(1, 'withdraw.accounts.errors.nameRequired'),
});
export type BankAccountValues = z.input<typeof bankAccountForm>;
