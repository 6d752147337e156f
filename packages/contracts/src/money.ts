/**
 * Money and counts as the site and the back office show them (docs/product.md §4): amounts are held in
 * integer minor units and shown in the currency's own way for the language, with its own minor digits
 * (VND has none: 1,234,567 đồng is `1.234.567 ₫` in Vietnamese and `₫1,234,567` in English), never with
 * made-up decimals. Formatters are made once per language and currency, and kept.
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** The currency's formatter for the language: with the currency's minor digits, or none (`wholeUnits`). */
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

/** How many minor digits the currency has (VND none): what an amount typed in whole units is multiplied by. */
export function minorDigits(currency: string): number {
  return currencyFormatter('en', currency).resolvedOptions().maximumFractionDigits ?? 0;
}

/** An amount in integer minor units, in the currency's way for the language; negative amounts keep their sign. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  return currencyFormatter(locale, currency).format(minorUnits / 10 ** minorDigits(currency));
}

/** A count with the language's thousands separators. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
