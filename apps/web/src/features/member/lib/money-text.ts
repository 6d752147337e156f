import { formatMoney } from '@kl/contracts/money';

/** An amount with its sign: `+1.000 ₫`, `−1.000 ₫` (a true minus sign), `0 ₫`. */
export function signedMoney(minorUnits: number, currency: string, locale: string): string {
  const text = formatMoney(Math.abs(minorUnits), currency, locale);
  if (minorUnits > 0) return `+${text}`;
  if (minorUnits < 0) return `\u2212${text}`;
  return text;
}
