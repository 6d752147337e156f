import { formatWholeUnits } from '@kl/contracts/money';

/**
 * The balance as product.md §4 shows it: masked with asterisks and 2 decimals (`****.**`) while it is being
 * refreshed or the member hid it; otherwise the amount with 0 decimals, in the currency's own way.
 */
export const MASKED_BALANCE = '****.**';

export interface BalanceAmount {
  /** Integer minor units. */
  amount: number;
  /** Digits after the decimal point of the currency (the wallet answers it). */
  decimals: number;
  currency: string;
}

/** The text of the balance: masked, or whole units of the currency (0 decimals, rounded down). */
export function balanceText(balance: BalanceAmount | undefined, masked: boolean, locale: string): string {
  if (masked || !balance) return MASKED_BALANCE;
  const whole = Math.floor(balance.amount / 10 ** balance.decimals);
  return formatWholeUnits(whole, balance.currency, locale);
}
