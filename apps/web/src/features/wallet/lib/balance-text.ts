/**
 * The balance as product.md §4 shows it: masked with asterisks and 2 decimals (`****.**`) while it is being
 * refreshed or the member hid it; otherwise the amount with 0 decimals, in the currency's own way.
 */
export const MASKED_BALANCE = '****.**';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

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
  return formatterOf(locale, balance.currency).format(whole);
}
