import type { DepositChannel } from '@kl/contracts/deposit';
import { z } from 'zod';
import { checkAmount } from './amount.ts';

/**
 * The deposit form's check before an order is made (product.md §2 /m/voucherCenter): the amount within the
 * chosen channel's minimum and maximum (lib/amount.ts), given to the form in minor units. Messages are
 * keys of the app's texts, shown with the channel's limits by the amount field.
 */
export function depositForm(channel: Pick<DepositChannel, 'minAmount' | 'maxAmount'>) {
  return z.object({
    amount: z.string().transform((text, context) => {
      const check = checkAmount(text, channel);
      if (check.ok) return check.amount;
      context.addIssue({ code: 'custom', message: `deposit.amountErrors.${check.error}` });
      return z.NEVER;
    }),
  });
}
