const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The currency's formatter for the language, made once and kept: with the currency's own minor digits,
 * or with none (`wholeUnits`, the balance of product.md §4).
 */
export function currencyFormatter(locale: string, currency: string, wholeUnits = false): Intl.NumberFormat {
  const key = `${locale}|${currency}|${wholeUnits ? 'whole' : 'minor'}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      locale,
      wholeUnits
        ? { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 }
        : { style: 'currency', currency },
    );
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
  const formatter = currencyFormatter(locale, currency);
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 0;
  return formatter.format(minorUnits / 10 ** digits);
}
