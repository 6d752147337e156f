const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount held in integer minor units, shown in the currency's own way for the language
 * (VND has no minor unit: 1 234 567 đồng is `1.234.567 ₫` in Vietnamese). The number of minor
 * digits comes from the currency itself, so an amount is never shown with made-up decimals.
 */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const formatter = formatterOf(locale, currency);
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 0;
  return formatter.format(minorUnits / 10 ** digits);
}
